"""Rules at hand: a game's summary and its rulings as players read them (the game's
`for_players.toml`, written for players; the developers' README is not read here), its typing help,
and its glossary (sigils, abilities, items, sorceries... with their rule text) for the page's
tooltips."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from fastapi import APIRouter, Request

from glyphhall.engine import Game
from glyphhall.engine.for_players import for_players

from ..tables.live import TableError
from ..tables.manager import TableManager

router = APIRouter(prefix="/api", tags=["lobby"])


def _wording(game: Game) -> Any:
    """The game's wording module (games/<id>/wording.py), or None."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.wording")
    except ImportError:
        return None


def _glossary(wording: Any) -> dict[str, str]:
    """The game's terms with their rule text, from `glossary()` in its wording module if it has one."""
    glossary = getattr(wording, "glossary", None)
    return dict(glossary()) if callable(glossary) else {}


@cache
def rules_of(game: Game) -> dict[str, Any]:
    words = for_players(game)
    return {"game": game.id, "name": game.name, "summary": words.summary, "rulings": list(words.rulings),
            "notation": game.notation_help, "glossary": _glossary(_wording(game))}


@router.get("/games/{game_id}/rules", summary="A game's rules at hand: summary, the project's rulings, notation")
async def game_rules(game_id: str, request: Request) -> dict[str, Any]:
    m: TableManager = request.app.state.manager
    try:
        game = m.catalog.get(game_id)
    except KeyError as err:
        raise TableError(str(err).strip('"'), 404) from None
    return rules_of(game)
