# cython: annotation_typing=True
"""The one-step heuristic (`Game.heuristic`: the Medium level's move, the search's leaf value and
priors), in a module of its own so that it reads the typed state in C (docs/architecture.md,
"Where the time goes")."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from . import board as B
from .cards import BLOOD, BONES, CardDef
from .sigils import AIRBORNE, MIGHTY_LEAP
from .state import CID, HP

if TYPE_CHECKING:
    from .state import InscriptionState


def evaluate(st: InscriptionState, seat: cython.int) -> float:
    """Candles, the scale, the board (power, health, and damage that nothing blocks), the cards in
    hand and to come, bones and items, for `seat`, as a win chance. Uses only what `seat` may see:
    the adversary's hand and deck together are known from the open draft."""
    return evaluate_both(st)[seat]


# Both players' values from one reading of the position: the board and the four piles of cards,
# the costliest part, are read once (a cut-off rollout scores both players). Each player's sum
# is added up in the order of that player's own view (its own cards first), so either value is
# the very float that reckoning from that player's side alone would give.
@cython.locals(board_x=cython.double, x0=cython.double, x1=cython.double)
def evaluate_both(st: InscriptionState) -> list[float]:
    """`evaluate` for seat 0 and seat 1."""
    w = WEIGHTS
    # seat 0's view of the candles, the scale and the board; seat 1's is its exact negation
    board_x = w["candle"] * (st.candles[0] - st.candles[1])
    board_x += w["scale"] * st.scale
    board, defs = st.board, st.defs
    for i in range(8):
        slot = board[i]
        if slot is None:
            continue
        sign = 1 if i >> 2 == 0 else -1
        p = B.power(st, i)
        board_x += sign * (w["power"] * p + w["health"] * slot[HP])
        facing = board[i ^ 4]  # the space opposite
        flying = defs[slot[CID]].sig & AIRBORNE
        if facing is None or (flying and not defs[facing[CID]].sig & MIGHTY_LEAP):
            board_x += sign * w["open"] * p  # damage nothing stands in front of
    hands = [_hand_value(st, 0), _hand_value(st, 1)]
    stock = [w["bones"] * st.bones[0] + w["items"] * len(st.items[0]),
             w["bones"] * st.bones[1] + w["items"] * len(st.items[1])]
    x0 = board_x + hands[0]
    x0 += stock[0]
    x0 -= hands[1]
    x0 -= stock[1]
    x1 = -board_x + hands[1]
    x1 += stock[1]
    x1 -= hands[0]
    x1 -= stock[0]
    return [1.0 / (1.0 + math.exp(-x0)), 1.0 / (1.0 + math.exp(-x1))]


def _hand_value(st: InscriptionState, seat: cython.int) -> float:
    """A player's cards in hand and to come. Squirrels in hand are blood for the cards in hand (a
    one-step bot cannot plan that)."""
    w = WEIGHTS
    hand = st.hands[seat]
    squirrels = hand.count(st.tokens["Squirrel"])
    return (w["hand"] * _cards_value(st, hand) + w["squirrels"] * min(squirrels, 3)
            + w["deck"] * _cards_value(st, st.decks[seat]))


#: Weights of the heuristic (tuned against the random bot; see the README).
WEIGHTS = {"candle": 10.0, "scale": 0.45, "power": 0.2, "health": 0.2, "open": 0.3, "hand": 0.03,
           "squirrels": 0.12, "deck": 0.01, "bones": 0.03, "items": 0.1}


# The heuristic's costliest part (it reads every card of both decks); compiled, `total` is a C double.
@cython.locals(total=cython.double, d=CardDef)
def _cards_value(st: InscriptionState, cards: list) -> float:
    """A rough worth of cards to come: stats and sigils, less what they cost."""
    total = 0.0
    defs = st.defs
    for c in cards:
        d = defs[c]
        total += d.power + 0.5 * d.health + 0.5 * d.sigil_count
        total -= 0.8 * d.cost if d.kind == BLOOD else (0.2 * d.cost if d.kind == BONES else 0.0)
    return total
