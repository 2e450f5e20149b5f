"""What a connection receives. This module is the one gate between a game state and the wire:
a seat gets its own `view(seat)`, its legal actions (as text, and as data beside the text:
`Action.to_dict`, so no client parses notation) and the events `filter_events` lets it
see; a spectator (seat None) gets `view(None)` and the public events. Nothing else about the
state is put in a message. Event texts go out worded for people (`Game.event_text`, the seats'
names instead of seat numbers); the game's own `data` travels with them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from glyphhall.engine import Action, Event, Game, State, filter_events


def seat_part(state: State, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    """The game part of a message for `seat`: view, legal actions, whose move it is (public:
    at a real table everyone sees who is still thinking) and, once over, the result in words."""
    over = state.is_over()
    return {
        "view": state.view(seat),
        **legal_part(state.legal_actions(seat) if seat is not None else []),
        "to_move": [] if over else list(state.to_move()),
        "result_text": state.game.result_text(state, names) if over else None,
    }


def legal_part(actions: Iterable[Action]) -> dict[str, Any]:
    """`legal`, the actions' texts (what older clients and the terminal read), and `moves`, the
    same actions in the same order as {text, kind, args} (docs/protocol.md)."""
    moves = [a.to_dict() for a in actions]
    return {"legal": [m["text"] for m in moves], "moves": moves}


def worded(event: Event, game: Game, names: Sequence[str]) -> dict[str, Any]:
    return {**event.to_dict(), "text": game.event_text(event, names)}


def events_for(events: Iterable[Event], seat: int | None, game: Game, names: Sequence[str]) -> list[dict[str, Any]]:
    return [worded(e, game, names) for e in filter_events(events, seat)]


def log_for(
    log: Sequence[Sequence[Event]],
    seat: int | None,
    game: Game,
    names: Sequence[str],
    numbers: Sequence[int] | None = None,
) -> list[dict[str, Any]]:
    """The whole game's event log as `seat` may see it, one entry per event with its step
    (`numbers[i]` for the i-th action where moves were taken back: the record's step)."""
    out: list[dict[str, Any]] = []
    for i, events in enumerate(log):
        step = numbers[i] if numbers is not None else i + 1
        for e in filter_events(events, seat):
            out.append({"step": step, **worded(e, game, names)})
    return out


def not_to_move(state: State, seat: int, names: Sequence[str], who: str) -> str | None:
    """Why `seat` may not move now, in people's names ("it is not your move: waiting for Bob"),
    or None when it may; `who` is how the seat is addressed ("your", "Ann's")."""
    if state.is_over() or seat in state.to_move():
        return None
    waiting = [names[s] for s in state.to_move()]
    them = waiting[0] if len(waiting) == 1 else f"{', '.join(waiting[:-1])} and {waiting[-1]}"
    return f"it is not {who} move: waiting for {them}"
