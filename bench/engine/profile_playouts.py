"""Where a random playout's time goes, per game: cProfile over seeded random games through the
public checked path (`legal_actions`, a random choice, a checked `apply`) or a PettingZoo AEC
episode (`last()`, a random legal id, `step`), the top functions by own time written as text.

    GLYPHHALL_PURE=1 python bench/engine/profile_playouts.py [GAME ...] [--kind playout|aec] [--seconds S]

Run on the pure build: compiled functions do not report to cProfile, so the profile of the
pure build is the map of where the compiled build spends too (bench/engine/profiles/ keeps the output)."""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall import games  # noqa: E402
from glyphhall.engine import Rng  # noqa: E402

DEFAULT_GAMES = ("inscription", "tundrus", "glyfts", "heroscape")


def playouts(game_id: str, seconds: float) -> int:
    game = games.get(game_id)
    rng = Rng(1)
    steps = played = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(game.min_players, 1 + played)
        while not state.is_over():
            movers = state.to_move()
            seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        played += 1
    return steps


def aec_episodes(game_id: str, seconds: float) -> int:
    from glyphhall.rl import env

    aec = env(game_id)
    pick = random.Random(1).choice
    steps = played = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        aec.reset(seed=1 + played)
        for _ in aec.agent_iter(3000):
            obs, _, terminated, truncated, _ = aec.last()
            aec.step(None if terminated or truncated else int(pick(obs["action_mask"].nonzero()[0])))
            steps += 1
        played += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(DEFAULT_GAMES))
    parser.add_argument("--kind", choices=("playout", "aec"), default="playout")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--out", type=Path, help="folder for one GAME-KIND.txt per game")
    args = parser.parse_args()
    run = playouts if args.kind == "playout" else aec_episodes
    for game_id in args.games:
        profile = cProfile.Profile()
        profile.enable()
        steps = run(game_id, args.seconds)
        profile.disable()
        text = io.StringIO()
        text.write(f"{game_id} {args.kind}: {steps} steps under cProfile\n")
        stats = pstats.Stats(profile, stream=text)
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)
        body = "\n".join(line.rstrip() for line in text.getvalue().splitlines()).replace(
            str(Path(__file__).resolve().parents[2]) + "/", "")
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{game_id}-{args.kind}.txt").write_text(body + "\n")
        print(body[:3000])


if __name__ == "__main__":
    main()
