"""The network-guided search against the unguided one at the same iteration budget, or at the
same wall time per move (`--seconds`), paired deals (issue 41).

    python bench/strength/guided_strength.py glyfts --iterations 200 [--network PATH] [--deals 10] [--first 0] [--jobs 2]
    python bench/strength/guided_strength.py tundrus --seconds 0.1 [--deals 8] [--jobs 1]

`mcts-net:iterations=N,seconds=none` (bots/guided.py; the network: the shipped checkpoint, or a
file such as an expert-iteration round's, `--network`) plays `mcts:iterations=N,seconds=none`
(the hand-heuristic search of bots/mcts.py, its game hints followed, one tree) on the strength
bench's deals (bench/strength/strength.py: the same seeds, shared luck and bot seeds), once in each seat.
With `--seconds S` both searches get S seconds of wall time a move instead (`seconds=S` and an
iteration cap no move reaches), each stopping early once its move is decided, as at the table: a
measurement of the load of the moment, so run it with the cores otherwise idle. A deal's difference is the guided search's score over its two games less one half, in points
(100 = both games won); prints each deal and the mean with its 95 % t interval over deals, and
the CPU seconds of each side's decisions (the same iterations do not cost the same time) and
its walks a searched move (how far each gets in the same time)."""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "strength"))  # sequential.py, strength.py

from sequential import paired_interval  # noqa: E402
from strength import POINTS, Pairing, game_ref, game_spec, score_deal  # noqa: E402

from glyphhall.arena.luck import SharedLuck  # noqa: E402
from glyphhall.arena.runner import die_with_parent  # noqa: E402
from glyphhall.bots import ask  # noqa: E402
from glyphhall.bots.guided import GuidedBot  # noqa: E402
from glyphhall.bots.learned import PolicyNetwork  # noqa: E402
from glyphhall.bots.spec import make_bot  # noqa: E402
from glyphhall.games import resolve as resolve_game  # noqa: E402


def play(game_id: str, spec: Any, network: str | None) -> dict[str, Any]:
    game = resolve_game(game_ref(game_id))
    state = game.new(2, spec.seed, spec.options)
    state.rng = SharedLuck(spec.seed, lambda: game.luck_context(state))
    seated = [make_bot(name, seed) for name, seed in zip(spec.bots, spec.bot_seeds, strict=True)]
    for bot in seated:
        if isinstance(bot, GuidedBot) and network is not None:
            bot.network = PolicyNetwork.load(network)
    thinking = [0.0, 0.0]
    walks = [0, 0]  # the searches' iterations, each seat's moves summed
    searched = [0, 0]  # moves searched (not forced, not decided at once)
    moves = 0
    while not state.is_over():
        for seat in state.to_move():
            if state.is_over() or seat not in state.to_move():
                continue
            start = time.process_time()
            action = ask(seated[seat], state, seat)
            thinking[seat] += time.process_time() - start
            done = getattr(seated[seat], "last_search", {}).get("iterations", 0)
            walks[seat] += done
            searched[seat] += done > 0
            state.apply(seat, action)
            moves += 1
    return {"returns": state.returns(), "moves": moves, "error": None, "thinking": thinking, "walks": walks,
            "searched": searched}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seconds", type=float, help="wall seconds a move for both searches instead of --iterations")
    parser.add_argument("--network", help="a checkpoint for the guided search (default: the shipped one)")
    parser.add_argument("--extra", default="", help="more settings of the guided search, e.g. mix=0.5")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    budget = (f"iterations={args.iterations},seconds=none" if args.seconds is None
              else f"iterations=1000000,seconds={args.seconds}")
    guided = f"mcts-net:{budget}" + (f",{args.extra}" if args.extra else "")
    plain = f"mcts:{budget},roots=1"
    pairing = Pairing(args.game, guided, plain)
    tasks = [(index, role, game_spec(pairing, index, role))
             for index in range(args.first, args.first + args.deals) for role in pairing.roles]
    differences: list[float] = []
    cpu = {"guided": 0.0, "plain": 0.0}
    walks = {"guided": [0, 0], "plain": [0, 0]}  # walks, moves searched
    done: dict[int, dict[str, Any]] = {}
    with multiprocessing.get_context("fork").Pool(args.jobs, die_with_parent) as pool:
        # Deals are reported as they finish, so a run stopped early keeps what it measured.
        for (index, role, _), result in zip(tasks, pool.imap(_play, [(args.game, spec, args.network)
                                                                      for _, _, spec in tasks]), strict=True):
            games = done.setdefault(index, {})
            games[role] = result
            if len(games) < len(pairing.roles):
                continue
            cpu["guided"] += games["first"]["thinking"][0] + games["second"]["thinking"][1]
            cpu["plain"] += games["first"]["thinking"][1] + games["second"]["thinking"][0]
            for side, (a, b) in (("guided", (0, 1)), ("plain", (1, 0))):
                walks[side][0] += games["first"]["walks"][a] + games["second"]["walks"][b]
                walks[side][1] += games["first"]["searched"][a] + games["second"]["searched"][b]
            s = score_deal(pairing, games)
            differences.append(POINTS * s["difference"])
            mean, low, high = paired_interval(differences)
            print(f"{args.game} deal {index}: {guided} (network: {args.network or 'shipped'}) scored {s['score']:.2f} "
                  f"against {plain}: {differences[-1]:+.0f}; after {len(differences)} deals (from {args.first}): "
                  f"{mean:+.1f} points [{low:+.1f}, {high:+.1f}]; thinking CPU s: guided {cpu['guided']:.0f}, "
                  f"unguided {cpu['plain']:.0f}; walks a searched move: guided "
                  f"{walks['guided'][0] / max(walks['guided'][1], 1):.0f}, unguided "
                  f"{walks['plain'][0] / max(walks['plain'][1], 1):.0f}", flush=True)


def _play(task: tuple[str, Any, str | None]) -> dict[str, Any]:
    return play(*task)


if __name__ == "__main__":
    main()
