"""Random-playout speed of one game on one core: games/s, steps/s and clones/s, as JSON.

    python bench/engine/playouts.py GAME [--seconds S] [--players N] [--seed K] [--option k=v ...] [--runs R]

A step is one `apply` of a uniformly random legal action, including the `_legal_actions` call
that offered it, on the search fast path (`check=False`, no repeated whose-move checks), as
the MCTS bot steps. Rates are given per wall-clock second and,
for `steps_per_cpu_s`, per CPU second of this process (steadier on a shared machine). Clones are timed on states sampled along
the playouts, so they reflect mid-game sizes.

With `--runs R` (R > 1) the measurement is made R times, one after the other, each in a fresh
process (cold caches, as a server's first games): the runs are printed as they end, then a line
with the median, lowest and highest steps/s. On a shared machine single runs of the same code
differ by a third; the median of several is the figure to compare."""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall import games  # noqa: E402
from glyphhall.engine import Rng, parse_option_texts  # noqa: E402


def run(game_id: str, seconds: float, players: int | None, seed: int, options: dict) -> dict:
    game = games.get(game_id)
    count = players or game.min_players
    rng = Rng(seed)
    steps = finished = 0
    samples = []
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    cpu_start = time.process_time()
    while time.perf_counter() < deadline:
        state = game.new(count, seed + finished, options)
        while not state.is_over():
            movers = state.to_move()
            seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
            # The search fast path (docs/architecture.md): the mover was just read from
            # to_move(), so neither the public wrapper's checks nor apply's are repeated.
            state.apply(seat, rng.choice(state._legal_actions(seat)), check=False)
            steps += 1
            if steps % 97 == 0 and len(samples) < 200:
                samples.append(state.clone())
        finished += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start

    clone_rounds = 0
    clone_start = time.perf_counter()
    clone_cpu_start = time.process_time()
    while time.perf_counter() - clone_start < min(2.0, seconds / 3):
        for sample in samples:
            sample.clone()
        clone_rounds += 1
    clone_elapsed = time.perf_counter() - clone_start
    clone_cpu = time.process_time() - clone_cpu_start
    clones = clone_rounds * len(samples)
    return {
        "game": game_id,
        "players": count,
        "options": options,
        "seconds": round(elapsed, 2),
        "games": finished,
        "games_per_s": round(finished / elapsed, 1),
        "steps_per_s": round(steps / elapsed),
        # CPU seconds, not wall-clock: steady when other processes share the cores.
        "steps_per_cpu_s": round(steps / cpu) if cpu else None,
        "mean_steps_per_game": round(steps / max(finished, 1), 1),
        "clones_per_s": round(clones / clone_elapsed) if clones else None,
        "us_per_clone": round(1e6 * clone_elapsed / clones, 2) if clones else None,
        "us_per_clone_cpu": round(1e6 * clone_cpu / clones, 2) if clones else None,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id, or 'all' for every registered game")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", "-o", action="append", default=[])
    parser.add_argument("--runs", type=int, default=1, help="measure R times, each in a fresh process")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    ids = games.ids() if args.game == "all" else [args.game]
    for game_id in ids:
        options = games.get(game_id).resolve_options(parse_option_texts(args.option))
        if args.runs == 1:
            print(json.dumps(run(game_id, args.seconds, args.players, args.seed, options)))
        else:
            print(json.dumps(repeated(game_id, args, sys.argv[2:])))


def repeated(game_id: str, args: argparse.Namespace, passed: list[str]) -> dict:
    """`args.runs` runs of this script for one game, each in its own process; prints each."""
    rates = []
    for _ in range(args.runs):
        once = [sys.executable, __file__, game_id, *passed, "--runs", "1"]  # the last --runs wins
        out = subprocess.run(once, check=True, capture_output=True, text=True).stdout
        result = json.loads(out)
        print(out.strip(), flush=True)
        rates.append(result["steps_per_s"])
    return {"game": game_id, "runs": len(rates), "steps_per_s_median": statistics.median(rates),
            "steps_per_s_lowest": min(rates), "steps_per_s_highest": max(rates)}


if __name__ == "__main__":
    main()
