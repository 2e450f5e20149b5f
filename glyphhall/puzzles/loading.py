"""Reading puzzles: each game's `puzzles.toml`, `[[puzzle]]` tables with the fields of `Puzzle`.
Every error is a LoadError whose sentence names the puzzle and the key."""

from __future__ import annotations

import datetime
import hashlib
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from glyphhall import games
from glyphhall.engine import LoadError

from .model import DEFAULT_DEVIATION, DEFAULT_RATING, THEMES, Puzzle, PuzzleNotFound

#: The keys a `[[puzzle]]` table may hold, and those it must.
KEYS = {"id", "theme", "seat", "players", "options", "seed", "moves", "line", "rating", "deviation",
        "explanation", "generated"}
REQUIRED = {"id", "theme", "seat", "players", "seed", "moves", "line", "explanation"}


def _take(table: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str, default: Any = None) -> Any:
    if key not in table:
        if key in REQUIRED:
            raise LoadError(f"{where} has no '{key}'")
        return default
    value = table[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        names = " or ".join(k.__name__.replace("str", "text").replace("int", "whole number") for k in kinds)
        raise LoadError(f"{where}: '{key}' must be a {names}, not {value!r:.40}")
    return value


def _texts(value: Any, where: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(t, str) and t.strip() for t in value):
        raise LoadError(f"{where}: '{key}' must be a list of moves written as text")
    return tuple(value)


def parse_puzzle(game_id: str, table: Any, index: int) -> Puzzle:
    """One `[[puzzle]]` table of `game_id`'s file (`index` counts from 1, for the messages)."""
    where = f"puzzle {index} of {game_id}"
    if not isinstance(table, Mapping):
        raise LoadError(f"{where} must be a table")
    puzzle_id = _take(table, "id", str, where)
    where = f"puzzle {puzzle_id} ({index} of {game_id})"
    unknown = sorted(set(table) - KEYS)
    if unknown:
        raise LoadError(f"{where}: unknown key '{unknown[0]}'; a puzzle has {', '.join(sorted(KEYS))}")
    if not puzzle_id.startswith(f"{game_id}-"):
        raise LoadError(f"{where}: 'id' must start with '{game_id}-'")
    theme = _take(table, "theme", str, where)
    if theme not in THEMES:
        raise LoadError(f"{where}: 'theme' {theme!r} is not one of {', '.join(THEMES)}")
    players = _take(table, "players", int, where)
    game = games.get(game_id)
    if not game.min_players <= players <= game.max_players:
        raise LoadError(f"{where}: 'players' must be {game.min_players} to {game.max_players}, not {players}")
    seat = _take(table, "seat", int, where)
    if not 0 <= seat < players:
        raise LoadError(f"{where}: 'seat' must be below 'players' ({players}), not {seat}")
    line_value = _take(table, "line", list, where)
    if not line_value:
        raise LoadError(f"{where}: 'line' needs at least one step")
    line = tuple(_texts(step, where, f"line[{n}]") for n, step in enumerate(line_value))
    if any(not step for step in line):
        raise LoadError(f"{where}: every step of 'line' accepts at least one move")
    explanation = _take(table, "explanation", str, where).strip()
    if not explanation:
        raise LoadError(f"{where}: 'explanation' is empty")
    rating = float(_take(table, "rating", (int, float), where, DEFAULT_RATING))
    deviation = float(_take(table, "deviation", (int, float), where, DEFAULT_DEVIATION))
    if not 0 < rating < 4000 or not 0 < deviation <= 500:
        raise LoadError(f"{where}: 'rating' must lie between 0 and 4000 and 'deviation' between 0 and 500")
    return Puzzle(
        id=puzzle_id, game_id=game_id, theme=theme, seat=seat, players=players,
        options=dict(_take(table, "options", dict, where, {})),
        seed=_take(table, "seed", int, where),
        moves=_texts(_take(table, "moves", list, where), where, "moves"),
        line=line, rating=rating, deviation=deviation, explanation=explanation,
        generated=dict(_take(table, "generated", dict, where, {})),
    )


def parse_puzzles(game_id: str, text: str) -> tuple[Puzzle, ...]:
    """The puzzles of a `puzzles.toml` text of `game_id`. Raises LoadError naming puzzle and key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LoadError(f"the puzzles of {game_id} are not valid TOML: {err}") from None
    extra = sorted(set(data) - {"puzzle"})
    if extra:
        raise LoadError(f"the puzzles of {game_id} have an unknown key '{extra[0]}'; only [[puzzle]] tables")
    tables = data.get("puzzle", [])
    if not isinstance(tables, list):
        raise LoadError(f"the puzzles of {game_id} must be [[puzzle]] tables")
    found = tuple(parse_puzzle(game_id, table, n) for n, table in enumerate(tables, 1))
    seen: set[str] = set()
    for puzzle in found:
        if puzzle.id in seen:
            raise LoadError(f"puzzle {puzzle.id} of {game_id} appears twice")
        seen.add(puzzle.id)
    return found


@cache
def load_puzzles(game_id: str) -> tuple[Puzzle, ...]:
    """The puzzles shipped with a game (none if it has no `puzzles.toml`). Raises LoadError."""
    games.get(game_id)  # KeyError naming the known games
    source = resources.files(f"glyphhall.games.{game_id}").joinpath("puzzles.toml")
    if not source.is_file():
        return ()
    return parse_puzzles(game_id, source.read_text(encoding="utf-8"))


def puzzle_by_id(puzzle_id: str) -> Puzzle:
    """The puzzle with this id. Raises PuzzleNotFound (a LoadError and a KeyError)."""
    game_id = puzzle_id.rpartition("-")[0] if isinstance(puzzle_id, str) else ""
    if game_id in games.ids():
        for puzzle in load_puzzles(game_id):
            if puzzle.id == puzzle_id:
                return puzzle
    raise PuzzleNotFound(f"there is no puzzle {puzzle_id!r:.60}")


def puzzle_of_the_day(game_id: str, day: datetime.date) -> Puzzle:
    """The same puzzle for everyone on `day` (a hash of game and date picks it, not Python's
    salted hash). Raises PuzzleNotFound if the game has no puzzles."""
    puzzles = load_puzzles(game_id)
    if not puzzles:
        raise PuzzleNotFound(f"{games.get(game_id).name} has no puzzles yet")
    digest = hashlib.sha256(f"{game_id}:{day.isoformat()}".encode()).digest()
    return puzzles[int.from_bytes(digest[:8], "big") % len(puzzles)]
