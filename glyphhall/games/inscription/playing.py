# cython: annotation_typing=True
"""Drawing and playing cards (Rulebook, Gameplay > 1 and 2, Card Costs): the draw, a card from
the hand onto the board with its sacrifices and bones, on-play sigils, Guardian's answer, and a
card chosen from the deck (Hoarder, Magpie's Lens)."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Event

from . import board as B
from . import sigils as S
from .cards import BONES
from .notation import ev, secret
from .sigils import (
    ANT_SPAWNER,
    BELLIST,
    DAM_BUILDER,
    FECUNDITY,
    GUARDIAN,
    HOARDER,
    MANY_LIVES,
    ON_PLAY,
    RABBIT_HOLE,
    TRINKET_BEARER,
)
from .state import ATTACKED, BASE, CID, DIR, FLAGS, SACS

if TYPE_CHECKING:
    from .state import InscriptionState


def draw(st: InscriptionState, seat: cython.int, creature: bool, events: list[Event]) -> None:
    if creature:
        cid = st.decks[seat].pop()
        st.hands[seat].append(cid)
        events.extend(secret(seat, f"seat {seat} draws {st.defs[cid].name}", f"seat {seat} draws a creature card"))
    else:
        if st.options["limited_squirrels"]:
            st.squirrels[seat] -= 1
        cid = st.catalog_token("Squirrel")
        st.hands[seat].append(cid)
        st.known[seat].append(cid)
        events.append(ev(f"seat {seat} draws a squirrel"))



def play(st: InscriptionState, seat: cython.int, args: tuple, events: list[Event]) -> None:
    """Rulebook, Gameplay > 2 and Card Costs: sacrifice, pay bones, place, then on-play sigils."""
    h, lane = int(args[0]) - 1, int(args[1]) - 1
    cid = B.take_from_hand(st, seat, h)
    d = st.defs[cid]
    for sac in args[3:]:
        sacrifice(st, seat, int(sac) - 1, events)
    if d.kind == BONES:
        st.bones[seat] -= d.cost
    events.append(ev(f"seat {seat} plays {d.name} on space {lane + 1}"))
    place_played(st, seat, lane, cid, events)



def sacrifice(st: InscriptionState, seat: int, lane: int, events: list[Event]) -> None:
    i = seat * 4 + lane
    slot = st.board[i]
    d = st.defs[slot[CID]]
    events.append(ev(f"seat {seat} sacrifices {d.name}"))
    if d.sig & MANY_LIVES:  # it does not perish (and so gives no bone)
        sacs = slot[SACS] + 1
        if "nine_lives" in d.special and st.options["cat_nine_lives"] and sacs >= 9:
            cid = st.catalog_token("Undead Cat")
            st.board[i] = (cid, st.defs[cid].health, slot[DIR], slot[FLAGS], sacs, slot[BASE])
            events.append(ev(f"{d.name} has been sacrificed 9 times and turns into the Undead Cat"))
        else:
            st.board[i] = slot[: SACS] + (sacs,) + slot[SACS + 1 :]
        return
    B.perish(st, i, events, combat=False)



def place_played(st: InscriptionState, seat: cython.int, lane: cython.int, cid: cython.int, events: list[Event]) -> None:
    """A card played from the hand: its on-play sigils, and the adversary's Guardian."""
    st.board[seat * 4 + lane] = B.new_slot(st, seat, cid)
    sig = st.defs[cid].sig
    if sig & ON_PLAY:
        if sig & FECUNDITY:
            copy = fecundity_copy(st, cid)
            B.give_hand(st, seat, copy, events, "Fecundity")
        if sig & ANT_SPAWNER:
            B.give_hand(st, seat, st.catalog_token("Worker Ant"), events, "Ant Spawner")
        if sig & RABBIT_HOLE:
            B.give_hand(st, seat, st.catalog_token("Rabbit"), events, "Rabbit Hole")
        if sig & TRINKET_BEARER and st.options["items"]:
            B.draw_item(st, seat, events, "Trinket Bearer")
        for bit, token in ((BELLIST, "Chime"), (DAM_BUILDER, "Dam")):
            if sig & bit:
                for k in (lane - 1, lane + 1):
                    if 0 <= k < 4 and st.board[seat * 4 + k] is None:
                        B.place_token(st, seat, k, token, events)
        if sig & HOARDER and st.decks[seat]:
            st.pending.append(("hoard", seat, 0))
    guard(st, seat, lane, events)



def fecundity_copy(st: InscriptionState, cid: int) -> int:
    d = st.defs[cid]
    for other in st.defs:
        if other.pile == "swap" and other.name == d.name and other.sig == d.sig & ~FECUNDITY:
            return other.id
    spec = d.spec()
    spec.update(pile="swap", sigils=S.names(d.sig & ~FECUNDITY))
    return st.add_def(spec)



def guard(st: InscriptionState, seat: cython.int, lane: cython.int, events: list[Event]) -> None:
    """Guardian: when an opposing card is played opposite an empty space, move there."""
    other = 1 - seat
    j = other * 4 + lane
    if st.board[j] is not None:
        return
    best, best_key = -1, 9
    for k in range(other * 4, other * 4 + 4):
        slot = st.board[k]
        if slot is not None and st.defs[slot[CID]].sig & GUARDIAN:
            key = B.nearness(other, k, j)
            if key < best_key:
                best, best_key = k, key
    if best >= 0:
        slot = st.board[best]
        if st.lane > (best & 3) and st.lane <= lane and st.turn == other:
            # Corpse Eater played mid-combat: the attacker's Guardian, which has struck already,
            # moves ahead of the arrow; it must not strike twice in the turn
            slot = slot[: FLAGS] + (slot[FLAGS] | ATTACKED,) + slot[FLAGS + 1 :]
        B.move(st, best, j, events, slot)



def take(st: InscriptionState, seat: int, slug: str, events: list[Event]) -> None:
    """Hoarder / Magpie's Lens: a chosen deck card to the hand, shown to the adversary; shuffle."""
    st.pending.pop(0)
    deck = st.decks[seat]
    k = [st.defs[c].slug for c in deck].index(slug)
    cid = deck.pop(k)
    B.give_hand(st, seat, cid, events, "chosen from the deck")
    st.rng.shuffle(deck)
