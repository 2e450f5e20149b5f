# cython: annotation_typing=True
"""Dealing the cards (Rulebook, Dealing the Cards): the open draft of 20 cards each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event

from . import turn
from .cards import Catalog
from .notation import ev

if TYPE_CHECKING:
    from .state import InscriptionState

PICKS_EACH = 20
SWAP_AFTER = 10  # after 10 cards each, Player B picks first


def communal_pile(cat: Catalog, unused_cards: bool) -> list[int]:
    """The communal draw pile: the normal creatures and the rare cards (and, as an opt-in
    variant, the printed but unused cards)."""
    pile: list[int] = []
    for d in cat.defs:
        if d.pile in ("draw", "rare") and (unused_cards or not d.unused):
            pile.extend([d.id] * d.copies)
    return pile


def first_picker(draft_round: int) -> int:
    return 0 if draft_round < SWAP_AFTER else 1


def deal_faceup(st: InscriptionState) -> None:
    pile = st.draft_pile
    st.faceup = [pile.pop() for _ in range(min(3, len(pile)))]


def pick(st: InscriptionState, seat: int, k: int, events: list[Event]) -> None:
    cid = st.faceup.pop(k)
    if st.defs[cid].pile == "blank":  # a blank death card takes one of the sleeves, shown to all
        sleeve = st.sleeves.pop(st.rng.below(len(st.sleeves)))
        events.append(ev(f"seat {seat} picks a blank card: it becomes the death card {st.defs[sleeve].name}"))
        cid = sleeve
    else:
        events.append(ev(f"seat {seat} picks {st.defs[cid].name}"))
    st.decks[seat].append(cid)
    if len(st.faceup) == 2:  # the first pick of the round: the other player picks next
        st.turn = 1 - seat
        return
    st.set_aside.extend(st.faceup)
    st.faceup = []
    st.draft_round += 1
    if st.draft_round < PICKS_EACH:
        deal_faceup(st)
        st.turn = first_picker(st.draft_round)
        return
    finish(st, events)


def finish(st: InscriptionState, events: list[Event]) -> None:
    """Each player shuffles their selection; a coin flip says who goes first."""
    for seat in (0, 1):
        st.rng.shuffle(st.decks[seat])
    first = st.rng.below(2)
    events.append(ev(f"the draft is over; the coin says seat {first} goes first"))
    turn.start_round(st, first, events, draw_now=False)
