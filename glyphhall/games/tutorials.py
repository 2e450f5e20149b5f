"""Each game's guided first game: `tutorial.toml` beside its `positions/` (engine/tutorial.py
reads and plays it)."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from glyphhall.engine.tutorial import Tutorial, load_tutorial

from . import get, ids


def tutorial_path(game_id: str) -> Path | None:
    """Where the game's tutorial lies, None if it has none (KeyError for an unknown game)."""
    module = sys.modules.get(type(get(game_id)).__module__)
    if module is None or module.__file__ is None:
        return None
    path = Path(module.__file__).parent / "tutorial.toml"
    return path if path.is_file() else None


@cache
def tutorial(game_id: str) -> Tutorial | None:
    """The game's tutorial, read once; None if it has none. Raises KeyError for an unknown game,
    LoadError for a tutorial that does not read."""
    path = tutorial_path(game_id)
    return None if path is None else load_tutorial(get(game_id), path.read_text(encoding="utf-8"))


def with_tutorial() -> list[str]:
    """The ids of the games that have a tutorial."""
    return [g for g in ids() if tutorial_path(g) is not None]
