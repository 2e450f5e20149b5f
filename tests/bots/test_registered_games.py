"""The search bot on every registered game: legal moves, the true state left untouched, and
the same choices for the same seed (iteration budgets)."""

from __future__ import annotations

import pytest

from glyphhall import bots, games
from glyphhall.bots import ask
from glyphhall.bots.mcts import MCTSBot
from glyphhall.engine import Rng

DECISIONS = 5


@pytest.mark.parametrize("game_id", games.ids())
def test_mcts_plays_legal_moves_without_touching_the_true_state(game_id: str) -> None:
    game = games.get(game_id)
    state = game.new(game.min_players, 11)
    search = MCTSBot(3, iterations=10, cutoff=4)
    other = bots.make("random", 4)
    rng = Rng(5)
    decisions = 0
    while not state.is_over() and decisions < DECISIONS:
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        if seat == 0:
            before = state.to_dict()
            action = ask(search, state, seat)
            assert state.to_dict() == before, "the search changed the true state"
            assert action in state.legal_actions(seat)
            decisions += 1
        else:
            action = ask(other, state, seat)
        state.apply(seat, action)


@pytest.mark.parametrize("game_id", games.ids())
def test_mcts_is_reproducible_with_an_iteration_budget(game_id: str) -> None:
    game = games.get(game_id)
    state = game.new(game.min_players, 2)
    seat = state.to_move()[0]
    one = ask(MCTSBot(9, iterations=8, cutoff=4), state, seat)
    two = ask(MCTSBot(9, iterations=8, cutoff=4), state, seat)
    assert one == two
