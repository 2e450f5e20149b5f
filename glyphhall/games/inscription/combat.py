# cython: annotation_typing=True
"""Ringing the bell: attacks in the arrow's order, damage to cards and to the scale, and the end
of the turn (Sprinter/Hefty moves, a death on the scale, items at exactly 4, the next turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Event

from . import board as B
from . import turn
from .notation import ev
from .sigils import (
    AIRBORNE,
    BEES_WITHIN,
    BELLIST,
    BURROWER,
    HEFTY,
    LOOSE_TAIL,
    MIGHTY_LEAP,
    SHARP_QUILLS,
    SPRINTER,
    TOUCH_OF_DEATH,
    TRIFURCATED,
)
from .state import ATTACKED, CID, DIR, FLAGS, HP, TAIL_USED

if TYPE_CHECKING:
    from .state import InscriptionState

FIRST_TURN_CAP = 3


def hurt_player(st: InscriptionState, attacker: int, amount: int, events: list[Event]) -> None:
    """Move the tooth toward the attacker's adversary. Rulebook, Gameplay > 4: on a player's first
    turn (and the first after a death) at most 3 is counted on the scale."""
    if st.first_turn[attacker]:
        amount = min(amount, FIRST_TURN_CAP - st.dealt)
    if amount <= 0:
        return
    st.dealt += amount
    scale = st.scale + (amount if attacker == 0 else -amount)
    st.scale = max(-5, min(5, scale))
    events.append(ev(f"seat {1 - attacker} takes {amount} damage (scale {st.scale:+d})"))


def run_combat(st: InscriptionState, events: list[Event]) -> None:
    """Resolve attacks from lane `st.lane` on; stop when a decision (Corpse Eater) is pending."""
    attacker = st.turn
    while st.lane < 4:
        i = attacker * 4 + st.lane
        st.lane += 1
        slot = st.board[i]
        if slot is not None:
            if slot[FLAGS] & ATTACKED:  # each card strikes once a turn (see playing.guard)
                st.board[i] = slot[: FLAGS] + (slot[FLAGS] & ~ATTACKED,) + slot[FLAGS + 1 :]
                continue
            attack(st, i, events)
        if st.pending:
            return
    st.lane = -1
    end_turn(st, events)


def attack(st: InscriptionState, i: cython.int, events: list[Event]) -> None:
    slot = st.board[i]
    p = B.power(st, i)
    if p <= 0:
        return  # a card with no damage does not strike
    sig = st.defs[slot[CID]].sig
    lane = i & 3
    opp = (1 - (i >> 2)) * 4
    lanes = (lane - 1, lane, lane + 1) if sig & TRIFURCATED else (lane,)
    for t in lanes:
        if 0 <= t < 4:
            now = st.board[i]
            if now is None or now[CID] != slot[CID]:
                return  # the attacker died (Sharp Quills, The Daus)
            strike(st, i, opp + t, p, events)


def strike(st: InscriptionState, i: int, j: int, p: int, events: list[Event]) -> None:
    """The card at `i` strikes space `j` with `p` damage."""
    attacker = i >> 2
    defs = st.defs
    sig = defs[st.board[i][CID]].sig
    airborne = bool(sig & AIRBORNE) or st.fan
    target = st.board[j]
    if target is not None and B.submerged(st, j):
        hurt_player(st, attacker, p, events)  # Waterborne: the space counts as empty
        return
    if target is not None and airborne and not defs[target[CID]].sig & MIGHTY_LEAP:
        hurt_player(st, attacker, p, events)  # Airborne flies over
        return
    if target is None:
        mole = burrower_for(st, j, airborne)
        if mole < 0:
            hurt_player(st, attacker, p, events)
            return
        B.move(st, mole, j, events)
    damage_card(st, i, j, p, events)


def burrower_for(st: InscriptionState, j: int, airborne: bool) -> int:
    """A Burrower of the defender that moves into the attacked empty space `j` (a flyer is only
    blocked by one that also has Mighty Leap)."""
    seat = j >> 2
    side = seat * 4
    best, best_key = -1, 9
    for k in range(side, side + 4):
        slot = st.board[k]
        if slot is None or k == j or B.submerged(st, k):
            continue
        sig = st.defs[slot[CID]].sig
        if sig & BURROWER and (not airborne or sig & MIGHTY_LEAP):
            key = B.nearness(seat, k, j)
            if key < best_key:
                best, best_key = k, key
    return best


def damage_card(st: InscriptionState, i: int, j: int, p: int, events: list[Event]) -> None:
    defs = st.defs
    target = st.board[j]
    td = defs[target[CID]]
    seat = j >> 2
    if td.sig & LOOSE_TAIL and not target[FLAGS] & TAIL_USED:
        lane = j & 3
        for step in (B.right_of(seat), -B.right_of(seat)):
            dst = lane + step
            if 0 <= dst < 4 and st.board[seat * 4 + dst] is None:
                moved = target[: FLAGS] + (target[FLAGS] | TAIL_USED,) + target[FLAGS + 1 :]
                B.move(st, j, seat * 4 + dst, events, moved)
                if st.board[j] is None:
                    B.place_token(st, seat, lane, "Wriggling Tail", events)
                target = st.board[j]
                td = defs[target[CID]]
                break
    ad = defs[st.board[i][CID]]
    hp = target[HP]
    left = 0 if ad.sig & TOUCH_OF_DEATH else hp - p
    events.append(ev(f"seat {i >> 2}'s {ad.name} strikes seat {j >> 2}'s {td.name} for {p}"))
    if left <= 0:
        B.perish(st, j, events, combat=True)
    else:
        st.board[j] = target[: HP] + (left,) + target[HP + 1 :]
    if td.sig & BEES_WITHIN:
        B.give_hand(st, seat, st.catalog_token("Bee"), events, "Bees Within")
    if td.name == "Chime":  # Rulebook, Card Details > The Daus
        side = seat * 4
        for k in range(side, side + 4):
            slot = st.board[k]
            if slot is not None and defs[slot[CID]].sig & BELLIST and st.board[i] is not None:
                events.append(ev(f"{defs[slot[CID]].name} answers the chime"))
                B.wound(st, i, 2, events)
    if td.sig & SHARP_QUILLS and st.board[i] is not None:
        B.wound(st, i, 1, events)
    if st.options["over_damage"] and p > hp:
        hurt_player(st, i >> 2, p - hp, events)  # Rulebook, Over Damage: optional rule


def end_turn(st: InscriptionState, events: list[Event]) -> None:
    """Rulebook, Gameplay > 5 and Sigils (Sprinter, Hefty: 'active after attack')."""
    seat = st.turn
    side = seat * 4
    # The card furthest ahead in its direction moves first, so a card behind it can follow (and
    # both seats, whose "right" points opposite ways, move alike). Ruling: the rulebook is silent.
    right = B.right_of(seat)
    movers = []
    for k in range(side, side + 4):
        slot = st.board[k]
        if slot is not None and st.defs[slot[CID]].sig & (SPRINTER | HEFTY):
            lane = k & 3
            ahead = 3 - lane if slot[DIR] > 0 else lane  # spaces left before the edge
            movers.append((ahead, slot[DIR] != right, k, slot))
    if len(movers) > 1:
        movers.sort()
    for *_, slot in movers:
        for k in range(side, side + 4):
            if st.board[k] is slot:
                B.strafe(st, k, events)
                break
    st.first_turn[seat] = 0
    st.fan = False
    if turn.settle_scale(st, events):
        return
    turn.next_turn(st, events)
