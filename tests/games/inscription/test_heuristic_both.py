"""The heuristic reckons both players' values from one reading of the position
(`heuristic.evaluate_both`); each must be the very float that reckoning from that player's side
alone gives (`_one_side` below: the heuristic as it was written per player), so the search
chooses as it did when it asked player by player."""

from __future__ import annotations

import math

from glyphhall.engine import Rng
from glyphhall.games.inscription import GAME
from glyphhall.games.inscription import board as B
from glyphhall.games.inscription import sigils as S
from glyphhall.games.inscription.heuristic import WEIGHTS, _cards_value, evaluate, evaluate_both


def _one_side(st, seat: int) -> float:
    other = 1 - seat
    w = WEIGHTS
    x = w["candle"] * (st.candles[seat] - st.candles[other])
    x += w["scale"] * (st.scale if seat == 0 else -st.scale)
    for i in range(8):
        slot = st.board[i]
        if slot is None:
            continue
        sign = 1 if i >> 2 == seat else -1
        p = B.power(st, i)
        x += sign * (w["power"] * p + w["health"] * slot[B.HP])
        facing = st.board[i ^ 4]
        flying = st.defs[slot[B.CID]].sig & S.AIRBORNE
        if facing is None or (flying and not st.defs[facing[B.CID]].sig & S.MIGHTY_LEAP):
            x += sign * w["open"] * p
    for s, sign in ((seat, 1), (other, -1)):
        hand = st.hands[s]
        squirrels = hand.count(st.tokens["Squirrel"])
        x += sign * (w["hand"] * _cards_value(st, hand) + w["squirrels"] * min(squirrels, 3)
                     + w["deck"] * _cards_value(st, st.decks[s]))
        x += sign * (w["bones"] * st.bones[s] + w["items"] * len(st.items[s]))
    return 1.0 / (1.0 + math.exp(-x))


def test_both_values_are_each_players_own_reckoning_to_the_last_bit():
    compared = 0
    for seed in range(6):
        st = GAME.new(2, seed)
        rng = Rng(seed + 50)
        while not st.is_over():
            expected = [_one_side(st, 0), _one_side(st, 1)]
            assert evaluate_both(st) == expected
            assert [evaluate(st, 0), evaluate(st, 1)] == expected
            assert GAME.heuristic_all(st) == expected
            compared += 1
            seat = st.to_move()[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert compared > 500
