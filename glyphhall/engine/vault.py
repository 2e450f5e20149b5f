"""Vaults: what a game keeps between matches (Inscription's death cards).

A game never writes files itself (search and playouts must not); the caller that runs a match,
the terminal or the server, hands the game a vault through `Game.prepare_options` (before a
match, to resolve options that refer to kept things) and `Game.keep_after_match` (after it).
The terminal keeps a JSON file per game; the server keeps the same items in its database."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Protocol

from .errors import LoadError

VAULT_FORMAT = "glyphhall-vault/1"


class Vault(Protocol):
    """Things one game keeps, as JSON objects, each with an "id"."""

    def list(self) -> list[dict[str, Any]]:
        """Every item, oldest first."""
        ...

    def get(self, item_id: str) -> dict[str, Any]:
        """One item by id; KeyError if there is none."""
        ...

    def add(self, item: dict[str, Any]) -> dict[str, Any]:
        """Keep a copy of `item` under a new "id" (and "kept_at"); return the kept copy."""
        ...


class JsonFileVault:
    """A vault in one JSON file, written atomically."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def list(self) -> list[dict[str, Any]]:
        if not self.path.exists():
            return []
        try:
            data = json.loads(self.path.read_text())
        except (OSError, json.JSONDecodeError) as err:
            raise LoadError(f"the vault {self.path} cannot be read: {err}") from None
        if not isinstance(data, dict) or data.get("format") != VAULT_FORMAT or not isinstance(data.get("items"), list):
            raise LoadError(f"{self.path} is not a Glyph Hall vault (format {VAULT_FORMAT!r})")
        return list(data["items"])

    def get(self, item_id: str) -> dict[str, Any]:
        for item in self.list():
            if item.get("id") == item_id:
                return item
        raise KeyError(f"nothing with id {item_id!r} in {self.path.name}")

    def add(self, item: dict[str, Any]) -> dict[str, Any]:
        items = self.list()
        kept = {**item, "id": f"k{len(items) + 1}-{int(time.time() * 1000)}", "kept_at": time.time()}
        items.append(kept)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        tmp.write_text(json.dumps({"format": VAULT_FORMAT, "items": items}, indent=1))
        tmp.replace(self.path)
        return kept
