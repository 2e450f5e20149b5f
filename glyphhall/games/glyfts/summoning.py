# cython: annotation_typing=True
"""Summoning (Rulebook, Playing the Game > Summon): a Creature from the reserve, Glyft cards that
lower its Roll cost, the D6."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event

from . import turn
from .cards import CARDS
from .events import CREATURE_NAMES, SORCERY_NAMES, say
from .state import SUMMONING

if TYPE_CHECKING:
    from .state import GlyftsState

_COST = CARDS.roll_cost
_AFF = CARDS.affiliation
_DISCOUNTS = CARDS.discounts


def choose_summon(st: GlyftsState, creature: int, events: list[Event]) -> None:
    p = st.active
    st.summoning = creature
    st.discount = 0
    st.known[p] |= 1 << creature  # shown to everyone while it is summoned
    say(events, f"seat {p} tries to summon {CREATURE_NAMES[creature]} (Roll cost {_COST[creature]})")
    st.phase = SUMMONING



def play_glyft(st: GlyftsState, kind: int, events: list[Event]) -> None:
    p = st.active
    st.hands[p][kind] -= 1
    st.discard[kind] += 1
    st.discount += dict(_DISCOUNTS[_AFF[st.summoning]])[kind]
    say(events, f"seat {p} plays {SORCERY_NAMES[kind]}: Roll cost now {max(1, _COST[st.summoning] - st.discount)}")



def roll_summon(st: GlyftsState, events: list[Event]) -> None:
    p, creature = st.active, st.summoning
    need = _COST[creature] - st.discount
    die = st.rng.randint(1, 6)
    st.summoning = -1
    st.discount = 0
    if die >= need:
        st.reserve[p].remove(creature)
        st.known[p] &= ~(1 << creature)
        st.circle[p].append(creature)
        st.quiet = 0
        st.owner[creature] = p
        say(events, f"seat {p} rolls {die}: {CREATURE_NAMES[creature]} is summoned into the Combat Circle")
    else:
        say(events, f"seat {p} rolls {die} (needs {need}): the summon fails")
    turn.end_turn(st, events)
