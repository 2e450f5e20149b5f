"""What the checks and the listing cost: four playout loops per game, side by side in one process.

    python bench/engine/checked_path.py [GAME ...] [--seconds S] [--rounds R]
    python bench/engine/checked_path.py GAME --fixed N --loop sampled    # N seeded games, for callgrind

- unchecked: `_legal_actions` + a random choice + `apply(check=False)` (the search fast path);
- checked: `legal_actions` + a random choice + `apply` with its checks (what a careful caller,
  the terminal or the server does);
- sampled: `sample_action` + `apply(check=False)` (the random bot and rollouts);
- typed: `_legal_actions` + a random choice written out as text, then `parse_action` + `apply`
  with its checks (the server and the terminal: `is_legal` decides, nothing was listed for them).

Each is timed on process CPU time over the same seeded games, the loops taking turns in each
round; the script prints every round as JSON, then the median steps per CPU-second of each loop
and the medians of checked, sampled and typed over unchecked.

`--fixed N` plays N seeded games with one loop and prints their steps: a workload that is the same
every run, to count instructions with `valgrind --tool=callgrind` where timing is too noisy
(run it with `--fixed 0` too and subtract the start-up)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall import games  # noqa: E402
from glyphhall.engine import Rng  # noqa: E402

DEFAULT_GAMES = ("inscription", "tundrus", "glyfts", "heroscape")


def _step_unchecked(state, seat, rng):
    state.apply(seat, rng.choice(state._legal_actions(seat)), check=False)


def _step_checked(state, seat, rng):
    state.apply(seat, rng.choice(state.legal_actions(seat)))


def _step_sampled(state, seat, rng):
    state.apply(seat, state.sample_action(seat, rng), check=False)


def _step_typed(state, seat, rng):
    text = str(rng.choice(state._legal_actions(seat)))
    state.apply(seat, state.game.parse_action(state, seat, text))


LOOPS = {"unchecked": _step_unchecked, "checked": _step_checked, "sampled": _step_sampled,
         "typed": _step_typed}


def play_one(game, step, seed: int, rng: Rng) -> int:
    """One seeded game to its end with `step`; its number of steps."""
    state = game.new(game.min_players, seed)
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
        step(state, seat, rng)
        steps += 1
    return steps


def rate(game_id: str, step, seconds: float, seed: int) -> float:
    game = games.get(game_id)
    rng = Rng(seed)
    steps = played = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += play_one(game, step, seed + played, rng)
        played += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(DEFAULT_GAMES))
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per loop and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fixed", type=int, metavar="N", help="play N seeded games with --loop, print the steps")
    parser.add_argument("--loop", choices=LOOPS, default="sampled")
    args = parser.parse_args()
    if args.fixed is not None:
        rng = Rng(args.seed)
        for game_id in args.games:
            game = games.get(game_id)
            steps = sum(play_one(game, LOOPS[args.loop], args.seed + i, rng) for i in range(args.fixed))
            print(json.dumps({"game": game_id, "loop": args.loop, "games": args.fixed, "steps": steps}))
        return
    for game_id in args.games:
        rates: dict[str, list[float]] = {name: [] for name in LOOPS}
        for r in range(args.rounds):
            names = list(LOOPS)
            order = names[r % len(names):] + names[: r % len(names)]  # who goes first rotates
            for name in order:
                rates[name].append(rate(game_id, LOOPS[name], args.seconds, args.seed))
            print(json.dumps({"game": game_id, "round": r + 1,
                              **{n: round(v[-1]) for n, v in rates.items()}}), flush=True)
        med = {n: statistics.median(v) for n, v in rates.items()}
        print(json.dumps({
            "game": game_id, "rounds": args.rounds,
            "median_steps_per_cpu_s": {n: round(v) for n, v in med.items()},
            "checked_over_unchecked": round(med["checked"] / med["unchecked"], 3),
            "sampled_over_unchecked": round(med["sampled"] / med["unchecked"], 3),
            "typed_over_unchecked": round(med["typed"] / med["unchecked"], 3),
        }), flush=True)


if __name__ == "__main__":
    main()
