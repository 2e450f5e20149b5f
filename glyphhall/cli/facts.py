"""`info NAME` at the prompt: what a card, sigil, ability, item, creature, figure or glyph is;
`rules`: the game in a paragraph and its rulings where the rulebook is silent (the game's words for
players, `for_players.toml`, as the table page's Rules panel shows them).

The facts come from the game's own data files (`games/<id>/data/*.toml`: every entry with a
name, id or key), plus the game's glossary of rule texts kept in code (`wording.glossary()`, and
`terminal.FACTS` where a game has one; name -> text), so the
terminal shows exactly what the rules use."""

from __future__ import annotations

import importlib
import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from glyphhall.engine import Game
from glyphhall.engine.for_players import for_players

#: bookkeeping fields of the data files that say nothing about play
_HIDDEN = {"provenance", "source", "from_rulebook", "copies", "steps", "unused", "id", "key", "name"}


@cache
def _entries(game_id: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """(kind, entry) for every named table in the game's TOML data (read once: an answer's
    related entries are looked up in all of them)."""
    out: list[tuple[str, dict[str, Any]]] = []
    folder = resources.files(f"glyphhall.games.{game_id}").joinpath("data")
    if not folder.is_dir():
        return ()
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if not item.name.endswith(".toml"):
            continue
        for kind, value in tomllib.loads(item.read_text(encoding="utf-8")).items():
            if isinstance(value, list):
                out.extend((kind, e) for e in value if isinstance(e, dict) and _label(e))
    return tuple(out)


def _label(entry: dict[str, Any]) -> str:
    return str(entry.get("name") or entry.get("id") or entry.get("key") or "")


_IDENTIFIER = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)+$")


def _value(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and _IDENTIFIER.match(value):
        return value.replace("_", " ")  # "fire_guard" is the Fire Guard
    return str(value)


def _shown(entry: dict[str, Any], key: str, value: Any) -> bool:
    """Whether a field says something to a player: not bookkeeping, not a pointer to notes, not
    the entry's own id again ("effect: time_bomb" on Time Bomb)."""
    if key in _HIDDEN:
        return False
    if isinstance(value, str) and not value.strip():
        return False
    same = {str(entry.get(f)).lower().replace("_", " ") for f in ("id", "key", "name") if entry.get(f)}
    return not (isinstance(value, str) and value.lower().replace("_", " ") in same)


def _key(name: str) -> str:
    """Names are looked up alike whichever way they are written: 'time_bomb', 'Time Bomb'."""
    return " ".join(name.lower().replace("_", " ").replace("-", " ").split())


@cache
def _index(game_id: str) -> tuple[dict[str, tuple[str, dict[str, Any] | str]], list[str]]:
    """lower-cased name/id/key -> (kind, entry or rule text), and the names in order."""
    index: dict[str, tuple[str, dict[str, Any] | str]] = {}
    names: list[str] = []
    for kind, entry in _entries(game_id):
        names.append(_label(entry))
        for field in ("name", "id", "key"):
            if entry.get(field):
                index.setdefault(_key(str(entry[field])), (kind, entry))
    extra: dict[str, str] = {}
    for module, attribute in (("wording", "glossary"), ("terminal", "FACTS")):
        try:
            found = getattr(importlib.import_module(f"glyphhall.games.{game_id}.{module}"), attribute, None)
        except ModuleNotFoundError:
            continue
        extra.update((found() if callable(found) else found) or {})
    for name, text in extra.items():
        names.append(name)
        index.setdefault(_key(name), ("rule", text))
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
        found = index.get(_key(name))
        if found is None:
            close = [n for n in names if _key(name) in _key(n)][:8]
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            return Text(f"no card, ability, item or glyph called '{name}' here{hint}", style="red")
        kind, entry = found
        if isinstance(entry, str):
            return Panel(Text(entry), title=name, title_align="left")
        return self._card(kind, entry)

    def _card(self, kind: str, entry: dict[str, Any]) -> RenderableType:
        lines = Text()
        for key, value in entry.items():
            if not _shown(entry, key, value):
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
            if isinstance(what, str) and _shown(rel, "effect", what) and not _IDENTIFIER.match(what):
                text.append(f" - {what}")
            parts.append(text)
        return Panel(Group(*parts), title=f"{_label(entry)} ({kind.replace('_', ' ')})", title_align="left")


_EMPHASIS = re.compile(r"(\*\*[^*]+\*\*|\*[^*]+\*)")


def _inline(text: str) -> Text:
    """A ruling's **bold** and *emphasis* as the terminal shows them."""
    out = Text()
    for part in _EMPHASIS.split(text):
        if part.startswith("**"):
            out.append(part[2:-2], style="bold")
        elif part.startswith("*") and len(part) > 2:
            out.append(part[1:-1], style="italic")
        else:
            out.append(part)
    return out


def rules(game: Game) -> RenderableType:
    """The `rules` command's answer."""
    words = for_players(game)
    if not words.summary and not words.rulings:
        return Text("this game has no rules summary here; 'help' shows how to type moves")
    parts: list[RenderableType] = [_inline(words.summary)] if words.summary else []
    if words.rulings:
        parts.append(Text("\nRulings (where the rulebook is silent)", style="bold"))
        parts += [Text("- ").append_text(_inline(r)) for r in words.rulings]
    return Panel(Group(*parts), title=f"{game.name}: rules", title_align="left")
