# cython: annotation_typing=True
"""Setup (Rulebook, Setup): each player secretly picks two Creatures for the Combat Circle, all
revealed at once; the roll-off for the first player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event

from . import turn
from .events import CREATURE_NAMES, say, tell
from .state import CREATURES_PLACED

if TYPE_CHECKING:
    from .state import GlyftsState


def deploy(st: GlyftsState, seat: int, creature: int, events: list[Event]) -> None:
    st.reserve[seat].remove(creature)
    st.pending[seat].append(creature)
    tell(events, seat, f"seat {seat} picks {CREATURE_NAMES[creature]} for the Combat Circle",
          f"seat {seat} picks a Creature for the Combat Circle")
    if [p for p in st.pending if len(p) < CREATURES_PLACED]:
        return
    # Everyone has picked: reveal all at once, then the roll-off.
    for p in range(st.num_players):
        for c in st.pending[p]:
            st.circle[p].append(c)
            st.owner[c] = p
        names = " and ".join([CREATURE_NAMES[c] for c in st.pending[p]])
        say(events, f"seat {p} puts {names} into the Combat Circle")
        st.pending[p] = []
    roll_off(st, events)



def roll_off(st: GlyftsState, events: list[Event]) -> None:
    """Rulebook, Setup: each player rolls a D6, the highest goes first; ties at the top reroll."""
    contenders = list(range(st.num_players))
    while True:
        rolls = [st.rng.randint(1, 6) for _ in contenders]
        shown = ", ".join([f"seat {p} {r}" for p, r in zip(contenders, rolls, strict=True)])
        say(events, f"roll-off: {shown}")
        best = max(rolls)
        contenders = [p for p, r in zip(contenders, rolls, strict=True) if r == best]
        if len(contenders) == 1:
            break
        say(events, "a tie for the highest roll: those players roll again")
    st.first = st.active = contenders[0]
    say(events, f"seat {st.first} goes first")
    turn.start_turn(st, events)
