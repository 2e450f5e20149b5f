"""Tunes the weights of Glyfts' heuristic by self-play (issue 23: "a better leaf evaluation,
heuristic weights tuned by self-play").

A candidate set of weights plays the one-step greedy bot against the shipped weights on paired
deals (each deal twice, seats swapped, chance from shared streams as in bench/strength/strength.py), and
scores `points`: 100 x (its share of the games - 1/2). The search is a coordinate search: each
weight in turn is tried at x0.5 and x2 (and the moves that helped are kept) on `--deals` deals;
the best weights found are then played again on fresh deals (`--check`), since the best of many
noisy tries is flattered by its noise. Prints each try and the final check with a 95 % interval.

    python bench/strength/tune_glyfts.py --deals 300 --check 600 --jobs 2
    python bench/strength/tune_glyfts.py --weights W_EXPOSURE=0.3,W_CARD=0.3 --check 600   (check only)
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from glyphhall import games
from glyphhall.arena.luck import SharedLuck
from glyphhall.bots.simple import GreedyBot
from glyphhall.engine import Rng
from glyphhall.games.glyfts import heuristic

#: The weights tuned (module constants of glyphhall/games/glyfts/heuristic.py). SCALE and the
#: urgency only stretch the value, so they cannot change a greedy choice.
NAMES = ("W_OFFENSE", "W_EXPOSURE", "W_PRESENCE", "W_RESERVE", "W_CARD", "W_GLYFT", "W_FACE_DOWN", "W_UNSEEN")
SHIPPED = {name: getattr(heuristic, name) for name in NAMES}
MAX_MOVES = 5_000


class WeightedGreedy(GreedyBot):
    """The heuristic bot with its own weights (set on the module before each choice)."""

    def __init__(self, weights: dict[str, float], seed: int) -> None:
        super().__init__(seed)
        self.weights = weights

    def choose(self, state, seat):  # type: ignore[no-untyped-def]
        for name, value in self.weights.items():
            setattr(heuristic, name, value)
        return super().choose(state, seat)


def play(args: tuple[dict[str, float], int, int]) -> float:
    """The candidate's result (1, 1/2 or 0) in one game of deal `seed`, in seat `seat`."""
    weights, seed, seat = args
    game = games.resolve("glyfts")
    state = game.new(2, seed, {})
    state.rng = SharedLuck(seed, lambda: game.luck_context(state))
    bots = [WeightedGreedy(SHIPPED, seed + 1), WeightedGreedy(SHIPPED, seed + 1)]
    bots[seat] = WeightedGreedy(weights, seed + 1)
    for _ in range(MAX_MOVES):
        if state.is_over():
            return state.returns()[seat]
        mover = state.to_move()[0]
        bot = bots[mover]
        action = bot.choose(state.determinize(mover, Rng(seed * 7 + state.turns[mover]).fork()), mover)
        state.apply(mover, action)
    return 0.5  # an endless game counts as a draw


def measure(pool: ProcessPoolExecutor, weights: dict[str, float], first: int, deals: int) -> tuple[float, float]:
    """Points over deals first..first+deals-1 (paired over the two seats), and their 95 % half-width."""
    jobs = [(weights, 1_000_003 * (first + i), seat) for i in range(deals) for seat in (0, 1)]
    results = list(pool.map(play, jobs, chunksize=4))
    per_deal = [100 * ((results[2 * i] + results[2 * i + 1]) / 2 - 0.5) for i in range(deals)]
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(deals) if deals > 1 else math.inf
    return mean, half


def describe(weights: dict[str, float]) -> str:
    return ",".join(f"{n}={weights[n]:g}" for n in NAMES if weights[n] != SHIPPED[n]) or "(shipped)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300, help="deals per try in the search")
    parser.add_argument("--check", type=int, default=600, help="fresh deals for the final check")
    parser.add_argument("--rounds", type=int, default=1, help="passes over the weights")
    parser.add_argument("--weights", default="", help="NAME=VALUE,...: skip the search, check these")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    best = dict(SHIPPED)
    started = time.monotonic()
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.weights:
            for item in args.weights.split(","):
                name, value = item.split("=")
                if name not in SHIPPED:
                    parser.error(f"no weight {name!r}; the weights are {', '.join(NAMES)}")
                best[name] = float(value)
        else:
            best_points = 0.0  # the shipped weights against themselves
            first = 0
            for _ in range(args.rounds):
                for name in NAMES:
                    for factor in (0.5, 2.0):
                        trial = dict(best, **{name: best[name] * factor})
                        points, half = measure(pool, trial, first, args.deals)
                        print(f"try {describe(trial)}: {points:+.1f} +- {half:.1f} points "
                              f"({time.monotonic() - started:.0f} s)", flush=True)
                        if points > best_points:
                            best, best_points = trial, points
                first += args.deals  # each pass on new deals
            print(f"best found: {describe(best)} at {best_points:+.1f} points on the search's deals")
        points, half = measure(pool, best, 10_000_000, args.check)
        print(f"check on {args.check} fresh deals: {describe(best)} against the shipped weights: "
              f"{points:+.1f} points [{points - half:+.1f}, {points + half:+.1f}] "
              f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
