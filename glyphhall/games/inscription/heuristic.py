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
from . import sigils as S
from .cards import BLOOD, BONES

if TYPE_CHECKING:
    from .state import InscriptionState


def evaluate(st: InscriptionState, seat: cython.int) -> float:
    """Candles, the scale, the board (power, health, and damage that nothing blocks), the cards in
    hand and to come, bones and items, for `seat`, as a win chance. Uses only what `seat` may see:
    the adversary's hand and deck together are known from the open draft."""
    other = 1 - seat
    w = WEIGHTS
    x = w["candle"] * (st.candles[seat] - st.candles[other])
    x += w["scale"] * (st.scale if seat == 0 else -st.scale)
    board, defs = st.board, st.defs
    for i in range(8):
        slot = board[i]
        if slot is None:
            continue
        sign = 1 if i >> 2 == seat else -1
        p = B.power(st, i)
        x += sign * (w["power"] * p + w["health"] * slot[B.HP])
        facing = board[i ^ 4]  # the space opposite
        flying = defs[slot[B.CID]].sig & S.AIRBORNE
        if facing is None or (flying and not defs[facing[B.CID]].sig & S.MIGHTY_LEAP):
            x += sign * w["open"] * p  # damage nothing stands in front of
    squirrel = st.tokens["Squirrel"]
    for s, sign in ((seat, 1), (other, -1)):
        hand = st.hands[s]
        squirrels = hand.count(squirrel)
        # squirrels in hand are blood for the cards in hand (a one-step bot cannot plan that)
        x += sign * (w["hand"] * _cards_value(st, hand) + w["squirrels"] * min(squirrels, 3)
                     + w["deck"] * _cards_value(st, st.decks[s]))
        x += sign * (w["bones"] * st.bones[s] + w["items"] * len(st.items[s]))
    return 1.0 / (1.0 + math.exp(-x))


#: Weights of the heuristic (tuned against the random bot; see the README).
WEIGHTS = {"candle": 10.0, "scale": 0.45, "power": 0.2, "health": 0.2, "open": 0.3, "hand": 0.03,
           "squirrels": 0.12, "deck": 0.01, "bones": 0.03, "items": 0.1}


# The heuristic's costliest part (it reads every card of both decks); compiled, `total` is a C double.
@cython.locals(total=cython.double)
def _cards_value(st: InscriptionState, cards: list) -> float:
    """A rough worth of cards to come: stats and sigils, less what they cost."""
    total = 0.0
    defs = st.defs
    for c in cards:
        d = defs[c]
        total += d.power + 0.5 * d.health + 0.5 * d.sig.bit_count()
        total -= 0.8 * d.cost if d.kind == BLOOD else (0.2 * d.cost if d.kind == BONES else 0.0)
    return total
