"""Where Glyph Hall keeps its files: match records, the death-card vault, the server database.

`GLYPHHALL_DATA_DIR` overrides the platform's user data directory (tests point it at a
temporary folder so they never touch a real user's files)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir


def data_dir() -> Path:
    override = os.environ.get("GLYPHHALL_DATA_DIR")
    path = Path(override) if override else Path(user_data_dir("glyphhall", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def records_dir() -> Path:
    path = data_dir() / "records"
    path.mkdir(parents=True, exist_ok=True)
    return path


def vault_path(game_id: str) -> Path:
    """The terminal's vault of things `game_id` keeps between matches (see engine/vault.py)."""
    path = data_dir() / "vaults"
    path.mkdir(parents=True, exist_ok=True)
    return path / f"{game_id}.json"
