"""OpenSpiel's IS-MCTS on a Glyph Hall game through the adapter, against OpenSpiel's uniform
random bot: the IS-MCTS seat alternates, every chance node is drawn uniformly.

    nice .venv/bin/python bench/rl/openspiel_ismcts.py glyfts [--games 8] [--sims 24] [--seed 1]

Prints each game and the score (mean return of the IS-MCTS seat: +1 win, -1 loss) with a 95%
interval. The leaf evaluator is the game's heuristic (`rl/spiel_eval.HeuristicEvaluator`).
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

from glyphhall.rl.openspiel import register_all, short_name
from glyphhall.rl.spiel_eval import HeuristicEvaluator


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--sims", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    register_all()
    game = pyspiel.load_game(short_name(args.game), {"players": 2, "seed": args.seed})
    chance = np.random.default_rng(args.seed)
    scores = []
    start = time.process_time()
    for i in range(args.games):
        me = i % 2
        bots = {me: ismcts.ISMCTSBot(game, HeuristicEvaluator(), 1.5, args.sims,
                                     random_state=np.random.RandomState(args.seed + i),
                                     final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT),
                1 - me: UniformRandomBot(1 - me, np.random.RandomState(args.seed + 100 + i))}
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(chance.integers(game.max_chance_outcomes())))
            else:
                decisions += state.current_player() == me
                state.apply_action(bots[state.current_player()].step(state))
        scores.append(state.returns()[me])
        print(f"game {i + 1}: IS-MCTS seat {me}, return {scores[-1]:+.0f}, {decisions} decisions, "
              f"{time.process_time() - start:.0f} CPU s", flush=True)
    mean = float(np.mean(scores))
    half = 1.96 * float(np.std(scores, ddof=1)) / math.sqrt(len(scores)) if len(scores) > 1 else float("nan")
    print(f"{args.game}: IS-MCTS ({args.sims} simulations) vs random over {len(scores)} games: "
          f"score {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}], "
          f"{(time.process_time() - start) / len(scores):.1f} CPU s a game")


if __name__ == "__main__":
    main()
