"""Bots play in worker processes, never in the server's event loop.

The worker receives the true state as `to_dict()`, rebuilds it with `game.load`, and asks the bot
through `glyphhall.bots.ask`, which hands the bot only a determinization for its seat."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from . import workers
from .catalog import game_locator, load_game

_GAMES: dict[tuple[str, str], Any] = {}  # per worker process: locator -> Game


def choose_in_worker(locator: tuple[str, str], state_dict: dict[str, Any], seat: int, level: str, seed: int) -> str:
    """Runs in a worker process: the bot's move for `seat`, as action text."""
    from glyphhall import bots

    game = _GAMES.get(locator)
    if game is None:
        game = _GAMES[locator] = load_game(locator)
    state = game.load(state_dict)
    bot = bots.make(level, seed)
    return str(bots.ask(bot, state, seat))


class BotPool:
    """A process pool for bot moves (started lazily on the first move)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, min(4, (os.cpu_count() or 2) - 1))
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = workers.pool(self.workers)  # spawned; they end with the server
        return self._pool

    async def choose(self, game: Any, state_dict: dict[str, Any], seat: int, level: str, seed: int) -> str:
        from .watch import BOT_QUEUE  # here, not at the top: the spawned workers import this module

        loop = asyncio.get_running_loop()
        BOT_QUEUE.inc()
        try:
            return await loop.run_in_executor(
                self._executor(), choose_in_worker, game_locator(game), state_dict, seat, level, seed
            )
        finally:
            BOT_QUEUE.dec()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
