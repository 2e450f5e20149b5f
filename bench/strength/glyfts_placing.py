"""Glyfts placing steps: how often a search skips placing (`done`) where the heuristic bot places.

    python bench/strength/glyfts_placing.py [--positions 40] [--seed 1] SPEC [SPEC ...]

Positions are the placing steps (the active player may still place a card) met along games of
the heuristic bot against itself, seeded. Each bot spec (e.g. `mcts:iterations=1000,seconds=none`,
`mcts:iterations=1000,seconds=none,prior=heuristic`) chooses in every position; the script prints,
per spec, how many of its moves were `done`, how many were the heuristic bot's own choice (or one
it rates as high), and its CPU seconds. Issue 23 found the search drifting to `done` early: the
heuristic has no term for the attacks still to come this turn, so a branch that reaches the attack
step sooner looks better at few iterations."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall.bots import ask, make  # noqa: E402
from glyphhall.bots.rollout import greedy_action  # noqa: E402
from glyphhall.bots.simple import evaluate  # noqa: E402
from glyphhall.bots.spec import make_bot  # noqa: E402
from glyphhall.games import resolve  # noqa: E402
from glyphhall.games.glyfts.state import PLACE  # noqa: E402


def placing_positions(count: int, seed: int) -> list:
    game = resolve("glyphhall.games.glyfts:GAME")
    found = []
    match = seed
    while len(found) < count and match < seed + 200:
        state = game.new(2, match)
        greedy = make("heuristic", match)
        while not state.is_over() and len(found) < count:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if state.phase == PLACE and len(legal) > 1 and any(a.verb == "done" for a in legal):
                found.append(state.clone())
            state.apply(seat, ask(greedy, state, seat))
        match += 1
    return found


def after(state, seat: int, action) -> float:
    s = state.clone()
    s.apply(seat, action, check=False)
    return evaluate(s, seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    positions = placing_positions(args.positions, args.seed)
    best = []
    for state in positions:
        seat = state.to_move()[0]
        best.append(after(state, seat, greedy_action(state, seat, state.legal_actions(seat))))
    print(f"{len(positions)} placing positions; the heuristic bot played done in "
          f"{sum(greedy_action(s, s.to_move()[0], s.legal_actions(s.to_move()[0])).verb == 'done' for s in positions)}")
    for spec in args.specs:
        done = greedy_like = 0
        cpu = 0.0
        for i, state in enumerate(positions):
            seat = state.to_move()[0]
            bot = make_bot(spec, 1000 + i)
            start = time.process_time()
            action = ask(bot, state, seat)
            cpu += time.process_time() - start
            done += action.verb == "done"
            greedy_like += after(state, seat, action) >= best[i] - 1e-12
        print(f"{spec}: done {done} of {len(positions)}, the heuristic's choice (or as good) {greedy_like}, "
              f"CPU {cpu:.1f} s", flush=True)


if __name__ == "__main__":
    main()
