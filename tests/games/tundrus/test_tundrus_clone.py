"""Clones share some lists with their original (README, Modules: "Clones share lists"), so the
rules must replace those lists, never change them in place. These playouts apply every legal
action of every step on a clone and check that the original never changes."""

import pytest

from glyphhall.engine import Rng
from glyphhall.games.tundrus import GAME

CASES = [(2, {}, 11), (4, {"fast_play": True}, 12), (6, {"random_draft": True}, 13)]


@pytest.mark.slow
@pytest.mark.parametrize("players, options, seed", CASES)
def test_every_action_on_a_clone_leaves_the_original_unchanged(players, options, seed):
    state = GAME.new(players, seed, options)
    rng = Rng(seed)
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        actions = state.legal_actions(seat)
        before = state.to_dict()
        for action in actions:
            copy = state.clone()
            copy.apply(seat, action)
            if not copy.is_over():  # one more step, so a later change to a shared list shows too
                s = copy.to_move()[0]
                copy.apply(s, copy.legal_actions(s)[-1])
        assert state.to_dict() == before, f"step {steps}: playing on a clone changed the original"
        state.apply(seat, rng.choice(actions))
        steps += 1
    assert steps > 100
