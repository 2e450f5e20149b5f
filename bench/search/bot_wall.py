"""Wall-clock seconds a bot move takes at the table: the server's bot pool at a shipped level with
one worker (the level's root-parallel trees grown one after the other, as before issue 23's
root-parallel search) against two workers (grown at the same time), alternating position by
position on the same positions and seeds. Prints each game's medians and their ratio.

    python bench/search/bot_wall.py [GAME ...] [--level mcts] [--positions 12] [--seed 1]

Both pools search the same number of iterations (the level's budget) unless the level's time
ceiling cuts a search short, so on idle cores two workers should take about half the time; on a
busy machine the second core is not free and the gain shrinks (the load is printed with the
figures)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from search import positions  # noqa: E402  (bench/search/search.py: positions with a real choice)

from glyphhall import games  # noqa: E402
from glyphhall.server.tables.botpool import BotPool  # noqa: E402


async def timed(pool: BotPool, game, state, seat: int, level: str, seed: int) -> float:
    start = time.perf_counter()
    await pool.choose(game, state.to_dict(), seat, level, seed)
    return time.perf_counter() - start


async def measure(game_id: str, level: str, count: int, seed: int) -> dict[str, object]:
    game = games.get(game_id)
    found = positions(game_id, count, seed)
    one, two = BotPool(1), BotPool(2)
    walls: dict[int, list[float]] = {1: [], 2: []}
    try:
        # Start both pools' workers before timing (spawning and importing cost seconds).
        state, seat = found[0]
        await timed(one, game, state, seat, "random", 0)
        await asyncio.gather(*(timed(two, game, state, seat, "random", i) for i in range(2)))
        for i, (state, seat) in enumerate(found):
            order = (one, two) if i % 2 == 0 else (two, one)
            for pool in order:
                walls[pool.workers].append(await timed(pool, game, state, seat, level, seed + i))
    finally:
        one.close()
        two.close()
    median_one, median_two = statistics.median(walls[1]), statistics.median(walls[2])
    return {"game": game_id, "level": level, "positions": len(found),
            "one_worker_s": round(median_one, 3), "two_workers_s": round(median_two, 3),
            "ratio": round(median_two / median_one, 2), "load": round(os.getloadavg()[0], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=["inscription", "glyfts", "tundrus", "heroscape"])
    parser.add_argument("--level", default="mcts")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game_id in args.games:
        print(json.dumps(asyncio.run(measure(game_id, args.level, args.positions, args.seed))), flush=True)


if __name__ == "__main__":
    main()
