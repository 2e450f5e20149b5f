"""Writing puzzles as `[[puzzle]]` TOML tables (the generator appends them to a game's file)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .model import Puzzle


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"cannot write {type(value).__name__} in a puzzle")


def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() else json.dumps(key)


def puzzle_toml(puzzle: Puzzle) -> str:
    """One `[[puzzle]]` table, keys in the order of `Puzzle`'s fields."""
    lines = ["[[puzzle]]"]
    for key, value in (
        ("id", puzzle.id), ("theme", puzzle.theme), ("seat", puzzle.seat), ("players", puzzle.players),
        ("options", dict(puzzle.options)), ("seed", puzzle.seed), ("rating", round(puzzle.rating)),
        ("deviation", round(puzzle.deviation)), ("explanation", puzzle.explanation),
        ("line", [list(step) for step in puzzle.line]), ("generated", dict(puzzle.generated)),
        ("moves", list(puzzle.moves)),
    ):
        lines.append(f"{key} = {_value(value)}")
    return "\n".join(lines) + "\n"
