"""`evaluate_all` (bots/simple.py) gives exactly `evaluate` for every seat, in the games with a
one-pass `heuristic_all` and in one without (Glyfts: the fallback), along seeded random games."""

from __future__ import annotations

import pytest

from glyphhall import games
from glyphhall.bots.simple import evaluate, evaluate_all
from glyphhall.engine import Game, Rng


@pytest.mark.parametrize("game_id", ["tundrus", "heroscape", "inscription", "glyfts"])
def test_evaluate_all_is_evaluate_for_every_seat(game_id: str) -> None:
    game = games.get(game_id)
    checked = 0
    for seed in range(3):
        state = game.new(game.min_players, seed)
        rng = Rng(seed + 100)
        for _ in range(400):
            assert evaluate_all(state) == [evaluate(state, k) for k in range(state.num_players)]
            checked += 1
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 100
    one_pass = type(game).heuristic_all is not Game.heuristic_all
    assert one_pass == (game_id != "glyfts")
