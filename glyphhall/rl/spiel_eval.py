"""A leaf evaluator for OpenSpiel's MCTS and IS-MCTS bots on Glyph Hall games: the game's own
`heuristic` (how good the position looks to each seat, from what that seat may see), where a
game has one, instead of random playouts to the end (a whole random game of these titles costs
tenths of a second in Python, so a search of any size would take minutes per move).

    from open_spiel.python.algorithms import ismcts
    bot = ismcts.ISMCTSBot(game, HeuristicEvaluator(), 1.5, 100, random_state=np.random.RandomState(0))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from .aec import final_rewards


class HeuristicEvaluator(mcts.Evaluator):
    """Values: the seats' heuristics, made zero-sum like the returns (`aec.final_rewards`);
    a game without one gets `fallback` (random playouts). Priors: uniform over the legal actions,
    the chance node's own odds at a chance node."""

    def __init__(self, fallback: Any = None) -> None:
        self.fallback = fallback or mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))

    def evaluate(self, state: Any) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        engine = state.engine
        looks = [engine.game.heuristic(state.seen_by(seat), seat) for seat in range(engine.num_players)]
        if any(h is None for h in looks):
            return self.fallback.evaluate(state)
        return np.array(final_rewards([float(h) for h in looks], "zero_sum"))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
