# cython: annotation_typing=True
"""Turns and rounds (Rulebook, Gameplay, Player Death): the start of a turn and of a round, the
opening draw, the end of a turn on the scale (5 kills, exactly 4 draws an item), the next turn,
and a player's death (a candle out, the Greater Smoke, the death card at the end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event

from . import board as B
from . import death_cards, playing
from .notation import DRAW, OVER, PLAY, ev
from .sigils import FLEDGLING
from .state import BASE, CID

if TYPE_CHECKING:
    from .state import InscriptionState

#: first_turn[seat]: 0 an ordinary turn, 1 the first turn of a round (3-damage cap, no draw step),
#: 2 the same before the opening 3 + 1 draw.
NOT_FIRST, FIRST_TURN, OPENING_DRAW = 0, 1, 2


def start_turn(st: InscriptionState, seat: int, events: list[Event]) -> None:
    limit = int(st.options["turn_limit"])
    if limit and st.turn_no >= limit:
        st.phase = OVER  # our stalemate rule: a draw
        st.winner = -1
        events.append(ev(f"the game is a draw after {st.turn_no} turns"))
        return
    st.turn = seat
    st.dealt = 0
    st.lane = -1
    st.turn_no += 1
    if st.first_turn[seat] == OPENING_DRAW:
        opening_draw(st, seat, events)
    side = seat * 4
    for k in range(side, side + 4):  # Fledgling: active at the start of the owner's next turn
        slot = st.board[k]
        if slot is not None and st.defs[slot[CID]].sig & FLEDGLING:
            B.grow(st, k, events)
    if st.first_turn[seat] or not (st.decks[seat] or st.can_draw_squirrel(seat)):
        st.phase = PLAY  # the first turn's draw was the 3 + 1 at the start of the round
    else:
        st.phase = DRAW
    events.append(ev(f"seat {seat}'s turn"))



def opening_draw(st: InscriptionState, seat: int, events: list[Event]) -> None:
    """3 creature cards and 1 squirrel (fewer if the deck or the squirrels run out)."""
    for _ in range(3):
        if st.decks[seat]:
            playing.draw(st, seat, True, events)
    if st.can_draw_squirrel(seat):
        playing.draw(st, seat, False, events)
    st.first_turn[seat] = FIRST_TURN



def start_round(st: InscriptionState, starter: int, events: list[Event], draw_now: bool) -> None:
    """A new round: the scale at zero and a first turn for both. In the first round each player
    draws 3 + 1 at the start of their first turn; after a death both draw at once."""
    st.first_turn = [OPENING_DRAW, OPENING_DRAW]
    if draw_now:
        for seat in (0, 1):
            opening_draw(st, seat, events)
    st.scale = st.scale_mark = 0
    st.fan = False
    st.skip = [False, False]
    st.pending = []
    start_turn(st, starter, events)



def lose_life(st: InscriptionState, loser: int, events: list[Event]) -> None:
    """Rulebook, Player Death."""
    st.candles[loser] -= 1
    events.append(ev(f"seat {loser} dies: a candle goes out ({st.candles[loser]} left)"))
    st.pending = []
    st.lane = -1
    # "On either player's death", the last one included: the cards in play go to the dead pile
    # (so they are in the loser's pool for the death card), but they do not die: no bones
    for i in range(8):
        slot = st.board[i]
        if slot is not None:
            B.discard(st, i >> 2, slot[BASE])
            st.board[i] = None
    if st.candles[loser] <= 0:
        st.winner = 1 - loser
        events.append(ev(f"seat {st.winner} wins"))
        if st.options["make_death_card"]:
            death_cards.start_creation(st, events)
        else:
            st.phase = OVER
        return
    if st.options["limited_squirrels"]:
        st.squirrels = [10, 10]
    B.give_hand(st, loser, st.catalog_token("Greater Smoke"), events, "the Greater Smoke for the loser")
    start_round(st, loser, events, draw_now=True)


def settle_scale(st: InscriptionState, events: list[Event]) -> bool:
    """Rulebook, Gameplay > 5: 5 on the scale kills; landing on exactly 4 draws an item.
    Returns True when a player died (the round or the game is over)."""
    if st.scale >= 5 or st.scale <= -5:
        lose_life(st, 1 if st.scale > 0 else 0, events)
        return True
    if st.scale != st.scale_mark and abs(st.scale) == 4 and st.options["items"]:
        B.draw_item(st, 1 if st.scale > 0 else 0, events, "4 damage on the scale")
    st.scale_mark = st.scale
    return False


def next_turn(st: InscriptionState, events: list[Event]) -> None:
    nxt = 1 - st.turn
    if st.skip[nxt]:  # Hourglass
        st.skip[nxt] = False
        events.append(ev(f"seat {nxt} skips this turn (Hourglass)"))
        nxt = st.turn
    start_turn(st, nxt, events)
