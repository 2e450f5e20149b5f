"""Inscription for learners: fixed action ids and the observation tensors (engine/action_ids.py,
engine/tensors.py). The README's "Reinforcement learning" section lists both layouts.

Action ids name cards by kind, not by hand position (the rules offer identical hand cards once,
at the first), so id k means the same move in every state: `play Stoat on space 2 sacrificing
nothing`. A card made in play (a death card, a grown Ouroboros) has no kind of its own: it is
named by its rank among the distinct made cards of that zone, in the zone's order (8 ranks).

Tensors are seat-relative ("mine" first, then "theirs") and read only what the seat may see;
the information state adds the multiset of the adversary's cards not yet seen (their drafted
deck and hand, less the hand cards seen entering it), which the open draft made public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from glyphhall.engine import Action
from glyphhall.engine.action_ids import ActionCodec
from glyphhall.engine.tensors import Layout, TensorEncoder, writable

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython
from .cards import BLOOD, BONES, catalog
from .notation import DEATHCARD, DRAFT, DRAW, OVER, PLAY, act
from .state import CID, HP, SACS

if cython.compiled:  # the state's class and the board's functions in C: the tensor reads fields in C
    from cython.cimports.glyphhall.games.inscription.board import power, submerged
    from cython.cimports.glyphhall.games.inscription.state import InscriptionState
else:
    from .board import power, submerged
    from .state import InscriptionState

KINDS = len(catalog().defs)  # card kinds of the box; a made card's column is KINDS
MADE_RANKS = 8
CARD_IDS = KINDS + MADE_RANKS  # a card in an action: a kind, or a made card's rank
ITEM_KINDS = tuple(d.item for d in catalog().defs if d.item)
SAC_SETS = 16  # subsets of the 4 spaces, as bit masks
#: item tails: none, a target space, a target and an own space, a space with a sacrifice set
ITEM_TAILS = (1, 4, 16, 4 * 15)
CHOICES = 8
NAMES = 8


class _Blocks:
    """Consecutive id blocks by name: (first id, size)."""

    def __init__(self, sizes: list[tuple[str, int, str]]) -> None:
        self.start: dict[str, int] = {}
        self.lines: list[str] = []
        at = 0
        for name, size, meaning in sizes:
            self.start[name] = at
            self.lines.append(f"{at}..{at + size - 1}: {meaning}")
            at += size
        self.size = at


BLOCKS = _Blocks([
    ("draft", 3, "draft <face-up card 1-3>"),
    ("draw", 2, "draw creature, draw squirrel"),
    ("play", CARD_IDS * 4 * SAC_SETS, f"play <card: {KINDS} kinds, then {MADE_RANKS} made-card ranks> x "
                                      "<space 1-4> x <sacrificed spaces, a subset of 1-4 as bits>"),
    ("item", len(ITEM_KINDS) * sum(ITEM_TAILS), f"item <{len(ITEM_KINDS)} item kinds> x <none | their space | "
                                                "their space and yours | your space and a sacrifice set>"),
    ("bell", 1, "bell"),
    ("eat", CARD_IDS, "eat <card> (Corpse Eater)"),
    ("pass", 1, "pass"),
    ("take", CARD_IDS, "take <card> (Hoarder)"),
    ("choose", CHOICES, "choose <1-8> (making a death card)"),
    ("name", NAMES, "name <k-th suggested name> (making a death card; parameterised)"),
])


_STARTS = BLOCKS.start


def card_column(st: InscriptionState, cid: int) -> int:
    return cid if cid < KINDS else KINDS


def _card_id(st: InscriptionState, zone: list[int], cid: int) -> int:
    """A card's id in actions: its kind, or KINDS + its rank among the zone's made cards."""
    if cid < KINDS:
        return cid
    made: list[int] = []
    for c in zone:
        if c >= KINDS and c not in made:
            made.append(c)
    rank = made.index(cid)
    if rank >= MADE_RANKS:
        raise ValueError(f"more than {MADE_RANKS} made cards in one zone have no action id")
    return KINDS + rank


def _card_of(st: InscriptionState, zone: list[int], card_id: int) -> int | None:
    if card_id < KINDS:
        return card_id if card_id in zone else None
    made: list[int] = []
    for c in zone:
        if c >= KINDS and c not in made:
            made.append(c)
    rank = card_id - KINDS
    return made[rank] if rank < len(made) else None


def _number(arg: int | str) -> int:
    """A numeric argument of an action (a hand slot, a lane, a choice); the codec is asked only
    about legal actions, whose such arguments are numbers."""
    if not isinstance(arg, int):
        raise ValueError(f"expected a number in the action, not {arg!r}")
    return arg


@cython.locals(bits=cython.Py_ssize_t)
def _sac_bits(tail: tuple[int | str, ...]) -> int:
    """Spaces 1-4 as bits (a loop: Cython makes a generator object of a generator expression)."""
    bits = 0
    for x in tail:
        bits += 1 << (int(x) - 1)
    return bits


def _take_id(st: InscriptionState, seat: int, slug: Any) -> int:
    deck = st.decks[seat]
    cid = next(c for c in deck if st.defs[c].slug == slug)
    return _card_id(st, sorted(deck, key=lambda c: st.defs[c].slug), cid)


def _name_rank(st: InscriptionState, seat: int, action: Action) -> int:
    return [a for a in st.legal_actions(seat) if a.verb == "name"].index(action)


# A C function compiled (the mask asks it for every legal move of every step).
@cython.cfunc
@cython.locals(st=InscriptionState, seat=cython.int, start=cython.Py_ssize_t, card=cython.Py_ssize_t,
               k=cython.Py_ssize_t, starts=dict)
def _encode(st: Any, seat: int, action: Action) -> int:
    verb, args = action.verb, action.args
    starts = _STARTS
    found = starts.get(verb)
    if found is None:
        raise ValueError(f"'{action}' has no action id")
    start = found
    if verb == "play":
        hand = st.hands[seat]
        card = _card_id(st, hand, hand[_number(args[0]) - 1])
        sacs = _sac_bits(args[3:]) if len(args) > 3 else 0
        return start + (card * 4 + _number(args[1]) - 1) * SAC_SETS + sacs
    if verb == "draft" or verb == "choose":
        return start + _number(args[0]) - 1
    if verb == "draw":
        return start + (args[0] == "squirrel")
    if verb == "item":
        kind = ITEM_KINDS.index(st.defs[st.items[seat][_number(args[0]) - 1]].item)
        return start + kind * sum(ITEM_TAILS) + _item_tail(args[1:])
    if verb == "eat":
        hand = st.hands[seat]
        return start + _card_id(st, hand, hand[_number(args[0]) - 1])
    if verb == "take":
        return start + _take_id(st, seat, args[0])
    if verb == "name":
        k = _name_rank(st, seat, action)
        if k >= NAMES:
            raise ValueError(f"'{action}' has no action id")
        return start + k
    return start  # bell, pass


class InscriptionActions(ActionCodec):
    size = BLOCKS.size

    def describe(self) -> list[str]:
        return BLOCKS.lines

    def encode(self, state: Any, seat: int, action: Action) -> int:
        return _encode(state, seat, action)

    def encode_all(self, state: Any, seat: int, actions: Sequence[Action]) -> list[int]:
        st: InscriptionState = state
        return [_encode(st, seat, a) for a in actions]

    def decode(self, state: Any, seat: int, action_id: int) -> Action | None:
        st: InscriptionState = state
        name, start = max(((n, s) for n, s in BLOCKS.start.items() if s <= action_id), key=lambda p: p[1])
        k = action_id - start
        if name in ("draft", "choose"):
            return act(name, k + 1)
        if name == "draw":
            return act("draw", ("creature", "squirrel")[k])
        if name in ("bell", "pass"):
            return act(name)
        if name == "play":
            card, rest = divmod(k, 4 * SAC_SETS)
            lane, sacs = divmod(rest, SAC_SETS)
            h = _hand_slot(st, seat, card)
            if h is None:
                return None
            sacrifices: tuple[int | str, ...] = ("sacrifice", *(x + 1 for x in range(4) if sacs >> x & 1)) if sacs else ()
            return act("play", h, lane + 1, *sacrifices)
        if name == "eat":
            h = _hand_slot(st, seat, k)
            return None if h is None else act("eat", h)
        if name == "item":
            kind, tail = divmod(k, sum(ITEM_TAILS))
            slot = next((n + 1 for n, c in enumerate(st.items[seat]) if st.defs[c].item == ITEM_KINDS[kind]), None)
            return None if slot is None else act("item", slot, *_item_args(tail))
        if name == "take":
            deck = sorted(st.decks[seat], key=lambda c: st.defs[c].slug)
            cid = _card_of(st, deck, k)
            return None if cid is None else act("take", st.defs[cid].slug)
        names = [a for a in st.legal_actions(seat) if a.verb == "name"]
        return names[k] if k < len(names) else None


def _hand_slot(st: InscriptionState, seat: int, card_id: int) -> int | None:
    hand = st.hands[seat]
    cid = _card_of(st, hand, card_id)
    return None if cid is None else hand.index(cid) + 1


def _item_tail(rest: tuple[int | str, ...]) -> int:
    if not rest:
        return 0
    if len(rest) == 1:
        return 1 + _number(rest[0]) - 1
    if rest[1] != "sacrifice":
        return 1 + 4 + (_number(rest[0]) - 1) * 4 + _number(rest[1]) - 1
    return 1 + 4 + 16 + (_number(rest[0]) - 1) * 15 + _sac_bits(rest[2:]) - 1


def _item_args(tail: int) -> tuple[int | str, ...]:
    if tail == 0:
        return ()
    tail -= 1
    if tail < 4:
        return (tail + 1,)
    tail -= 4
    if tail < 16:
        return (tail // 4 + 1, tail % 4 + 1)
    lane, bits = divmod(tail - 16, 15)
    return (lane + 1, "sacrifice", *(x + 1 for x in range(4) if (bits + 1) >> x & 1))


# --- tensors ------------------------------------------------------------------------------------
PHASES = (DRAFT, DRAW, PLAY, DEATHCARD, OVER)
SIGIL_BITS = 31
COLS = KINDS + 1
ROW_LEN = COLS + SIGIL_BITS + 2  # a card kind's fixed features (`_card_row`)
SPACE = 1 + ROW_LEN + 4  # occupied, kind, sigils, power, health, max health, cost, flags


def _card_row(d: Any) -> np.ndarray:
    row = np.zeros(ROW_LEN, np.float32)
    row[d.id if d.id < KINDS else KINDS] = 1.0
    for b in range(SIGIL_BITS):
        if d.sig >> b & 1:
            row[COLS + b] = 1.0
    row[COLS + SIGIL_BITS] = min(d.cost, 10) / (4.0 if d.kind == BLOOD else 10.0)
    row[COLS + SIGIL_BITS + 1] = 1.0 if d.kind == BONES else 0.0
    return row


_ROWS: dict[Any, tuple[tuple[int, float], ...]] = {}


def card_entries(d: Any) -> tuple[tuple[int, float], ...]:
    """The non-zero entries of a card kind's fixed features (`_card_row`, made cards included) as
    (offset, float32 value), built once per definition: the encoder writes only these into its
    zeroed tensor (the same tensor as writing the whole row)."""
    entries = _ROWS.get(d)
    if entries is None:
        if len(_ROWS) > 10_000:
            _ROWS.clear()
        row = _card_row(d)
        entries = _ROWS[d] = tuple((int(k), float(row[k])) for k in np.flatnonzero(row))
    return entries


class InscriptionTensors(TensorEncoder):
    def __init__(self) -> None:
        lay = self.layout = Layout()
        self.o_phase = lay.add(len(PHASES), "phase one-hot: draft, draw, play, death card, over")
        self.o_flags = lay.add(12, "to move; decision pending (Corpse Eater, Hoarder); my and their candles/2, "
                                   "scale toward them/5, my and their bones/10, first turns, skipped turns")
        self.o_counts = lay.add(9, "hand sizes/10, deck sizes/20, item counts/4, item pile/20, squirrels left/10")
        self.o_misc = lay.add(6, "fan, turn/300, decision's space one-hot (4)")
        self.o_board = lay.add(8 * SPACE, f"8 spaces (mine 1-4, theirs 1-4) x [occupied, kind one-hot ({COLS}), "
                                          f"sigils ({SIGIL_BITS}), cost, bones cost, power/5, health/10, "
                                          "submerged, sacrifices/9]")
        self.o_hand = lay.add(COLS, "my hand: count per kind /4")
        self.o_items = lay.add(len(ITEM_KINDS), "my items: count per kind")
        self.o_deck = lay.add(COLS, "my deck: count per kind /4")
        self.o_known = lay.add(COLS, "their hand cards seen entering it: count per kind /4")
        self.o_dead = lay.add(2 * COLS, "dead piles, mine then theirs: count per kind /4")
        self.o_faceup = lay.add(3 * COLS, "draft: face-up cards 1-3, kind one-hot")
        self.o_picked = lay.add(COLS, "draft: their picks so far, count per kind /4")
        self.observation_shape = (lay.size,)
        # The offsets in one tuple: the tensor reads them each call, one attribute read for all.
        self.offsets = (self.o_phase, self.o_flags, self.o_counts, self.o_misc, self.o_board, self.o_hand,
                        self.o_items, self.o_deck, self.o_known, self.o_dead, self.o_faceup, self.o_picked)
        self.i_unseen = lay.add(COLS, "information state: their cards not yet seen (drafted deck and hand, "
                                      "less the hand cards seen entering it), count per kind /4")
        self.information_state_shape = (lay.size,)

    def describe(self) -> list[str]:
        return self.layout.describe()

    # Compiled, the tensor is a typed float32 memoryview and the offsets C integers: a write is a C
    # store, not a Python item assignment. The values are computed as before (Python numbers,
    # stored as float32), so the tensor is the same.
    @cython.locals(o=cython.float[:], f=cython.Py_ssize_t, c=cython.Py_ssize_t, at=cython.Py_ssize_t,
                   n=cython.Py_ssize_t, i=cython.Py_ssize_t, k=cython.Py_ssize_t, tail=cython.Py_ssize_t,
                   o_misc=cython.Py_ssize_t, o_board=cython.Py_ssize_t, o_items=cython.Py_ssize_t,
                   space=cython.Py_ssize_t, row_len=cython.Py_ssize_t, kinds=cython.Py_ssize_t,
                   seat_c=cython.Py_ssize_t, them=cython.Py_ssize_t, st=InscriptionState,
                   o_phase=cython.Py_ssize_t, o_hand=cython.Py_ssize_t, o_deck=cython.Py_ssize_t,
                   o_known=cython.Py_ssize_t, o_dead=cython.Py_ssize_t, o_faceup=cython.Py_ssize_t,
                   o_picked=cython.Py_ssize_t)
    def observation(self, state: Any, seat: int, out: np.ndarray) -> None:
        o = out if cython.compiled else writable(out)  # compiled, the typed view is taken from `out` itself
        st: InscriptionState = state
        seat_c = seat
        them = 1 - seat_c
        kinds = KINDS
        (o_phase, f, c, o_misc, o_board, o_hand, o_items, o_deck, o_known, o_dead, o_faceup,
         o_picked) = self.offsets
        o[o_phase + PHASES.index(st.phase)] = 1.0
        if seat in st.to_move():
            o[f] = 1.0
        if st.pending:
            kind, _, lane = st.pending[0]
            o[f + 1 + (kind != "corpse")] = 1.0
            o[o_misc + 2 + lane] = 1.0
        candles, bones, first_turn, skip = st.candles, st.bones, st.first_turn, st.skip
        o[f + 3] = candles[seat_c] / 2.0
        o[f + 4] = candles[them] / 2.0
        toward = st.scale if seat_c == 0 else -st.scale
        o[f + 5] = max(-5, min(5, toward)) / 5.0
        o[f + 6] = min(bones[seat_c], 20) / 10.0
        o[f + 7] = min(bones[them], 20) / 10.0
        if first_turn[seat_c]:
            o[f + 8] = 1.0
        if first_turn[them]:
            o[f + 9] = 1.0
        if skip[seat_c]:
            o[f + 10] = 1.0
        if skip[them]:
            o[f + 11] = 1.0
        hands, decks, items = st.hands, st.decks, st.items
        o[c] = len(hands[seat_c]) / 10.0
        o[c + 1] = len(hands[them]) / 10.0
        o[c + 2] = len(decks[seat_c]) / 20.0
        o[c + 3] = len(decks[them]) / 20.0
        o[c + 4] = len(items[seat_c]) / 4.0
        o[c + 5] = len(items[them]) / 4.0
        o[c + 6] = len(st.item_pile) / 20.0
        if st.options["limited_squirrels"]:
            o[c + 7] = st.squirrels[seat_c] / 10.0
            o[c + 8] = st.squirrels[them] / 10.0
        if st.fan:
            o[o_misc] = 1.0
        o[o_misc + 1] = min(st.turn_no, 300) / 300.0
        board, defs = st.board, st.defs
        space, row_len = SPACE, ROW_LEN
        for n in range(8):
            i = (seat_c if n < 4 else them) * 4 + (n & 3)
            slot = board[i]
            if slot is None:
                continue
            at = o_board + n * space
            o[at] = 1.0
            for k, value in card_entries(defs[slot[CID]]):
                o[at + 1 + k] = value
            tail = at + 1 + row_len
            o[tail] = min(power(st, i), 10) / 5.0
            o[tail + 1] = min(slot[HP], 20) / 10.0
            if submerged(st, i):
                o[tail + 2] = 1.0
            o[tail + 3] = min(slot[SACS], 9) / 9.0
        _count(o, o_hand, hands[seat_c])
        for cid in items[seat_c]:
            o[o_items + ITEM_KINDS.index(defs[cid].item)] += 1.0
        _count(o, o_deck, decks[seat_c])
        _count(o, o_known, st.known[them])
        _count(o, o_dead, st.dead[seat_c])
        _count(o, o_dead + COLS, st.dead[them])
        if st.phase == DRAFT:
            at = o_faceup
            for k, cid in enumerate(st.faceup):
                o[at + k * COLS + (cid if cid < kinds else kinds)] = 1.0
            _count(o, o_picked, decks[them])

    def information_state(self, state: Any, seat: int, out: np.ndarray) -> None:
        out = writable(out)
        st: InscriptionState = state
        self.observation(st, seat, out)
        them = 1 - seat
        _count(out, self.i_unseen, st.decks[them])
        _count(out, self.i_unseen, st.hands[them])
        for cid in st.known[them]:
            out[self.i_unseen + (cid if cid < KINDS else KINDS)] -= 0.25


# A C function compiled: the typed tensor passes as it is (a Python call would box it each time).
@cython.cfunc
@cython.locals(o=cython.float[:], at=cython.Py_ssize_t, cid=cython.Py_ssize_t, kinds=cython.Py_ssize_t)
def _count(o: Any, at: int, cards: list[int]) -> None:
    kinds = KINDS
    for cid in cards:
        o[at + (cid if cid < kinds else kinds)] += 0.25
