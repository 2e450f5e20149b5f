"""ISMCTS search speed on one core: iterations per second for each game (or the games named),
as JSON lines.

    python bench/search/search.py [GAME ...] [--seconds S] [--positions N] [--cutoff D] [--seed K]
                           [--exploration C] [--no-luck] [--early-stop]

Positions are taken along a seeded random game (the opening and every few moves after), and the
bot searches each for `--seconds` with random rollouts to the end of the game (or cut off after
`--cutoff` plies and scored by the game's heuristic). An iteration is one determinization, one
walk down the tree, one expansion, one rollout and one backup. Rates are given per wall-clock
second and per CPU second of this process (the second is the fair figure on a busy machine).

`--no-luck` switches off the luck adjustment (which costs two heuristic calls per battle roll in
Glyfts); `--early-stop` lets searches end once their move is decided and reports how many did and
the share of the time budget they used."""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall import games  # noqa: E402
from glyphhall.bots import ask  # noqa: E402
from glyphhall.bots.mcts import MCTSBot  # noqa: E402
from glyphhall.engine import Rng  # noqa: E402


def positions(game_id: str, count: int, seed: int) -> list:
    """Up to `count` positions with a real choice, spread along random games."""
    game = games.get(game_id)
    rng = Rng(seed)
    found = []
    match = 0
    while len(found) < count and match < 50:
        state = game.new(game.min_players, seed + match)
        step = 0
        while not state.is_over() and len(found) < count:
            movers = state.to_move()
            seat = movers[rng.below(len(movers))]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and step % 7 == 0:
                found.append((state.clone(), seat))
            state.apply(seat, rng.choice(legal))
            step += 1
        match += 1
    return found


def run(game_id: str, seconds: float, count: int, cutoff: int | None, seed: int, **settings) -> dict:
    iterations = stops = 0
    elapsed = cpu = 0.0
    widths = []
    for k, (state, seat) in enumerate(positions(game_id, count, seed)):
        bot = MCTSBot(seed + k, iterations=None, seconds=seconds, cutoff=cutoff, **settings)
        started = time.process_time()
        ask(bot, state, seat)
        cpu += time.process_time() - started
        iterations += bot.last_search["iterations"]
        elapsed += bot.last_search["seconds"]
        stops += bot.last_search["stopped_early"]
        widths.append(len(state.legal_actions(seat)))
    budget = seconds * len(widths)
    return {
        "game": game_id,
        "positions": len(widths),
        "seconds": round(elapsed, 2),
        "iterations": iterations,
        "iterations_per_s": round(iterations / elapsed) if elapsed else None,
        # On a shared machine wall-clock rates understate one core; CPU time does not.
        "iterations_per_cpu_s": round(iterations / cpu) if cpu else None,
        "mean_legal_actions": round(sum(widths) / len(widths), 1) if widths else None,
        "rollouts": "random to the end" if cutoff is None else f"cut off after {cutoff} plies, heuristic",
        "settings": dict(settings),
        "stopped_early": stops,
        "share_of_budget_used": round(elapsed / budget, 3) if budget else None,
        "python": platform.python_version(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=1.0, help="search time per position")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--cutoff", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exploration", type=float, default=0.7)
    parser.add_argument("--no-luck", action="store_true", help="no luck adjustment at averaged rolls")
    parser.add_argument("--early-stop", action="store_true", help="stop once the move is decided")
    args = parser.parse_args()
    settings = {"exploration": args.exploration, "adjust_luck": not args.no_luck, "early_stop": args.early_stop}
    for game_id in args.games or games.ids():
        print(json.dumps(run(game_id, args.seconds, args.positions, args.cutoff, args.seed, **settings)), flush=True)


if __name__ == "__main__":
    main()
