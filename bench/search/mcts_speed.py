"""The `mcts` level's iterations per CPU-second in several code trees and builds, side by side
(or, with `--playouts S`, random playouts through the checked path: steps per CPU-second).

    python bench/search/mcts_speed.py [GAME ...] --side NAME=TREE[:pure|:compiled] --side ...
                               [--rounds R] [--iterations N] [--positions P] [--seed K] [--playouts S]

Each side is a checkout of Glyph Hall (`git worktree add --detach /tmp/old 2515584`) and a build:
`pure` sets GLYPHHALL_PURE=1, `compiled` requires the compiled modules (`make compile` in that
tree). For every game (default: all five) and round, each side runs in its own process, the
sides taking turns (who goes first rotates per round): the process takes up to `--positions`
positions along seeded random games (`bench/search/search.py`'s `positions`, the same positions for
every side whose rules play the same), runs one untimed search (`--warmup` iterations), then lets the `mcts` level (its cut-off, exploration and
the game's hints; no early stop, no time limit) search each for `--iterations` iterations, and
reports iterations per CPU-second of the searches. With `--playouts S` the process instead plays
seeded random games for S CPU-seconds as a careful caller does (issue 42's first bar): the seat's
`legal_actions`, a uniform choice among them, a checked `apply` (the same games in every tree whose
rules play the same). The script prints each measurement as a JSON line, then per game the median
of each side and each side's median over the first side's.

With `--fixed-games N` each process instead plays the same N seeded random games the same way and
reports the CPU-seconds they took (and their steps: the same in every tree whose rules play the
same); the summary gives each side's least over the rounds and the first side's least over each
side's (above 1: faster). On a shared machine, rounds of a fixed time spread by 10-20 %, while the
least CPU of a fixed workload moves by about 1 % (interference only ever adds time), so a change
of 3 % shows (bench/RESULTS.md, session 34)."""

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
                      "compiled_modules": _compiled_count(), "source": games.__file__}))


def playout_worker(tree: str, game_id: str, seed: int, seconds: float = 0.0, count: int = 0) -> None:
    """In a side's own process: seeded random playouts through the checked path, for `seconds`
    of CPU (steps per CPU-second) or for `count` games (their CPU and steps)."""
    sys.path.insert(0, tree)
    from glyphhall import games
    from glyphhall.engine import Rng

    game = games.get(game_id)
    options = game.resolve_options({})
    rng = Rng(seed)
    played = steps = 0
    start = time.process_time()
    while (played < count) if count else (time.process_time() - start < seconds):
        state = game.new(game.min_players, rng.below(1 << 30), options)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        played += 1
    cpu = time.process_time() - start
    measured = {"play_cpu_s": cpu, "steps": steps} if count else {"steps_per_cpu_s": steps / cpu}
    print(json.dumps({**measured, "source": games.__file__, "compiled_modules": _compiled_count()}))


def _compiled_count() -> int:
    """How many of the tree's loaded modules run compiled (0 for a tree from before the compiled build)."""
    try:
        from glyphhall.native import compiled_modules
    except ImportError:
        return 0
    return len(compiled_modules())


def iterations(game_id: str, args: argparse.Namespace) -> int:
    return min(args.iterations, FEWER_ITERATIONS.get(game_id, args.iterations))


def measure(tree: str, build: str, game_id: str, args: argparse.Namespace) -> dict:
    env = dict(os.environ)
    env.pop("GLYPHHALL_PURE", None)
    if build == "pure":
        env["GLYPHHALL_PURE"] = "1"
    out = subprocess.run(
        [sys.executable, __file__, "--worker", tree, game_id, "--iterations", str(iterations(game_id, args)),
         "--positions", str(args.positions), "--seed", str(args.seed), "--warmup", str(args.warmup),
         "--playouts", str(args.playouts), "--fixed-games", str(args.fixed_games)],
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
    parser.add_argument("--playouts", type=float, default=0.0, metavar="S",
                        help="measure random playouts through the checked path for S CPU-seconds instead")
    parser.add_argument("--fixed-games", type=int, default=0, metavar="N",
                        help="measure the CPU of N seeded random games through the checked path instead")
    parser.add_argument("--worker", metavar="TREE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker and (args.playouts or args.fixed_games):
        playout_worker(args.worker, args.games[0], args.seed, args.playouts, args.fixed_games)
        return
    if args.worker:
        worker(args.worker, args.games[0], args.iterations, args.positions, args.seed, args.warmup)
        return
    rate = "play_cpu_s" if args.fixed_games else "steps_per_cpu_s" if args.playouts else "iterations_per_cpu_s"
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
                rates[name].append(result[rate])
                shown = round(result[rate], 4) if args.fixed_games else round(result[rate])
                extra = {"steps": result["steps"]} if args.fixed_games else {}
                print(json.dumps({"game": game_id, "round": r + 1, "side": name, "build": build,
                                  rate: shown, **extra, "load": os.getloadavg()[0]}), flush=True)
        first = sides[0][0]
        if args.fixed_games:
            least = {name: min(v) for name, v in rates.items()}
            print(json.dumps({"game": game_id, "rounds": args.rounds, "games": args.fixed_games,
                              "least_play_cpu_s": {n: round(v, 4) for n, v in least.items()},
                              f"speed_over_{first}": {n: round(least[first] / v, 3) for n, v in least.items()}}),
                  flush=True)
            continue
        med = {name: statistics.median(v) for name, v in rates.items()}
        budget = {"playout_cpu_s": args.playouts} if args.playouts else {"iterations": iterations(game_id, args)}
        print(json.dumps({"game": game_id, "rounds": args.rounds, **budget,
                          f"median_{rate}": {n: round(v) for n, v in med.items()},
                          f"over_{first}": {n: round(v / med[first], 2) for n, v in med.items()}}), flush=True)


if __name__ == "__main__":
    main()
