"""Positions as data: a game set up from a TOML text (or a mapping read from one), for puzzles,
teaching positions and rule scenarios that read "position, actions, expected events and view".

The keys every game shares (each game documents the rest in its README):

    game = "inscription"        # optional; checked against the game loading it
    title = "The Hoarder"       # optional; what a lobby or a table calls the position
    players = 2                 # default: the game's fewest
    seed = 7                    # the seeded stream chance follows once the script is used up
    [options]                   # game options, as on a command line
    [chance]                    # what chance gives next, in order (see rng.ScriptedRng)
    dice = ["d6 5", "d2 1"]     # a die of that many faces, showing that face
    orders = [["Wolf", "Stoat"]]  # the next shuffles' results, in the game's own names
    strict = false              # let the seed carry on past the script (strict: a draw past it
                                # raises; the default in the tests, see rng.STRICT_BY_DEFAULT)

`Game.load_position` reads the shared keys; a game reads its own in `Game._position(state, data)`, removing each key it reads from
`data` (a `PositionData`), which then refuses any key left over with the name of the key.

A position is often a stranger's text (the server's position tables): it is read by
`toml_text.read_toml` (bounded, linear), every field is bounded (MAX_LIST entries, MAX_NUMBER,
MAX_TEXT characters; a game bounds its own tighter where its rules say), the seed is below MAX_SEED,
and a scripted shuffle that fits no pile the game may shuffle is refused (`Game._position_decks`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import LoadError
from .toml_text import read_toml

#: Bounds every position field keeps whatever its game allows (games bound their own fields
#: tighter where their rules say: a hand holds at most the box's cards). No rule needs more; a
#: stranger's text must not make a table that costs seconds and megabytes a move.
MAX_LIST = 500  # entries of one list (cards in a hand, glyphs on a board, figures...)
MAX_NUMBER = 1_000_000  # size of a whole number (bones, health, turns played...)
MAX_TEXT = 300  # characters of one name or word (a card, a label, a glyph in notation)
MAX_TITLE = 100  # characters of a position's title, as a lobby shows it
MAX_SEED = 2**62  # seeds are 0 to this, less one (as /api/tables takes them)


class PositionData:
    """A table of a position file, read key by key with errors that name the key."""

    def __init__(self, table: Mapping[str, Any], where: str = "") -> None:
        if not isinstance(table, Mapping):
            raise LoadError(f"{where or 'a position'} must be a table")
        self.rest = dict(table)
        self.where = where

    def _name(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def take(self, key: str, kind: type | tuple[type, ...], default: Any = None, bounded: bool = True) -> Any:
        """The value of `key` (removed from what is left), checked to be of `kind` and, unless
        not `bounded` (the caller checks it), within the bounds every position keeps."""
        if key not in self.rest:
            if default is None:
                raise LoadError(f"the position needs '{self._name(key)}'")
            return default
        value = self.rest.pop(key)
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise LoadError(f"'{self._name(key)}' must be a {_kind_name(kind)}, not {_short(value)}")
        if not isinstance(value, kind):
            raise LoadError(f"'{self._name(key)}' must be a {_kind_name(kind)}, not {_short(value)}")
        if bounded:
            self._check_size(key, value)
        return value

    def _check_size(self, key: str, value: Any) -> None:
        """Refuse a value past the bounds every position keeps (MAX_LIST...), naming the key."""
        if isinstance(value, (list, dict)) and len(value) > MAX_LIST:
            raise LoadError(f"'{self._name(key)}' has {len(value):,} entries; a position has at most {MAX_LIST} in one place")
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_NUMBER:
                raise LoadError(f"'{self._name(key)}' holds {_short(item)}; no number in a position is over {MAX_NUMBER:,}")
            if isinstance(item, str) and len(item) > MAX_TEXT:
                raise LoadError(f"'{self._name(key)}' holds a text of {len(item):,} characters; at most {MAX_TEXT}")

    def names(self, key: str, default: list[str] | None = None) -> list[str]:
        """A list of names (strings) under `key`."""
        value = self.take(key, list, default)
        if not all(isinstance(v, str) for v in value):
            raise LoadError(f"'{self._name(key)}' must be a list of names")
        return list(value)

    def table(self, key: str) -> PositionData:
        return PositionData(self.take(key, dict, {}), self._name(key))

    def tables(self, key: str) -> list[PositionData]:
        """An array of tables (`[[key]]` in TOML)."""
        return [PositionData(t, f"{self._name(key)}[{i}]") for i, t in enumerate(self.take(key, list, []))]

    def done(self) -> None:
        """Refuse the keys nobody read."""
        if self.rest:
            raise LoadError(f"unknown key{'s' * (len(self.rest) > 1)} in the position: "
                            + ", ".join(repr(self._name(k)) for k in self.rest))


def _short(value: Any) -> str:
    """A value as an error quotes it: cut short, so a huge one does not make a huge message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    words = {int: "whole number", str: "text", bool: "true or false", list: "list", dict: "table", float: "number"}
    return " or ".join(words.get(k, k.__name__) for k in kinds)


def read_source(source: str | Mapping[str, Any]) -> PositionData:
    if isinstance(source, Mapping):
        return PositionData(source)
    if not isinstance(source, str):
        raise LoadError(f"a position is TOML text or a table, not {type(source).__name__}")
    return PositionData(read_toml(source, "the position"))


def position_title(source: str) -> str | None:
    """The `title` a position's TOML text gives itself, if any (None for text that is not TOML:
    `Game.load_position` says what is wrong with it)."""
    try:
        title = read_toml(source, "the position").get("title")
    except LoadError:
        return None
    return title.strip()[:MAX_TITLE] or None if isinstance(title, str) else None


def parse_die(text: str) -> tuple[int, int]:
    """'d6 5' -> (6, 5)."""
    words = text.split()
    if len(words) != 2 or not words[0].startswith("d") or not words[0][1:].isdigit() or not words[1].isdigit():
        raise LoadError(f"a scripted die is written like 'd6 5' (a six-sided die showing 5), not {text!r}")
    faces, face = int(words[0][1:]), int(words[1])
    if not 1 <= face <= faces:
        raise LoadError(f"a d{faces} has no face {face} ({text!r})")
    return faces, face
