# cython: annotation_typing=True
"""The turn (Rulebook, Playing the Game): draw, place up to two cards face down, attack, summon;
steps with nothing to choose are skipped; play passes clockwise to the next player still in."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Event

from . import winning
from .cards import CARDS
from .events import say, tell_draw, tell_place
from .state import ATTACK, CARDS_PLACED_PER_TURN, OVER, PLACE, SUMMON

if TYPE_CHECKING:
    from .state import GlyftsState

_KINDS = range(len(CARDS.sorceries))


def start_turn(st: GlyftsState, events: list[Event]) -> None:
    p = st.active
    if st.turn_limit and st.turns[p] >= st.turn_limit:
        winning.end_by_turn_limit(st, events)
        return
    if st.no_progress and st.quiet >= st.no_progress * sum(st.alive):
        winning.end_by_no_progress(st, events)
        return
    st.turns[p] += 1
    st.quiet += 1
    st.placed = 0
    st.fought = 0
    draw(st, p, events)
    st.phase = PLACE
    advance(st, events)



def draw(st: GlyftsState, p: int, events: list[Event]) -> None:
    """Rulebook, Playing the Game: the active player draws the top card of the Sorcery Deck.
    Ruling: an empty deck is replaced by the shuffled discard pile; with neither, no card."""
    if not st.deck:
        if not any(st.discard):
            say(events, f"seat {p} draws nothing: the Sorcery Deck and discard pile are empty")
            return
        deck = [k for k in _KINDS for _ in range(st.discard[k])]
        st.rng.shuffle(deck)
        st.deck = deck
        # Everybody saw which cards went into the new deck: from now on each seat knows that
        # the deck holds only those, less the ones it drew itself (determinize keeps to that).
        st.deck_bound = [st.discard[:] for _ in range(st.num_players)]
        st.discard = [0] * len(st.discard)
        say(events, "the discard pile is shuffled into a new Sorcery Deck")
    kind = st.deck.pop()
    st.hands[p][kind] += 1
    if st.deck_bound is not None:
        st.deck_bound[p][kind] -= 1
    tell_draw(events, p, kind)



def advance(st: GlyftsState, events: list[Event]) -> None:
    """Skip the steps of the turn where the active player has nothing to choose."""
    p = st.active
    if st.phase == PLACE and (st.placed >= CARDS_PLACED_PER_TURN or not st.circle[p]
                                or not any(st.hands[p])):
        st.phase = ATTACK
    if st.phase == ATTACK and not can_attack(st, p):
        st.phase = SUMMON
    if st.phase == SUMMON and not st.reserve[p]:
        end_turn(st, events)



def can_attack(st: GlyftsState, p: cython.int) -> bool:
    fought = st.fought
    if not any([not fought >> a & 1 for a in st.circle[p]]):
        return False
    return any([not fought >> d & 1 for q in range(st.num_players) if q != p for d in st.circle[q]])



def end_turn(st: GlyftsState, events: list[Event]) -> None:
    if st.phase == OVER:
        return
    n = st.num_players
    nxt = (st.active + 1) % n  # clockwise = increasing seat number
    while not st.alive[nxt]:
        nxt = (nxt + 1) % n
    st.active = nxt
    start_turn(st, events)



def place(st: GlyftsState, seat: int, kind: int, creature: int, events: list[Event]) -> None:
    st.hands[seat][kind] -= 1
    st.under[creature] += (kind,)
    st.placed += 1
    tell_place(events, seat, kind, creature)
    advance(st, events)
