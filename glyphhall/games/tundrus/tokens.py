# cython: annotation_typing=True
"""Ability Effect Tokens: placing them within the Stock's supply, arming them at the holder's next
Turn, and discarding them when their effect ends (reference B4, ruling notes B7.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.events import public_event

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState


def place(s: TundrusState, c: Champion, tid: str, value: int = 1, events: list[Event] | None = None) -> None:
    """Put token `tid` on `c`. A champion holds one token of an icon (a new one replaces it);
    when the Stock has none left, the token moves from the champion that has held one longest."""
    if c.defeated:
        return
    if tid not in c.tokens:
        holders = [o for o in s.champs if tid in o.tokens and o is not c]
        if len(holders) >= s.data.tokens[tid].count:
            del holders[0].tokens[tid]
    # Placed during its own Turn, a "next Turn" token waits for the next one (reference B4).
    armed = 0 if s.data.tokens[tid].timing == "next_turn" else 1
    c.tokens[tid] = [value, armed]
    if events is not None:
        side = "" if tid != "war_glyph" else (" (+1)" if value > 0 else " (-1)")
        events.append(public_event(f"{c.cid} receives the {s.data.tokens[tid].name} token{side}", data={"seat": c.seat}))


def arm(c: Champion) -> None:
    """Start of the holder's Turn: tokens placed earlier take effect now."""
    for tid, t in c.tokens.items():  # a new list, not changed in place: clones share the lists
        if not t[1]:
            c.tokens[tid] = [t[0], 1]


def expire_end_of_turn(s: TundrusState, c: Champion) -> None:
    """End of the holder's Turn: its armed "until the end of its next Turn" tokens go."""
    for tid in [t for t, v in c.tokens.items() if v[1] and s.data.tokens[t].expires == "end_of_next_turn"]:
        del c.tokens[tid]
