"""What the generator looks for in each game: the goal reached this turn, how deep the solver's own
line may go, the theme and the explanation players read, and the bots that play the games."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from glyphhall.engine import State
from glyphhall.games.glyfts.state import ATTACK as GLYFTS_ATTACK
from glyphhall.games.glyphs import belief as glyphs_belief

from .finding import Goal, candle_out, scores_or_wins, wins_game


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
    explain: Callable[[str, tuple[tuple[str, ...], ...], float, float], str]  # (theme, line, chance,
    # the best other first move's chance) -> player text
    options: Mapping[str, Any] = field(default_factory=dict)
    bots: tuple[str, str] = ("heuristic", "heuristic")
    samples: int = 6  # determinizations of the first check (the second uses three times as many)
    #: which positions are judged, from the position and the moves so far (Glyfts: the choice of an
    #: attack, as its placements come first and a line through them would be longer than the search
    #: looks; Inscription: the start of a turn's plays, just after the draw, to save time)
    judged: Callable[[State, list[str]], bool] = lambda state, moves: True
    odds: bool = False
    #: the line must reach the goal in the real position too (Glyphs: a guess that is the likeliest
    #: but wrong would end the puzzle on a loss)
    wins_in_play: bool = False  # luck decides (odds.py: the best chance by a margin), else a sure line (checking.py)


def _inscription_theme(before: State, after: State, seat: int) -> str:
    # the last candle out wins, though the game ends only after the loser makes a death card
    candles = getattr(after, "candles", [1] * after.num_players)
    won = after.is_over() or all(candles[i] <= 0 for i in range(after.num_players) if i != seat)
    return "wins-this-turn" if won else "candle-out"


def _percent(share: float) -> str:
    return f"{round(100 * share)}%"


def _odds_words(done: str, line: tuple[tuple[str, ...], ...], chance: float, runner_up: float) -> str:
    if chance >= 1.0:
        return (f"Playing {line_words(line)} {done} this turn in every case tried, however the dice and the "
                f"hidden cards fell. "
                f"No other first move makes sure of it as quickly (the best other: {_percent(runner_up)}).")
    return (f"Playing {line_words(line)} {done} this turn in about {_percent(chance)} of the ways the "
            f"dice and the hidden cards can fall: the best chance. The best other first move manages "
            f"about {_percent(runner_up)} in as few moves.")


def _inscription_words(theme: str, line: tuple[tuple[str, ...], ...], chance: float, runner_up: float) -> str:
    result = ("wins the game this turn" if theme == "wins-this-turn"
              else "tips the scale to five this turn and puts out one of your opponent's candles")
    return (f"Playing {line_words(line)} {result}, whatever your opponent holds and whatever "
            f"comes out of the decks: the quickest way. Any other first move needs more moves or "
            f"does not do it at all this turn.")


def _glyfts_theme(before: State, after: State, seat: int) -> str:
    return "winning-capture" if after.is_over() else "best-attack"


def _glyfts_words(theme: str, line: tuple[tuple[str, ...], ...], chance: float, runner_up: float) -> str:
    done = "captures a Creature and wins the game" if theme == "winning-capture" else "captures a Creature"
    return _odds_words(done, line, chance, runner_up)


def _decrees_left(state: State) -> int:
    """Glyphs: how many decrees (counting those that agree on every glyph as one) agree with every
    mark on the board, among those the mage of this level deals."""
    board = state.boards[0]  # type: ignore[attr-defined]
    return len(glyphs_belief.posterior(board.marks(), state.level_hint()))  # type: ignore[attr-defined]


def _glyphs_judged(state: State, moves: list[str]) -> bool:
    """A guess may be made now, and the marks leave few decrees (else no guess stands out)."""
    seat = state.to_move()[0]
    if not any(str(a).startswith("guess ") for a in state.legal_actions(seat)):
        return False
    return 0 < _decrees_left(state) <= 12


def _glyphs_theme(before: State, after: State, seat: int) -> str:
    return "certain-decree" if _decrees_left(before) == 1 else "likeliest-decree"


def _glyphs_words(theme: str, line: tuple[tuple[str, ...], ...], chance: float, runner_up: float) -> str:
    if theme == "certain-decree":
        return (f"Playing {line_words(line)} names the decree and wins: of every decree the mage could "
                f"hold, only this one agrees with every approved and rejected glyph on the board.")
    return (f"Playing {line_words(line)} names the decree and wins. A few decrees agree with every approved "
            f"and rejected glyph on the board, but this guess is right in about {_percent(chance)} of the ways "
            f"the mage's decree can fit them; the best other guess, about {_percent(runner_up)}.")


def _dice_are_rolled(state: State) -> bool:
    """Tundrus: the champion's dice are rolled (no die to take, nothing to roll): what is left is
    spending them, so every first move is weighed over the same few decisions."""
    seat = state.to_move()[0]
    verbs = {str(a).split()[0] for a in state.legal_actions(seat)}
    return not verbs & {"activate", "take", "roll", "pick"}


def _tundrus_theme(before: State, after: State, seat: int) -> str:
    return "finishing-blow"


def _tundrus_words(theme: str, line: tuple[tuple[str, ...], ...], chance: float, runner_up: float) -> str:
    return _odds_words("defeats the last enemy champion", line, chance, runner_up)


def _heroscape_theme(before: State, after: State, seat: int) -> str:
    return "last-figure"


def _heroscape_words(theme: str, line: tuple[tuple[str, ...], ...], chance: float, runner_up: float) -> str:
    return _odds_words("destroys the last enemy figure and wins", line, chance, runner_up)


PROFILES: dict[str, Profile] = {
    "inscription": Profile("inscription", 2, candle_out, depth=2, budget=3000,
                           theme_of=_inscription_theme, explain=_inscription_words,
                           judged=lambda state, moves: bool(moves) and moves[-1].startswith("draw ")),
    "glyfts": Profile("glyfts", 2, scores_or_wins, depth=3, budget=6000,
                      theme_of=_glyfts_theme, explain=_glyfts_words, samples=8, odds=True,
                      judged=lambda state, moves: getattr(state, "phase", None) == GLYFTS_ATTACK),
    "glyphs": Profile("glyphs", 2, wins_game, depth=2, budget=2000, theme_of=_glyphs_theme,
                      explain=_glyphs_words, samples=8, odds=True, judged=_glyphs_judged, wins_in_play=True),
    # no_progress off: a game ended by that ruling (more Health left wins) is no finishing blow
    "tundrus": Profile("tundrus", 2, wins_game, depth=3, budget=6000, options={"no_progress": 0},
                       theme_of=_tundrus_theme, explain=_tundrus_words, samples=8, odds=True,
                       judged=lambda state, moves: _dice_are_rolled(state)),
    "heroscape": Profile("heroscape", 2, wins_game, depth=2, budget=4000,
                         theme_of=_heroscape_theme, explain=_heroscape_words, samples=8, odds=True),
}
