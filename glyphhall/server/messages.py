"""What a connection receives. This module is the one gate between a game state and the wire:
a seat gets its own `view(seat)`, its legal actions as text and the events `filter_events` lets it
see; a spectator (seat None) gets `view(None)` and the public events. Nothing else about the
state is put in a message."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from glyphhall.engine import Event, State, filter_events


def seat_part(state: State, seat: int | None) -> dict[str, Any]:
    """The game part of a message for `seat`: view and legal actions."""
    legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
    return {"view": state.view(seat), "legal": legal}


def events_for(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    return [e.to_dict() for e in filter_events(events, seat)]


def log_for(log: Sequence[Sequence[Event]], seat: int | None) -> list[dict[str, Any]]:
    """The whole game's event log as `seat` may see it, one entry per event with its step."""
    out: list[dict[str, Any]] = []
    for step, events in enumerate(log):
        for e in filter_events(events, seat):
            out.append({"step": step + 1, **e.to_dict()})
    return out
