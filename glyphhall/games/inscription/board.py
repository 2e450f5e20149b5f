# cython: annotation_typing=True
"""The 4x2 board and the cards' ways between zones: card slots (laid out in state.py), power,
placing, perishing, moving and growing cards; a card or an item entering a hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Event

from .cards import OWNED_PILES, CardDef
from .notation import ev, secret
from .sigils import (
    ANT_DAMAGE,
    BONE_KING,
    CORPSE_EATER,
    HANDY,
    HEFTY,
    LEADER,
    RINGER,
    STINKY,
    UNKILLABLE,
    VARIABLE_POWER,
    WATERBORNE,
)

# The slot layout, re-exported: the views and tests write B.CID, B.HP, ... (the compiled rule
# modules import the names themselves: a module attribute is a dictionary lookup at every read)
from .state import ATTACKED as ATTACKED
from .state import BASE, CID, DIR, FLAGS, HP, SACS
from .state import TAIL_USED as TAIL_USED

if TYPE_CHECKING:
    from .state import InscriptionState


def right_of(seat: cython.int) -> int:
    """The lane step that is 'right' for a seat: players sit on opposite sides of the mat."""
    return 1 if seat == 0 else -1


def nearness(seat: int, k: int, j: int) -> int:
    """Which of several cards answers for space `j` (Burrower, Guardian): the nearest, and of two
    as near the one on the owner's right, so both seats play alike (the rulebook is silent)."""
    step = (j - k) * right_of(seat)  # > 0: the card is on the owner's left of the space
    return 2 * abs(step) + (step > 0)


def new_slot(st: InscriptionState, seat: int, cid: int, base: int | None = None) -> tuple:
    return (cid, st.defs[cid].health, right_of(seat), 0, 0, cid if base is None else base)


def name_at(st: InscriptionState, i: int) -> str:
    return st.defs[st.board[i][CID]].name


def submerged(st: InscriptionState, i: cython.int) -> bool:
    """Waterborne: face down on the adversary's turn."""
    slot = st.board[i]
    return slot is not None and bool(st.defs[slot[CID]].sig & WATERBORNE) and st.turn != i >> 2


# The sigil bits `power` tests, as C constants compiled (the sigils module's are Python ints).
_VARIABLE_POWER = cython.declare(cython.long, VARIABLE_POWER)
_ANT_DAMAGE = cython.declare(cython.long, ANT_DAMAGE)
_RINGER = cython.declare(cython.long, RINGER)
_HANDY = cython.declare(cython.long, HANDY)
_LEADER = cython.declare(cython.long, LEADER)
_STINKY = cython.declare(cython.long, STINKY)


@cython.cfunc
def _sig_at(board: list, defs: tuple, k: cython.int) -> cython.long:
    """The sigil bits of the card at `k` (0 where the space is empty)."""
    slot = board[k]
    if slot is None:
        return 0
    d: CardDef = defs[slot[CID]]
    return d.sig


@cython.locals(d=CardDef, sig=cython.long, p=cython.long, seat=cython.int, lane=cython.int,
               side=cython.int, opp=cython.int, k=cython.int, board=list, defs=tuple)
def power(st: InscriptionState, i: cython.int, mirror: bool = True) -> int:
    """The damage the card at `i` deals now (variable-power sigils, Leader, Stinky)."""
    board = st.board
    slot = board[i]
    defs = st.defs
    d = defs[slot[CID]]
    sig = d.sig
    seat, lane = i >> 2, i & 3
    side = seat * 4
    opp = (1 - seat) * 4 + lane
    if sig & _VARIABLE_POWER:
        if sig & _ANT_DAMAGE:
            p = 0
            for k in range(side, side + 4):
                if _sig_at(board, defs, k) & _ANT_DAMAGE:
                    p += 1
        elif sig & _RINGER:
            p = 4 - lane
        elif sig & _HANDY:
            p = len(st.hands[seat])
        else:  # Rorrim: the opposing card's power (a mirror facing a mirror shows nothing)
            p = power(st, opp, False) if mirror and board[opp] is not None else 0
    else:
        p = d.power
    # Leader lifts adjacent *creatures*: a Dam, Chime or placed item (not alive) stays at 0
    if d.alive:
        if lane > 0 and _sig_at(board, defs, i - 1) & _LEADER:
            p += 1
        if lane < 3 and _sig_at(board, defs, i + 1) & _LEADER:
            p += 1
    if _sig_at(board, defs, opp) & _STINKY:
        p -= 1
    return p if p > 0 else 0


def discard(st: InscriptionState, seat: cython.int, base: cython.int) -> None:
    """A card leaves play: a player's own card to their dead pile, an item to the bottom of the
    item pile, a squirrel or a shared token back to its pile (which we treat as unlimited)."""
    pile = st.defs[base].pile
    if pile in OWNED_PILES:
        st.dead[seat].append(base)
    elif pile == "item":
        st.item_pile.append(base)


def give_hand(st: InscriptionState, seat: int, cid: int, events: list[Event], why: str) -> None:
    """A card enters a hand in the open (the adversary sees which card)."""
    st.hands[seat].append(cid)
    st.known[seat].append(cid)
    events.append(ev(f"seat {seat} gets {st.defs[cid].name} in hand ({why})"))


