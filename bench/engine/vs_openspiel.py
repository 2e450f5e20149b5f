"""Glyph Hall's rules and search beside OpenSpiel's, measured side by side in one process.

    python bench/engine/vs_openspiel.py [GAME ...] [--seconds S] [--rounds R] [--search] [--no-rules]

Needs OpenSpiel (`pip install -e '.[bench]'`). Each round times, one after the other on process
CPU time (steady on a shared machine, unlike wall-clock), the same loop on both sides:

- rules: `legal_actions` + a uniform random choice + a *checked* `apply`, over whole random games.
  Ours: each game named (default: all). The peer: OpenSpiel's Python `python_liars_poker`
  (its chance nodes, the deal, are sampled from `chance_outcomes()` and counted as steps too).
  The figure is our steps per CPU-second over the peer's, per game.
- search (`--search`): information-set MCTS with random rollouts to the end of the game on
  Inscription positions (`bench/search/search.py`'s `positions`), against OpenSpiel's Python `MCTSBot` with one random rollout per
  iteration on `hearts` (C++ rules): one search of `--iterations` per position on each side,
  iterations per CPU-second, ours over theirs.

Default games: the four with targets (`TARGETS`); Glyphs may be named explicitly.

Rounds alternate the two sides so that both see the same load; the script prints each round's
figures as JSON lines, then the median of each ratio."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall import games  # noqa: E402
from glyphhall.bots import ask  # noqa: E402
from glyphhall.bots.mcts import MCTSBot  # noqa: E402
from glyphhall.engine import Rng  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "search"))
from search import positions as search_positions  # noqa: E402  (bench/search/search.py)

PEER_RULES = "python_liars_poker"
PEER_SEARCH = "hearts"
#: The issue's targets (ours / peer, rules loop); Glyphs' steps solve decrees and are not compared.
TARGETS = {"inscription": 2.0, "tundrus": 1.0, "glyfts": 3.0, "heroscape": 1.0}


def _openspiel():
    try:
        import pyspiel
        from open_spiel.python import games as _registers_python_games  # noqa: F401
    except ImportError:
        sys.exit("OpenSpiel is not installed: pip install -e '.[bench]'")
    return pyspiel


def our_rules(game_id: str, seconds: float, seed: int) -> float:
    """Steps per CPU-second of `legal_actions` + random choice + checked `apply`."""
    game = games.get(game_id)
    rng = Rng(seed)
    steps = played = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(game.min_players, seed + played)
        while not state.is_over():
            movers = state.to_move()
            seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        played += 1
    return steps / (time.process_time() - start)


def peer_rules(seconds: float, seed: int) -> float:
    pyspiel = _openspiel()
    game = pyspiel.load_game(PEER_RULES)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


def our_search(iterations: int, seed: int, positions: int = 4) -> float:
    """ISMCTS iterations per CPU-second, random rollouts to the end, on Inscription: one search
    of `iterations` iterations per position (no early stop), as the bot plays a move."""
    cpu = 0.0
    found = search_positions("inscription", positions, seed)
    for k, (state, seat) in enumerate(found):
        bot = MCTSBot(seed + k, iterations=iterations, seconds=None, cutoff=None, early_stop=False)
        started = time.process_time()
        ask(bot, state, seat)
        cpu += time.process_time() - started
    return len(found) * iterations / cpu


def peer_search(iterations: int, seed: int, positions: int = 4) -> float:
    """OpenSpiel's Python MCTS (one random rollout per iteration) on hearts, per CPU-second: one
    search of `iterations` simulations per position."""
    import numpy as np

    pyspiel = _openspiel()
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(PEER_SEARCH)
    rng = random.Random(seed)
    states = []
    while len(states) < positions:
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and len(states) < positions:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            if len(state.legal_actions()) > 1 and step % 9 == 4:
                states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = mcts.MCTSBot(game, 2.0, iterations, evaluator, solve=False, random_state=np.random.RandomState(seed))
    cpu = 0.0
    for state in states:
        started = time.process_time()
        bot.mcts_search(state)
        cpu += time.process_time() - started
    return positions * iterations / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per side and measure")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search", action="store_true", help="also the search comparison")
    parser.add_argument("--iterations", type=int, default=1000, help="search iterations per position")
    parser.add_argument("--no-rules", action="store_true", help="only the search comparison")
    args = parser.parse_args()
    _openspiel()
    ids = args.games or list(TARGETS)
    ratios: dict[str, list[float]] = {}
    for r in range(args.rounds):
        seed = args.seed + 1000 * r
        if not args.no_rules:
            for game_id in ids:
                # Alternate which side goes first, so neither always meets the same neighbours.
                if r % 2 == 0:
                    ours, peer = our_rules(game_id, args.seconds, seed), peer_rules(args.seconds, seed)
                else:
                    peer, ours = peer_rules(args.seconds, seed), our_rules(game_id, args.seconds, seed)
                ratios.setdefault(f"rules {game_id}", []).append(ours / peer)
                print(json.dumps({"round": r + 1, "measure": "rules", "game": game_id,
                                  "ours_steps_per_cpu_s": round(ours), f"{PEER_RULES}_steps_per_cpu_s": round(peer),
                                  "ratio": round(ours / peer, 3)}), flush=True)
        if args.search or args.no_rules:
            if r % 2 == 0:
                ours, peer = our_search(args.iterations, seed), peer_search(args.iterations, seed)
            else:
                peer, ours = peer_search(args.iterations, seed), our_search(args.iterations, seed)
            ratios.setdefault("search inscription/hearts", []).append(ours / peer)
            print(json.dumps({"round": r + 1, "measure": "search", "ours_iterations_per_cpu_s": round(ours),
                              f"{PEER_SEARCH}_iterations_per_cpu_s": round(peer),
                              "ratio": round(ours / peer, 3)}), flush=True)
    print(json.dumps({"medians": {k: round(statistics.median(v), 3) for k, v in ratios.items()},
                      "rounds": args.rounds, "cpu_seconds_per_side": args.seconds}), flush=True)


if __name__ == "__main__":
    main()
