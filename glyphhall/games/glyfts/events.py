"""The events the rules tell: public ones, secret pairs (what one seat sees, what the others see),
and the names they use. Events are built often (every step of every playout), so their sets and
empty data are shared, and the secret pairs of draws and placements are built once each."""

from __future__ import annotations

from typing import Any

from glyphhall.engine import Event
from glyphhall.engine.events import NO_DATA, make_event

from .cards import CARDS

CREATURE_NAMES = tuple(c.name for c in CARDS.creatures)
SORCERY_NAMES = tuple(s.name for s in CARDS.sorceries)

_EVERYONE: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((p,)) for p in range(8))


def say(events: list[Event], text: str, data: Any = NO_DATA) -> None:
    """A public event (with its data for clients, if any)."""
    events.append(make_event(text, None, data, _EVERYONE))


def tell(events: list[Event], seat: int, text: str, public_text: str) -> None:
    """`text` for `seat` alone, `public_text` for everybody else. Both name the seat the same way
    ("seat 0 draws Capture" / "seat 0 draws a Sorcery card"; the table says the seat's name), so
    the log reads alike for everyone, not "you draw" beside "Tess draws"."""
    only = _ONLY[seat]
    events.append(make_event(text, only, NO_DATA, _EVERYONE))
    events.append(make_event(public_text, None, NO_DATA, only))


# The secret events of draws and placements repeat endlessly in playouts; events are immutable,
# so each distinct pair is built once (a bounded number: seats x cards x Creatures).
_DRAW_EVENTS: dict[tuple[int, int], tuple[Event, ...]] = {}
_PLACE_EVENTS: dict[tuple[int, int, int], tuple[Event, ...]] = {}


def tell_draw(events: list[Event], seat: int, kind: int) -> None:
    pair = _DRAW_EVENTS.get((seat, kind))
    if pair is None:
        pair = _DRAW_EVENTS[seat, kind] = _pair(
            seat, f"seat {seat} draws {SORCERY_NAMES[kind]}", f"seat {seat} draws a Sorcery card")
    events += pair


def tell_place(events: list[Event], seat: int, kind: int, creature: int) -> None:
    pair = _PLACE_EVENTS.get((seat, kind, creature))
    if pair is None:
        pair = _PLACE_EVENTS[seat, kind, creature] = _pair(
            seat, f"seat {seat} places {SORCERY_NAMES[kind]} face down under {CREATURE_NAMES[creature]}",
            f"seat {seat} places a card face down under {CREATURE_NAMES[creature]}")
    events += pair


def _pair(seat: int, text: str, public_text: str) -> tuple[Event, ...]:
    out: list[Event] = []
    tell(out, seat, text, public_text)
    return tuple(out)


def card_list(kinds: tuple[int, ...]) -> str:
    return ", ".join([SORCERY_NAMES[k] for k in kinds]) if kinds else "nothing"