def draw_item(st: InscriptionState, seat: int, events: list[Event], why: str) -> None:
    """Rulebook, Items: the top of the item pile to the seat's items, in secret."""
    if not st.item_pile:
        events.append(ev(f"seat {seat} would get an item ({why}) but the item pile is empty"))
        return
    cid = st.item_pile.pop(0)
    st.items[seat].append(cid)
    events.extend(secret(seat, f"seat {seat} gets the item {st.defs[cid].name} ({why})",
                               f"seat {seat} gets an item ({why})"))


def take_from_hand(st: InscriptionState, seat: cython.int, index: cython.int) -> int:
    cid = st.hands[seat].pop(index)
    known = st.known[seat]
    if cid in known:
        known.remove(cid)
    return cid


def perish(st: InscriptionState, i: cython.int, events: list[Event], combat: bool) -> None:
    """The card at `i` dies: bones, Unkillable, cards that turn into another, Corpse Eater."""
    slot = st.board[i]
    seat = i >> 2
    d = st.defs[slot[CID]]
    st.board[i] = None
    gained = 0
    if d.alive:  # Rulebook, Card Costs > Bones: one bone per creature's death (Bone King: 4)
        gained = 4 if d.sig & BONE_KING else 1
        st.bones[seat] += gained
    events.append(ev(f"{d.name} perishes" + (f"; seat {seat} gains {gained} bone{'s' * (gained > 1)}" if gained else "")))
    if d.dies_into:  # Frozen Opossum, Caged Wolf
        discard(st, seat, slot[BASE])
        cid = st.catalog_token(d.dies_into)
        st.board[i] = (cid, st.defs[cid].health, slot[DIR], 0, 0, cid)
        events.append(ev(f"{d.name} is replaced by {st.defs[cid].name}"))
        return
    if d.sig & UNKILLABLE:
        base = slot[BASE]
        if "ouroboros" in st.defs[base].special and st.options["unused_cards"]:
            base = st.grow_ouroboros(base)
        give_hand(st, seat, base, events, "Unkillable")
    else:
        discard(st, seat, slot[BASE])
    if combat and st.may_hold(seat, CORPSE_EATER):  # asked even without one: no leak
        st.pending.append(("corpse", seat, i & 3))


def wound(st: InscriptionState, i: int, amount: int, events: list[Event]) -> None:
    """Non-attack damage (Sharp Quills, The Daus) to the card at `i`."""
    slot = st.board[i]
    hp = slot[HP] - amount
    events.append(ev(f"{name_at(st, i)} takes {amount} damage"))
    if hp <= 0:
        perish(st, i, events, combat=True)
    else:
        st.board[i] = slot[:HP] + (hp,) + slot[HP + 1 :]


def place_token(st: InscriptionState, seat: int, lane: int, name: str, events: list[Event]) -> None:
    cid = st.catalog_token(name)
    st.board[seat * 4 + lane] = new_slot(st, seat, cid)
    events.append(ev(f"{name} appears in seat {seat}'s space {lane + 1}"))


def move(st: InscriptionState, src: int, dst: int, events: list[Event], slot: tuple | None = None) -> None:
    """Move a card to an empty space; Long Elk drops a Vertebrae where it was."""
    slot = st.board[src] if slot is None else slot
    st.board[dst] = slot
    st.board[src] = None
    events.append(ev(f"{st.defs[slot[CID]].name} moves to space {(dst & 3) + 1}"))
    leave_vertebrae(st, src, slot, events)


def leave_vertebrae(st: InscriptionState, src: int, slot: tuple, events: list[Event]) -> None:
    if "drops_vertebrae" in st.defs[slot[CID]].special and st.board[src] is None:
        place_token(st, src >> 2, src & 3, "Vertebrae", events)


def grow(st: InscriptionState, i: int, events: list[Event]) -> None:
    """Fledgling: replaced by its stronger form, with that form's full health."""
    slot = st.board[i]
    d = st.defs[slot[CID]]
    if not d.grows_into:
        return  # a death card may have Fledgling without a stronger form
    cid = st.catalog_token(d.grows_into)
    st.board[i] = (cid, st.defs[cid].health, slot[DIR], slot[FLAGS], slot[SACS], slot[BASE])
    events.append(ev(f"{d.name} grows into {st.defs[cid].name}"))


def strafe(st: InscriptionState, i: int, events: list[Event]) -> int:
    """Sprinter / Hefty at the end of the owner's turn. Returns the card's new index."""
    slot = st.board[i]
    hefty = bool(st.defs[slot[CID]].sig & HEFTY)
    side = (i >> 2) * 4
    for step in (slot[DIR], -slot[DIR]):
        lane = i & 3
        if hefty:
            # find the first empty space in that direction; everything up to it shifts along
            k = lane + step
            while 0 <= k < 4 and st.board[side + k] is not None:
                k += step
            if not 0 <= k < 4:
                continue
            moved = slot[:DIR] + (step,) + slot[DIR + 1 :]
            while k != lane:
                st.board[side + k] = st.board[side + k - step]
                k -= step
            st.board[side + lane] = None
            st.board[side + lane + step] = moved
            events.append(ev(f"{st.defs[slot[CID]].name} pushes to space {lane + step + 1}"))
            leave_vertebrae(st, i, moved, events)
            return side + lane + step
        dst = lane + step
        if 0 <= dst < 4 and st.board[side + dst] is None:
            move(st, i, side + dst, events, slot[:DIR] + (step,) + slot[DIR + 1 :])
            return side + dst
    return i
