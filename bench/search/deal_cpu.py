"""The CPU a paired strength deal costs, code trees side by side (issue 42's last bar: "the CPU
cost of a paired strength deal in Tundrus and Heroscape halved").

    python bench/search/deal_cpu.py GAME --side NAME=TREE --side NAME=TREE [--deals 2] [--seed 1]
                                    [--challenger mcts-hard] [--opponent mcts] [--jobs 2]

A deal is what `bench/strength/ladder.py` plays for a pairing: one seed, two games, the challenger
in the first seat and then in the second, both levels at their iteration budgets (`seconds=none`,
so the machine's load cannot change a move). Each side (a checkout, compiled: `make compile`
there, and GLYPHHALL_REQUIRE_COMPILED is set) plays every game in a process of its own; `--jobs`
games run at once, the sides' games interleaved so that both meet the same load. Prints each
game's CPU seconds and moves as a JSON line, then per side the median deal's CPU seconds and the
ratio to the first side's. Where the rules and the search did not change, both sides play the same
moves; where they did, the deals still share their seeds, so the comparison stays paired."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed


def worker(tree: str, game_id: str, seed: int, challenger_seat: int, challenger: str, opponent: str) -> None:
    """In a side's own process: play one game and print its CPU seconds."""
    sys.path.insert(0, tree)
    from glyphhall import games
    from glyphhall.bots import ask
    from glyphhall.bots.mcts import make_level

    game = games.get(game_id)
    state = game.new(2, seed, game.resolve_options({}))
    bots = [make_level(opponent, seed + seat, seconds=None) for seat in range(2)]
    bots[challenger_seat] = make_level(challenger, seed + challenger_seat, seconds=None)
    start = time.process_time()
    moves = 0
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, ask(bots[seat], state, seat))
        moves += 1
    print(json.dumps({"cpu_s": time.process_time() - start, "moves": moves, "returns": state.returns()}))


def play(name: str, tree: str, game_id: str, seed: int, seat: int, args: argparse.Namespace) -> dict:
    env = {**os.environ, "GLYPHHALL_REQUIRE_COMPILED": "1", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, __file__, "--worker", tree, game_id, str(seed), str(seat), args.challenger, args.opponent],
        capture_output=True, text=True, env=env, check=True)
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return {"side": name, "game": game_id, "seed": seed, "challenger_seat": seat, **out}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        tree, game_id, seed, seat, challenger, opponent = sys.argv[2:8]
        worker(tree, game_id, int(seed), int(seat), challenger, opponent)
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--side", action="append", required=True, help="NAME=TREE (a compiled checkout)")
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--challenger", default="mcts-hard")
    parser.add_argument("--opponent", default="mcts")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    sides = [tuple(s.split("=", 1)) for s in args.side]
    # Interleaved: deal by deal, seat by seat, the sides next to each other.
    tasks = [(name, tree, args.seed + d, seat) for d in range(args.deals) for seat in (0, 1) for name, tree in sides]
    results = []
    with ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(play, name, tree, args.game, seed, seat, args) for name, tree, seed, seat in tasks]
        for done in as_completed(futures):  # each game as it ends: a long run shows its progress
            results.append(done.result())
            print(json.dumps(results[-1]), flush=True)
    deal_cpu: dict[str, list[float]] = {name: [] for name, _ in sides}
    for name, _ in sides:
        for d in range(args.deals):
            deal_cpu[name].append(sum(r["cpu_s"] for r in results if r["side"] == name and r["seed"] == args.seed + d))
    first = statistics.median(deal_cpu[sides[0][0]])
    print(json.dumps({"game": args.game, "deals": args.deals, "load": os.getloadavg()[0],
                      "median_deal_cpu_s": {n: round(statistics.median(v), 1) for n, v in deal_cpu.items()},
                      "deal_cpu_s": {n: [round(x, 1) for x in v] for n, v in deal_cpu.items()},
                      "cpu_over_first": {n: round(statistics.median(v) / first, 2) for n, v in deal_cpu.items()}}))


if __name__ == "__main__":
    main()
