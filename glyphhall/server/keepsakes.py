"""Things a game keeps between matches, backed by the store: Inscription's death cards.

Inscription's own `DeathCardVault` keeps them in a JSON file for terminal play; the server keeps
them in the database with the same small API (`list`, `get`, `save`), and resolves the
`death_cards` option against it when a table is created, so the table's stored options name the
exact cards and a restart rebuilds the same game."""

from __future__ import annotations

import time
from typing import Any

from glyphhall.engine import Game, OptionError, State
from glyphhall.store import Store

DEATH_CARDS = ("inscription", "death-cards")  # (game, owner) of the server's shared vault


class StoreDeathCardVault:
    """Inscription's death-card vault API over the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def list(self) -> list[dict[str, Any]]:
        return list(self.store.vault_list(*DEATH_CARDS).values())

    def get(self, card_id: str) -> dict[str, Any]:
        card = self.store.vault_get(*DEATH_CARDS, card_id)
        if card is None:
            raise KeyError(f"no death card {card_id!r} in the vault")
        return card

    def save(self, spec: dict[str, Any], session: str = "", made_by: str = "") -> dict[str, Any]:
        from glyphhall.games.inscription.death_cards import check_spec

        check_spec(spec, "new death card")
        cards = self.list()
        names = {c["name"] for c in cards}
        name, n = spec["name"], 2
        while name in names:
            name, n = f"{spec['name'][:26]} {n}", n + 1
        card = {
            "id": f"dc{len(cards) + 1}-{int(time.time() * 1000)}",
            "name": name,
            "cost": spec["cost"],
            "power": int(spec["power"]),
            "health": int(spec["health"]),
            "sigils": list(spec["sigils"]),
            "session": session,
            "made_by": made_by,
            "made_at": time.time(),
        }
        self.store.vault_put(*DEATH_CARDS, card["id"], card)
        return card


def prepare_options(game: Game, options: dict[str, Any], store: Store) -> dict[str, Any]:
    """Options with vault references (`death_cards=all`, `session:<label>`) replaced by the
    cards they name in the store's vault. Runs in a database thread."""
    if game.id != "inscription" or "death_cards" not in options:
        return options
    from glyphhall.games.inscription.death_cards import encode, resolve_option

    text = str(options["death_cards"]).strip()
    if text == "all" or text.startswith("session:"):
        specs = resolve_option(text, StoreDeathCardVault(store))  # type: ignore[arg-type]
        if not specs:
            raise OptionError(f"option 'death_cards': the vault has no death cards for {text!r} yet")
        return {**options, "death_cards": encode(specs)}
    return options


def keep_after_game(game: Game, state: State, store: Store, table_id: str, names: list[str]) -> dict[str, Any] | None:
    """After a finished game: keep what it made (the loser's death card). Runs in a database thread."""
    if game.id != "inscription" or not getattr(state, "made", None):
        return None
    from glyphhall.games.inscription.death_cards import save_made_card

    loser = min(range(len(names)), key=lambda s: state.returns()[s])
    return save_made_card(state, StoreDeathCardVault(store), session=table_id, made_by=names[loser])  # type: ignore[arg-type]
