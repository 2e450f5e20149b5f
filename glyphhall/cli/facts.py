"""`info NAME` at the prompt: what a card, sigil, ability, item, creature, figure or glyph is.

The facts come from the game's own data files (`games/<id>/data/*.toml`: every entry with a
name, id or key), plus the game's glossary of rule texts kept in code (`wording.glossary()`, and
`terminal.FACTS` where a game has one; name -> text), so the
terminal shows exactly what the rules use."""

from __future__ import annotations

import importlib
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from glyphhall.engine import Game

#: bookkeeping fields of the data files that say nothing about play
_HIDDEN = {"provenance", "source", "from_rulebook", "copies", "steps", "unused", "id", "key", "name"}


def _entries(game_id: str) -> list[tuple[str, dict[str, Any]]]:
    """(kind, entry) for every named table in the game's TOML data."""
    out: list[tuple[str, dict[str, Any]]] = []
    folder = resources.files(f"glyphhall.games.{game_id}").joinpath("data")
    if not folder.is_dir():
        return out
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if not item.name.endswith(".toml"):
            continue
        for kind, value in tomllib.loads(item.read_text(encoding="utf-8")).items():
            if isinstance(value, list):
                out.extend((kind, e) for e in value if isinstance(e, dict) and _label(e))
    return out


def _label(entry: dict[str, Any]) -> str:
    return str(entry.get("name") or entry.get("id") or entry.get("key") or "")


def _value(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@cache
def _index(game_id: str) -> tuple[dict[str, tuple[str, dict[str, Any] | str]], list[str]]:
    """lower-cased name/id/key -> (kind, entry or rule text), and the names in order."""
    index: dict[str, tuple[str, dict[str, Any] | str]] = {}
    names: list[str] = []
    for kind, entry in _entries(game_id):
        names.append(_label(entry))
        for field in ("name", "id", "key"):
            if entry.get(field):
                index.setdefault(str(entry[field]).lower(), (kind, entry))
    extra: dict[str, str] = {}
    for module, attribute in (("wording", "glossary"), ("terminal", "FACTS")):
        try:
            found = getattr(importlib.import_module(f"glyphhall.games.{game_id}.{module}"), attribute, None)
        except ModuleNotFoundError:
            continue
        extra.update((found() if callable(found) else found) or {})
    for name, text in extra.items():
        names.append(name)
        index.setdefault(name.lower(), ("rule", text))
    return index, list(dict.fromkeys(names))


class Facts:
    def __init__(self, game: Game):
        self.game_id = game.id

    def names(self) -> list[str]:
        return _index(self.game_id)[1]

    def answer(self, name: str) -> RenderableType:
        name = name.strip()
        if not name:
            return Text("info NAME: what a card, sigil, ability, item or glyph does (Tab completes NAME)")
        index, names = _index(self.game_id)
        found = index.get(name.lower()) or index.get(name.lower().replace(" ", "_"))
        if found is None:
            close = [n for n in names if name.lower() in n.lower()][:8]
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            return Text(f"no card, ability, item or glyph called '{name}' here{hint}", style="red")
        kind, entry = found
        if isinstance(entry, str):
            return Panel(Text(entry), title=name, title_align="left")
        return self._card(kind, entry)

    def _card(self, kind: str, entry: dict[str, Any]) -> RenderableType:
        lines = Text()
        for key, value in entry.items():
            if key in _HIDDEN:
                continue
            lines.append(f"{key.replace('_', ' ')}: ", style="bold")
            lines.append(_value(value) + "\n")
        parts: list[RenderableType] = [lines]
        ident = entry.get("id") or entry.get("key")
        related = [(k, e) for k, e in _entries(self.game_id) if ident and e is not entry and ident in e.values()]
        for rkind, rel in related:
            text = Text(f"{rkind.replace('_', ' ')}: ", style="bold")
            text.append(_label(rel), style="bold cyan")
            what = rel.get("effect") or rel.get("text")
            if isinstance(what, str):
                text.append(f" - {what}")
            parts.append(text)
        return Panel(Group(*parts), title=f"{_label(entry)} ({kind.replace('_', ' ')})", title_align="left")
