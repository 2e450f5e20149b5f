"""The `mcts` level's iterations per CPU-second in several code trees and builds, side by side.

    python bench/search/mcts_speed.py [GAME ...] --side NAME=TREE[:pure|:compiled] --side ...
                               [--rounds R] [--iterations N] [--positions P] [--seed K]

Each side is a checkout of Glyph Hall (`git worktree add --detach /tmp/old 2515584`) and a build:
`pure` sets GLYPHHALL_PURE=1, `compiled` requires the compiled modules (`make compile` in that
tree). For every game (default: all five) and round, each side runs in its own process, the
sides taking turns (who goes first rotates per round): the process takes up to `--positions`
positions along seeded random games (`bench/search/search.py`'s `positions`, the same positions for
every side whose rules play the same), runs one untimed search (`--warmup` iterations), then lets the `mcts` level (its cut-off, exploration and
the game's hints; no early stop, no time limit) search each for `--iterations` iterations, and
reports iterations per CPU-second of the searches. The script prints each measurement as a JSON
line, then per game the median of each side and each side's median over the first side's."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent  # bench/search: search.py beside it
#: Iterations per position where the default would take minutes (Glyphs' determinizations and
#: decree checks run z3 and Shapely: tens of iterations a second).
FEWER_ITERATIONS = {"glyphs": 40}


def worker(tree: str, game_id: str, iterations: int, count: int, seed: int, warmup: int) -> None:
    """In a side's own process: import that tree's glyphhall first, then measure."""
    sys.path.insert(0, tree)
    from glyphhall import games
    from glyphhall.bots import ask
    from glyphhall.bots.mcts import make_level

    try:
        from glyphhall.native import compiled_modules
    except ImportError:  # a tree from before the compiled build
        def compiled_modules() -> list[str]:
            return []

    sys.path.insert(1, str(HERE))
    from search import positions  # after glyphhall: its path insert must not pick the tree

    games.get(game_id)
    found = positions(game_id, count, seed)
    # One untimed search first: caches that fill once per process (Glyphs' shape-pair tables)
    # are not what a search costs in a long-running hall.
    ask(make_level("mcts", seed, iterations=warmup, seconds=None, early_stop=False), *found[0])
    cpu = 0.0
    for k, (state, seat) in enumerate(found):
        bot = make_level("mcts", seed + k, iterations=iterations, seconds=None, early_stop=False)
        started = time.process_time()
        ask(bot, state, seat)
        cpu += time.process_time() - started
    print(json.dumps({"iterations_per_cpu_s": len(found) * iterations / cpu, "positions": len(found),
                      "compiled_modules": len(compiled_modules()), "source": games.__file__}))


def iterations(game_id: str, args: argparse.Namespace) -> int:
    return min(args.iterations, FEWER_ITERATIONS.get(game_id, args.iterations))


def measure(tree: str, build: str, game_id: str, args: argparse.Namespace) -> dict:
    env = dict(os.environ)
    env.pop("GLYPHHALL_PURE", None)
    if build == "pure":
        env["GLYPHHALL_PURE"] = "1"
    out = subprocess.run(
        [sys.executable, __file__, "--worker", tree, game_id, "--iterations", str(iterations(game_id, args)),
         "--positions", str(args.positions), "--seed", str(args.seed), "--warmup", str(args.warmup)],
        env=env, capture_output=True, text=True, check=True, cwd=tree)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if not result["source"].startswith(tree):
        sys.exit(f"{tree}: glyphhall was imported from {result['source']}")
    if build == "compiled" and not result["compiled_modules"]:
        sys.exit(f"{tree} has no compiled modules: run make compile there")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=["inscription", "tundrus", "glyfts", "heroscape", "glyphs"])
    parser.add_argument("--side", action="append", default=[], metavar="NAME=TREE[:BUILD]")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=300,
                        help="iterations per position (Glyphs: at most FEWER_ITERATIONS)")
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=20, help="iterations of an untimed first search")
    parser.add_argument("--worker", metavar="TREE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.games[0], args.iterations, args.positions, args.seed, args.warmup)
        return
    sides = []
    for spec in args.side or [f"this={HERE.parents[1]}:pure"]:
        name, _, rest = spec.partition("=")
        tree, _, build = rest.partition(":")
        sides.append((name, str(Path(tree).resolve()), build or "pure"))
    for game_id in args.games:
        rates: dict[str, list[float]] = {name: [] for name, _, _ in sides}
        for r in range(args.rounds):
            for name, tree, build in sides[r % len(sides):] + sides[: r % len(sides)]:
                result = measure(tree, build, game_id, args)
                rates[name].append(result["iterations_per_cpu_s"])
                print(json.dumps({"game": game_id, "round": r + 1, "side": name, "build": build,
                                  "iterations_per_cpu_s": round(result["iterations_per_cpu_s"]),
                                  "load": os.getloadavg()[0]}), flush=True)
        med = {name: statistics.median(v) for name, v in rates.items()}
        first = sides[0][0]
        print(json.dumps({"game": game_id, "rounds": args.rounds, "iterations": iterations(game_id, args),
                          "median_iterations_per_cpu_s": {n: round(v) for n, v in med.items()},
                          f"over_{first}": {n: round(v / med[first], 2) for n, v in med.items()}}), flush=True)


if __name__ == "__main__":
    main()
