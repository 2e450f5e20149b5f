"""Puzzles for the tests of playing them (server, browser, terminal), independent of the generated
ones a game ships: real positions whose "best" line is simply declared here (these tests check
the playing, not the puzzles). `TOML` is the text of a `puzzles.toml` for the terminal's --file;
`by_game()` the parsed puzzles; `patched()` serves them in place of the shipped ones."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from glyphhall import games
from glyphhall.puzzles import Puzzle, parse_puzzles


def _first_moves(game_id: str, players: int, seed: int, count: int) -> list[str]:
    """The first legal move of the first seat to move, `count` times."""
    state = games.get(game_id).new(players, seed, {})
    moves = []
    for _ in range(count):
        seat = state.to_move()[0]
        moves.append(str(state.legal_actions(seat)[0]))
        state.apply_text(seat, moves[-1])
    return moves


#: Inscription after the draft (40 picks): the first seat holds a hand; the other's deck is hidden.
DRAFT = _first_moves("inscription", 2, 1, 40)
#: Glyphs' first glyph built (the computer mage keeps its decree secret).
BUILD = _first_moves("glyphs", 1, 1, 1)[0]

RIGHT, WRONG, OTHER_RIGHT = "play 4 1", "bell", "play 4 2"
EXPLAINED = "The Squirrel pays the Sparrow's blood this turn."


def _toml() -> str:
    moves = ", ".join(f'"{m}"' for m in DRAFT)
    return f'''
[[puzzle]]
id = "inscription-9001"
theme = "wins-this-turn"
seat = 0
players = 2
seed = 1
moves = [{moves}]
line = [["{RIGHT}"]]
rating = 1500
deviation = 200
explanation = "{EXPLAINED}"

[[puzzle]]
id = "inscription-9002"
theme = "finishing-blow"
seat = 0
players = 2
seed = 1
moves = [{moves}]
line = [["{OTHER_RIGHT}"]]
rating = 1900
deviation = 200
explanation = "Another squirrel, another space."

[[puzzle]]
id = "inscription-9003"
theme = "wins-this-turn"
seat = 0
players = 2
seed = 1
moves = [{moves}]
line = [["play 4 3"]]
rating = 1100
deviation = 200
explanation = "The third space."

[[puzzle]]
id = "glyphs-9001"
theme = "certain-decree"
seat = 0
players = 1
seed = 1
moves = []
line = [["{BUILD}"], ["predict approved"]]
explanation = "Build the glyph, then say the mage approves it."
'''


TOML = _toml()


@contextlib.contextmanager
def patched() -> Iterator[dict[str, tuple[Puzzle, ...]]]:
    """Serve the sample puzzles (and only those) in place of the games' shipped ones."""
    found = by_game()
    with pytest.MonkeyPatch.context() as mp:
        import glyphhall.server.lobby.puzzles as routes

        def load(game_id: str) -> tuple[Puzzle, ...]:
            games.get(game_id)
            return found.get(game_id, ())

        def by_id(puzzle_id: str) -> Puzzle:
            for p in (q for group in found.values() for q in group):
                if p.id == puzzle_id:
                    return p
            raise KeyError(puzzle_id)

        def daily(game_id: str, day) -> Puzzle:
            return found[game_id][0]

        mp.setattr(routes, "load_puzzles", load)
        mp.setattr(routes, "puzzle_by_id", by_id)
        mp.setattr(routes, "puzzle_of_the_day", daily)
        yield found


def toml_of(game_id: str) -> str:
    """The sample puzzles of one game as the text of its own puzzles.toml."""
    chunks = ["[[puzzle]]" + c for c in TOML.split("[[puzzle]]")[1:]]
    return "".join(c for c in chunks if f'id = "{game_id}-' in c)


def by_game() -> dict[str, tuple[Puzzle, ...]]:
    """The sample puzzles by game."""
    return {g: parse_puzzles(g, toml_of(g)) for g in ("inscription", "glyphs")}
