"""What a puzzle is: a position from a real game (replayed from seed, options and moves), the
solver's seat, and the line of the solver's own decisions that is clearly best."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from glyphhall.engine import LoadError, State

#: Theme key -> the name players read. Every puzzle's theme is one of these.
THEMES: Mapping[str, str] = {
    "wins-this-turn": "Win this turn",
    "candle-out": "Put out a candle",
    "winning-capture": "The winning capture",
    "finishing-blow": "The finishing blow",
    "last-figure": "Destroy the last figure",
    "certain-decree": "Name the decree",
}

#: The rating and deviation a puzzle starts from when its record gives none (Glicko-2's own).
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0


@dataclass(frozen=True)
class Puzzle:
    id: str  # stable, e.g. "inscription-0007"; never reused
    game_id: str
    theme: str  # a key of THEMES
    seat: int  # the solver's seat: the seat to move in the puzzle's position
    players: int
    options: Mapping[str, Any]
    seed: int  # the deal: the game is replayed from seed + options + moves
    moves: tuple[str, ...]  # the game so far in the game's notation, each by the first seat to move
    line: tuple[tuple[str, ...], ...]  # the solver's decisions in order; each step's accepted moves
    rating: float
    deviation: float
    explanation: str  # player text: why the line is best
    generated: Mapping[str, Any]  # how it was found (budget, determinizations, margin, examined...)


@dataclass(frozen=True)
class Attempt:
    """The answer to one move tried: right or not, solved, the state now and a sentence."""

    correct: bool
    solved: bool
    state: State
    message: str


class PuzzleNotFound(LoadError, KeyError):
    """No puzzle has this id (a LoadError that can also be caught as a KeyError)."""

    def __str__(self) -> str:  # KeyError would quote the sentence
        return str(self.args[0]) if self.args else ""
