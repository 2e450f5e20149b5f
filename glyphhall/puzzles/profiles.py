"""What the generator looks for in each game: the goal reached this turn, how deep the solver's own
line may go, the theme and the explanation players read, and the bots that play the games."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from glyphhall.engine import State

from .finding import Goal, candle_out


def _quoted(moves: tuple[str, ...]) -> str:
    return " or ".join(f"'{m}'" for m in moves)


def line_words(line: tuple[tuple[str, ...], ...]) -> str:
    """The line as players read it: 'play 2 3', then 'bell'."""
    return ", then ".join(_quoted(step) for step in line)


@dataclass(frozen=True)
class Profile:
    game_id: str
    players: int
    goal: Goal
    depth: int  # the solver's consecutive decisions searched at most
    budget: int  # nodes searched per position at most
    theme_of: Callable[[State, State, int], str]  # (position, position after the line, seat) -> theme
    explain: Callable[[str, tuple[tuple[str, ...], ...]], str]  # (theme, line) -> player text
    options: Mapping[str, Any] = field(default_factory=dict)
    bots: tuple[str, str] = ("heuristic", "heuristic")
    samples: int = 6  # determinizations of the first check (the second uses three times as many)


def _inscription_theme(before: State, after: State, seat: int) -> str:
    return "wins-this-turn" if after.is_over() else "candle-out"


def _inscription_words(theme: str, line: tuple[tuple[str, ...], ...]) -> str:
    result = ("wins the game this turn" if theme == "wins-this-turn"
              else "tips the scale to five this turn and puts out one of your opponent's candles")
    return (f"{line_words(line).capitalize()} {result}, whatever your opponent holds and whatever "
            f"comes out of the decks: the quickest way. Any other first move needs more moves or "
            f"does not do it at all this turn.")


PROFILES: dict[str, Profile] = {
    "inscription": Profile("inscription", 2, candle_out, depth=3, budget=6000,
                           theme_of=_inscription_theme, explain=_inscription_words),
}
