"""Glyfts for learners: fixed action ids and the observation tensors (engine/action_ids.py,
engine/tensors.py). The README's "Reinforcement learning" section lists both layouts.

Action ids: one block per verb over the card data's Creatures and Sorcery kinds (a `VerbTable`),
so `attack storm_roc leviathan` has one id in every game. Tensors are seat-relative (players in
turn order from the observing seat), from what the seat may see only: the others' reserves show
only the Creatures revealed by a failed summon, their hands and face-down cards only as counts.
The observation already holds what a seat has seen that still matters (revealed battle cards go
to the open discard pile), so the information state is the observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from glyphhall.engine import Action
from glyphhall.engine.action_ids import VerbTable
from glyphhall.engine.tensors import Layout, TensorEncoder, writable

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython
from . import notation as N
from .cards import CARDS
from .state import BATTLE, FORTUNE, PHASE_NAMES, SKILL_TO_WIN, SORCERIES_DEALT

if cython.compiled:  # the state's class as a C type: the tensor reads its fields in C
    from cython.cimports.glyphhall.games.glyfts.state import GlyftsState
else:
    from .state import GlyftsState

CREATURES = tuple(c.id for c in CARDS.creatures)
SORCERIES = tuple(s.id for s in CARDS.sorceries)
NC, NS = len(CREATURES), len(SORCERIES)
SEATS = 4  # the most players: seat-relative parts have this many slots


_VERBS: list[tuple[str, list[Any]]] = [
    ("deploy", [CREATURES]),
    ("place", [SORCERIES, CREATURES]),
    ("attack", [CREATURES, CREATURES]),
    ("roll", []),
    ("reroll", []),
    ("keep", []),
    ("summon", [CREATURES]),
    ("glyft", [SORCERIES]),
    ("done", []),
]


def action_table() -> VerbTable:
    return GlyftsActions()


class GlyftsActions(VerbTable):
    """The numbering, with the mask's ids found by identity: the rules list only the interned
    actions of `notation.py` (module tables, alive as long as the program), so a dict keyed by
    their `id()` names each one's id without hashing the action (the mask asks for every legal
    action's id each step). An action not interned takes `VerbTable`'s way. Ids are this
    process's own: a copy or an unpickled table builds its dict again (`__reduce__`)."""

    def __init__(self) -> None:
        super().__init__(_VERBS)
        interned = [N.DONE, N.REROLL, N.KEEP, N.ROLL, *N.DEPLOY, *N.SUMMON, *N.GLYFT,
                    *(a for row in N.PLACE for a in row), *(a for row in N.ATTACK for a in row)]
        # The tables hold every interned action, so no other live object has one of these ids.
        self._interned = {id(a): self.encode(None, 0, a) for a in interned}

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return (GlyftsActions, ())

    @cython.locals(interned=dict, ids=list)  # compiled: a C dict lookup an action
    def encode_all(self, state: Any, seat: int, actions: Sequence[Action]) -> list[int]:
        interned = self._interned
        ids = []
        for action in actions:
            if cython.compiled:  # the action's address, as `id` gives it, without calling `id`
                number = interned.get(cython.cast(cython.Py_ssize_t, cython.cast(cython.p_void, action)))
            else:
                number = interned.get(id(action))
            ids.append(self.encode(state, seat, action) if number is None else number)
        return ids


# Per Creature: where it is (reserve / circle / captured / my secret pick, by relative seat), fought,
# face-down count, my face-down cards by kind.
C_RESERVE, C_CIRCLE, C_CAPTURED = 0, SEATS, 2 * SEATS
C_PICK = 3 * SEATS
C_FOUGHT, C_UNDER, C_MINE = C_PICK + 1, C_PICK + 2, C_PICK + 3
PER_CREATURE = C_MINE + NS


