"""The strength of a trained policy (the "learned" bot) against another bot: paired games on the
same deals (each seed is played twice, the seats swapped), scored 1 a win, 0.5 a draw, with a
Wilson 95 % interval. Prints one line per opponent.

    nice python bench/rl/rl_strength.py inscription --games 400 --opponents random,heuristic
    nice python bench/rl/rl_strength.py glyfts --checkpoint my.npz --games 100
"""

from __future__ import annotations

import argparse
import json
import time

from glyphhall import games
from glyphhall.arena.ratings import wilson
from glyphhall.bots import ask, make
from glyphhall.bots.learned import LearnedBot, PolicyNetwork, shipped_checkpoint

#: A game still running after this many actions is stopped and scored a draw (reported).
MAX_PLIES = 5000


def play(game_id: str, network: PolicyNetwork, opponent: str, pairs: int, seed: int,
         greedy: bool = False) -> tuple[float, int, int]:
    game = games.get(game_id)
    options = network.meta["options"]
    players = network.meta["players"]
    score, stopped = 0.0, 0
    for k in range(pairs):
        for learner in range(players):
            state = game.new(players, seed + k, options)
            bots = {s: make(opponent, 7919 * k + s) for s in range(players) if s != learner}
            bots[learner] = LearnedBot(k, network, greedy=greedy)
            plies = 0
            while not state.is_over() and plies < MAX_PLIES:
                seat = state.to_move()[0]
                state.apply(seat, ask(bots[seat], state, seat))
                plies += 1
            if state.is_over():
                score += state.returns()[learner]
            else:
                score, stopped = score + 0.5, stopped + 1
    return score, pairs * players, stopped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--checkpoint", help="a checkpoint file (default: the one shipped for the game)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--opponents", default="random,heuristic")
    parser.add_argument("--seed", type=int, default=1_000_000, help="first deal (away from training seeds)")
    parser.add_argument("--greedy", action="store_true", help="the top-scored id every time, not a draw")
    args = parser.parse_args()
    path = args.checkpoint or shipped_checkpoint(args.game)
    if path is None:
        raise SystemExit(f"no checkpoint is shipped for {args.game}: give --checkpoint")
    network = PolicyNetwork.load(path)
    training = network.meta["training"]
    made = (f"recipe {json.dumps(training['recipe'], sort_keys=True)}" if "recipe" in training
            else f"trained {training.get('cpu_minutes')} CPU min")
    print(f"{args.game}: checkpoint {path} ({made}), "
          f"{'greedy' if args.greedy else 'drawing from the policy'}, deals from seed {args.seed}")
    for opponent in args.opponents.split(","):
        start = time.process_time()
        pairs = args.games // network.meta["players"]
        score, played, stopped = play(args.game, network, opponent, pairs, args.seed, args.greedy)
        low, high = wilson(score, played)
        print(f"  vs {opponent:10s} {score / played:.3f} [{low:.3f}, {high:.3f}] over {played} games "
              f"({pairs} deals, seats swapped; {stopped} stopped at {MAX_PLIES} actions, scored as draws), "
              f"{time.process_time() - start:.0f} CPU s")


if __name__ == "__main__":
    main()
