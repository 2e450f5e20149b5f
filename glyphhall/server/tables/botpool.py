"""Bots play in worker processes, never in the server's event loop.

The worker receives the true state as `to_dict()`, rebuilds it with `game.load`, and asks the bot
through `glyphhall.bots.ask`, which hands the bot only a determinization for its seat. A search
level of several root-parallel trees (bots/roots.py) has each tree grown by a worker of its own,
at the same time, and the move is chosen here from their summed visits: the same move the bot
would choose growing them one after another.

Tables of bots alone (nobody seated waits for the move, only watchers) take one worker at a time
between them, their trees grown one after another: twenty such tables, made by anyone, must not
keep a person's opponent waiting behind them."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from glyphhall import bots, native
from glyphhall.bots import roots
from glyphhall.bots.base import sample_for
from glyphhall.bots.mcts import LEVELS

from ..runtime import workers
from .catalog import game_locator, load_game

_GAMES: dict[tuple[str, str], Any] = {}  # per worker process: locator -> Game


def _game(locator: tuple[str, str]) -> Any:
    game = _GAMES.get(locator)
    if game is None:
        game = _GAMES[locator] = load_game(locator)
    return game


def choose_in_worker(locator: tuple[str, str], state_dict: dict[str, Any], seat: int, level: str, seed: int) -> str:
    """Runs in a worker process: the bot's move for `seat`, as action text."""
    bot = bots.make(level, seed)
    return str(bots.ask(bot, _game(locator).load(state_dict), seat))


def grow_in_worker(
    locator: tuple[str, str], state_dict: dict[str, Any], seat: int, level: str, seed: int, index: int
) -> str | dict[str, tuple[int, float]] | None:
    """Runs in a worker process: tree `index` of the bot's root-parallel search for `seat`. For a
    decision the bot does not share among trees, tree 0 answers with the move itself (action
    text) and the others with None."""
    bot = bots.make(level, seed)
    sample = sample_for(bot, _game(locator).load(state_dict), seat)
    if not roots.splits(bot, sample, seat):
        return str(bot.choose(sample, seat)) if index == 0 else None
    return roots.grow(bot, sample, seat, index, at_once=True)[0]


class BotPool:
    """A process pool for bot moves (started lazily on the first move)."""

    def __init__(self, workers: int | None = None) -> None:
        # At least two, so that a level's two root-parallel trees grow at once.
        self.workers = workers or max(2, min(4, (os.cpu_count() or 2) - 1))
        self._pool: ProcessPoolExecutor | None = None
        self._build: str | None = None  # the compiled build the workers were started on
        #: The one place of the tables of bots alone, made in the event loop that uses it.
        self._bots_alone: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None

    def _executor(self) -> ProcessPoolExecutor:
        stamp = native.build_stamp()
        if self._pool is not None and stamp != self._build:
            # A compiled build finished since the workers started (make run compiles in the
            # background): the moves under way finish on the old workers, the next ones use it.
            self._pool.shutdown(wait=False)
            self._pool = None
        if self._pool is None:
            self._pool = workers.pool(self.workers)  # spawned; they end with the server
            self._build = stamp
        return self._pool

    async def choose(
        self, game: Any, state_dict: dict[str, Any], seat: int, level: str, seed: int, *, person_waits: bool = True
    ) -> str:
        """The bot's move (action text). `person_waits` False: a table of bots alone, which waits
        its turn for the one worker such tables share."""
        if person_waits:
            return await self._choose(game, state_dict, seat, level, seed, self.workers)
        loop = asyncio.get_running_loop()
        if self._bots_alone is None or self._bots_alone[0] is not loop:
            self._bots_alone = (loop, asyncio.Semaphore(1))
        async with self._bots_alone[1]:
            return await self._choose(game, state_dict, seat, level, seed, 1)

    async def _choose(self, game: Any, state_dict: dict[str, Any], seat: int, level: str, seed: int, workers: int) -> str:
        # Imported here, not at the top: the spawned workers import this module.
        from ..runtime.metrics import BOT_QUEUE

        loop = asyncio.get_running_loop()
        locator = game_locator(game)
        trees = LEVELS.get(level, {}).get("roots", 1) if workers > 1 else 1
        BOT_QUEUE.inc()
        try:
            if trees < 2:
                return await loop.run_in_executor(
                    self._executor(), choose_in_worker, locator, state_dict, seat, level, seed
                )
            grown = await asyncio.gather(*(
                loop.run_in_executor(self._executor(), grow_in_worker, locator, state_dict, seat, level, seed, index)
                for index in range(trees)
            ))
            if isinstance(grown[0], str):
                return grown[0]
            return roots.best([tree for tree in grown if isinstance(tree, dict)])
        finally:
            BOT_QUEUE.dec()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
