"""Rules at hand: a game's summary and its rulings, read from the game's README (the rulings
are where the rulebook is silent; the README is where the project writes them down), and its
glossary (sigils, abilities, items, sorceries... with their rule text) for the page's tooltips."""

from __future__ import annotations

import importlib
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request

from glyphhall.engine import Game

from ..tables.live import TableError, TableManager
from ..tables.player_text import program_words, ruling_for_players

router = APIRouter(prefix="/api", tags=["lobby"])

_HEADING = re.compile(r"^## ", re.M)
_RULINGS = re.compile(r"\brulings\b", re.I)


def _readme(game: Game) -> str:
    module = sys.modules.get(type(game).__module__)
    path = Path(module.__file__).parent / "README.md" if module and module.__file__ else None
    return path.read_text(encoding="utf-8") if path and path.is_file() else ""


def _summary(intro: str) -> str:
    """The README's opening paragraphs, without its title and commands (for a game whose
    wording module has no SUMMARY)."""
    paragraphs = [p.strip() for p in intro.split("\n\n")]
    kept = [" ".join(p.split()) for p in paragraphs if p and not p.startswith(("#", "    ", "```"))]
    return "\n\n".join(kept)


_ITEM = re.compile(r"^(?:- |\d+\. )")


def _bullets(section: str) -> list[str]:
    """A section's bullet or numbered points, each joined onto one line."""
    items: list[str] = []
    for line in section.splitlines():
        if _ITEM.match(line):
            items.append(_ITEM.sub("", line).strip())
        elif items and line.startswith("  ") and line.strip():
            items[-1] += " " + line.strip()
    return items


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
    text = _readme(game)
    parts = _HEADING.split(text)
    rulings: list[str] = []
    for part in parts[1:]:
        title, _, body = part.partition("\n")
        if _RULINGS.search(title):
            rulings += _bullets(body)
    options = [o.name for o in game.options]
    rulings = [r for r in (ruling_for_players(r, options) for r in rulings) if r]
    wording = _wording(game)
    summary = getattr(wording, "SUMMARY", None) or _summary(parts[0])
    return {"game": game.id, "name": game.name, "summary": summary, "rulings": rulings,
            "notation": program_words(game.notation_help) if game.notation_help else game.notation_help, "glossary": _glossary(wording)}


@router.get("/games/{game_id}/rules", summary="A game's rules at hand: summary, the project's rulings, notation")
async def game_rules(game_id: str, request: Request) -> dict[str, Any]:
    m: TableManager = request.app.state.manager
    try:
        game = m.catalog.get(game_id)
    except KeyError as err:
        raise TableError(str(err).strip('"'), 404) from None
    return rules_of(game)
