"""A person's opponent while tables of bots alone keep the server's bot pool busy: the wall time
of the person's bot move (the `mcts` level), with TABLES bot-against-bot tables (`mcts-hard`)
asking for moves all the while, when those tables queue with everyone (as before) and when they
share one worker between them (now). The two ways alternate round by round in one run, on the
same positions; prints the medians and the 90th percentiles of each.

    python bench/server/bots_alone.py [--game inscription] [--tables 8] [--rounds 4] [--moves 6]
"""

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
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "search"))

from search import positions  # noqa: E402  (bench/search/search.py: positions with a real choice)

from glyphhall import games  # noqa: E402
from glyphhall.server.tables.botpool import BotPool  # noqa: E402


async def round_of(pool: BotPool, game, found, tables: int, moves: int, shared: bool) -> list[float]:
    """The person's bot moves' wall times, with `tables` tables of bots alone asking meanwhile."""
    stop = asyncio.Event()

    async def table_of_bots(index: int) -> None:
        step = 0
        while not stop.is_set():
            state, seat = found[(index + step) % len(found)]
            await pool.choose(game, state.to_dict(), seat, "mcts-hard", index * 1000 + step, person_waits=not shared)
            step += 1

    others = [asyncio.create_task(table_of_bots(i)) for i in range(tables)]
    walls = []
    try:
        await asyncio.sleep(1.0)  # the tables of bots are under way
        for i in range(moves):
            state, seat = found[i % len(found)]
            start = time.perf_counter()
            await pool.choose(game, state.to_dict(), seat, "mcts", i)
            walls.append(time.perf_counter() - start)
            await asyncio.sleep(0.5)  # the person thinks
    finally:
        stop.set()
        await asyncio.gather(*others)
    return walls


async def measure(game_id: str, tables: int, rounds: int, moves: int) -> dict[str, object]:
    game = games.get(game_id)
    found = positions(game_id, max(moves, 8), 1)
    pool = BotPool(2)
    walls: dict[str, list[float]] = {"queued with everyone": [], "one worker between them": []}
    try:
        state, seat = found[0]
        await asyncio.gather(*(pool.choose(game, state.to_dict(), seat, "random", i) for i in range(2)))  # spawn
        for r in range(rounds):
            for shared in ((False, True) if r % 2 == 0 else (True, False)):
                key = "one worker between them" if shared else "queued with everyone"
                walls[key] += await round_of(pool, game, found, tables, moves, shared)
    finally:
        pool.close()
    figures = {key: {"median_s": round(statistics.median(w), 3),
                     "p90_s": round(statistics.quantiles(w, n=10)[-1], 3), "moves": len(w)}
               for key, w in walls.items()}
    return {"game": game_id, "tables of bots alone": tables, **figures, "load": round(os.getloadavg()[0], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="inscription")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--moves", type=int, default=6)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(measure(args.game, args.tables, args.rounds, args.moves))))


if __name__ == "__main__":
    main()
