"""What games keep between matches (Inscription's death cards), backed by the store.

The server never special-cases a game here: each game's `prepare_options` resolves options that
refer to its vault when a table is created (so the table's stored options name the exact things
and a restart rebuilds the same game), and its `keep_after_match` keeps what a finished match
made. This module only gives them a vault over the store."""

from __future__ import annotations

import time
from typing import Any

from glyphhall.engine import Game, State
from glyphhall.store import Store

OWNER = "server"  # every table of this server shares one vault per game


class StoreVault:
    """The engine's `Vault` for one game, in the store's vault table."""

    def __init__(self, store: Store, game_id: str) -> None:
        self.store = store
        self.game_id = game_id

    def list(self) -> list[dict[str, Any]]:
        return list(self.store.vault_list(self.game_id, OWNER).values())

    def get(self, item_id: str) -> dict[str, Any]:
        item = self.store.vault_get(self.game_id, OWNER, item_id)
        if item is None:
            raise KeyError(f"nothing with id {item_id!r} in the {self.game_id} vault")
        return item

    def add(self, item: dict[str, Any]) -> dict[str, Any]:
        count = len(self.store.vault_list(self.game_id, OWNER))
        kept = {**item, "id": f"k{count + 1}-{int(time.time() * 1000)}", "kept_at": time.time()}
        self.store.vault_put(self.game_id, OWNER, kept["id"], kept)
        return kept


def prepare_options(game: Game, options: dict[str, Any], store: Store) -> dict[str, Any]:
    """Options with references to kept things replaced by the things. Runs in a database thread."""
    return game.prepare_options(options, StoreVault(store, game.id))


def keep_after_game(game: Game, state: State, store: Store, table_id: str, names: list[str]) -> dict[str, Any] | None:
    """After a finished game: keep what it made. Runs in a database thread."""
    return game.keep_after_match(state, StoreVault(store, game.id), table_id, names)