class GlyftsTensors(TensorEncoder):
    def __init__(self, players: int) -> None:
        lay = self.layout = Layout()
        self.o_phase = lay.add(len(PHASE_NAMES), "phase one-hot: " + ", ".join(PHASE_NAMES))
        self.o_turn = lay.add(2 * SEATS + 1, "active player, first player (relative seat one-hot, mine first), "
                                             "I am to move")
        self.o_players = lay.add(SEATS * 5, "per relative seat: alive, skill/10, reserve size/9, hand size/7, "
                                            "secret picks made/2")
        self.o_creatures = lay.add(NC * PER_CREATURE, f"{NC} Creatures x [in reserve of (4 relative seats; others' "
                                                      "only if revealed), in circle of (4), captured by (4), my "
                                                      "secret pick, fought this turn, face-down cards/2, my "
                                                      f"face-down cards by kind ({NS})]")
        self.o_hand = lay.add(NS, "my hand: count per Sorcery kind /4")
        self.o_discard = lay.add(NS, "discard pile: count per kind /8")
        self.o_misc = lay.add(4, "deck size/40, cards placed this turn/2, summon discount/3, summon Roll cost/8")
        self.o_summon = lay.add(NC, "the Creature being summoned, one-hot")
        self.o_battle = lay.add(2 * NC + 2 * NS + 8, "battle: attacker, defender (one-hot), attacker's and "
                                                     "defender's revealed cards by kind, dice/6, rerolls left, "
                                                     "attack bonus/6, health bonus/6, cancelled, I attack")
        self.observation_shape = self.information_state_shape = (lay.size,)
        self.players = players
        # The offsets in one tuple: the tensor reads them each call, one attribute read for all.
        self.offsets = (self.o_phase, self.o_turn, self.o_players, self.o_creatures, self.o_hand,
                        self.o_discard, self.o_misc, self.o_summon, self.o_battle)

    def describe(self) -> list[str]:
        return self.layout.describe()

    # Compiled, the tensor is a typed float32 memoryview and the offsets C integers (the layout's
    # offsets copied into typed locals): a write is a C store, not a Python item assignment. The
    # values are the same numbers as in Python (a count over 4.0 is the same double either way,
    # stored as float32; the bit sets of 36 Creatures fit a C integer), so the tensor is the same.
    @cython.locals(o=cython.float[:], n=cython.Py_ssize_t, p=cython.Py_ssize_t, r=cython.Py_ssize_t,
                   at=cython.Py_ssize_t, c=cython.Py_ssize_t, k=cython.Py_ssize_t, base=cython.Py_ssize_t,
                   o_turn=cython.Py_ssize_t, o_players=cython.Py_ssize_t, o_hand=cython.Py_ssize_t,
                   o_discard=cython.Py_ssize_t, o_misc=cython.Py_ssize_t, tail=cython.Py_ssize_t,
                   o_phase=cython.Py_ssize_t, o_summon=cython.Py_ssize_t, o_battle=cython.Py_ssize_t,
                   per=cython.Py_ssize_t, c_circle=cython.Py_ssize_t, c_captured=cython.Py_ssize_t,
                   c_mine=cython.Py_ssize_t, c_fought=cython.Py_ssize_t, c_under=cython.Py_ssize_t,
                   c_reserve=cython.Py_ssize_t, mine=cython.bint, ns=cython.Py_ssize_t, nc=cython.Py_ssize_t,
                   known=cython.Py_ssize_t, fought=cython.Py_ssize_t, x=cython.Py_ssize_t, held=cython.Py_ssize_t,
                   seat_c=cython.Py_ssize_t, skill=cython.Py_ssize_t, dealt=cython.Py_ssize_t, reserve=list, pending=list,
                   st=GlyftsState)
    def observation(self, state: Any, seat: int, out: np.ndarray) -> None:
        o = out if cython.compiled else writable(out)  # compiled, the typed view is taken from `out` itself
        st: GlyftsState = state
        n = st.num_players
        seat_c = seat
        per, c_reserve, c_circle, c_captured, c_mine = PER_CREATURE, C_RESERVE, C_CIRCLE, C_CAPTURED, C_MINE
        c_fought, c_under, ns, nc, skill, dealt = C_FOUGHT, C_UNDER, NS, NC, SKILL_TO_WIN, SORCERIES_DEALT
        o_phase, o_turn, o_players, base, o_hand, o_discard, o_misc, o_summon, o_battle = self.offsets
        o[o_phase + st.phase] = 1.0
        o[o_turn + (st.active - seat_c) % n] = 1.0  # seats relative to the observer's, mine 0
        o[o_turn + SEATS + (st.first - seat_c) % n] = 1.0
        if seat in st.to_move():
            o[o_turn + 2 * SEATS] = 1.0
        fought = st.fought
        for p in range(n):
            r = (p - seat_c) % n
            at = o_players + r * 5
            if st.alive[p]:
                o[at] = 1.0
            x = st.score[p]
            o[at + 1] = min(x, skill) / skill
            reserve = st.reserve[p]
            o[at + 2] = len(reserve) / 9.0
            held = 0
            for x in st.hands[p]:
                held += x
            o[at + 3] = held / dealt
            pending = st.pending[p]
            o[at + 4] = len(pending) / 2.0
            mine = p == seat_c
            known = st.known[p]
            for c in reserve:
                if mine or known >> c & 1:
                    o[base + c * per + c_reserve + r] = 1.0
            for c in st.circle[p]:
                at = base + c * per
                o[at + c_circle + r] = 1.0
                if fought >> c & 1:
                    o[at + c_fought] = 1.0
                under = st.under[c]
                o[at + c_under] = len(under) / 2.0
                if mine:
                    for k in under:
                        o[at + c_mine + k] += 1.0
            for c in st.captured[p]:
                o[base + c * per + c_captured + r] = 1.0
        for c in st.pending[seat]:
            o[base + c * per + C_PICK] = 1.0
        hand = st.hands[seat]
        discard = st.discard
        for k in range(ns):
            x = hand[k]
            o[o_hand + k] = x / 4.0
            x = discard[k]
            o[o_discard + k] = x / 8.0
        o[o_misc] = len(st.deck) / 40.0
        o[o_misc + 1] = st.placed / 2.0
        if st.summoning >= 0:
            o[o_misc + 2] = st.discount / 3.0
            o[o_misc + 3] = max(1, CARDS.creatures[st.summoning].roll_cost - st.discount) / 8.0
            o[o_summon + st.summoning] = 1.0
        b = st.battle
        if b is not None and st.phase in (BATTLE, FORTUNE):
            at = o_battle
            o[at + b.attacker] = 1.0
            o[at + nc + b.defender] = 1.0
            for k in b.attacker_cards:
                o[at + 2 * nc + k] += 1.0
            for k in b.defender_cards:
                o[at + 2 * nc + ns + k] += 1.0
            tail = at + 2 * nc + 2 * ns
            o[tail] = b.attacker_die / 6.0
            o[tail + 1] = b.defender_die / 6.0
            o[tail + 2] = min(b.attacker_rerolls, 2) / 2.0
            o[tail + 3] = min(b.defender_rerolls, 2) / 2.0
            o[tail + 4] = max(-6, min(6, b.attack_bonus)) / 6.0
            o[tail + 5] = max(-6, min(6, b.health_bonus)) / 6.0
            if b.cancelled:
                o[tail + 6] = 1.0
            if st.active == seat:
                o[tail + 7] = 1.0
