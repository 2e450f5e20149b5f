"""Replay positions (a step of a finished game, a hypothetical line, a replay room's line) are
computed in a worker process of their own, niced so the hall's moves come first: each replays the
game from its start (0.2-0.5 s of CPU for a long game), which in the event loop stalled every
table. The same position asked again comes from a cache (a room's members all ask for it), the
same one asked twice at once is computed once, each address may have IN_FLIGHT_PER_ADDRESS in
flight and a few a second, and past MAX_WAITING queued the hall answers busy."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..guard.flood_limits import AddressBuckets, Rate
from ..runtime import workers
from ..tables.live import LiveTable, TableError
from . import replay_steps

REPLAY_WORKERS = 1
MAX_WAITING = 8
IN_FLIGHT_PER_ADDRESS = 2
CACHE_SIZE = 128
#: Replay positions an address may ask for that are not in the cache: a few a second after a burst.
RATE = Rate(4, 20)

Key = tuple[str, int, int | None, tuple[tuple[int, str], ...] | None]


class ReplayWork:
    def __init__(self, rate: Rate = RATE, in_flight: int = IN_FLIGHT_PER_ADDRESS) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._cache: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self._running: dict[Key, asyncio.Future[dict[str, Any]]] = {}
        self._in_flight: dict[str, int] = {}
        self._buckets = AddressBuckets(rate)
        self._most_in_flight = in_flight

    async def position(self, address: str, table: LiveTable, step: int, seat: int | None,
                       line: Sequence[tuple[int, str]] | None = None,
                       record: Sequence[tuple[int, str, bool]] = ()) -> dict[str, Any]:
        """The replay message (replay_steps.compute) for a finished table. Raises TableError:
        a step, seat or hypothetical move that does not fit, or too many requests."""
        job = replay_steps.job_for(table, step, seat, line, record)
        key: Key = (table.id, job.step, job.seat, job.line)
        found = self._cache.get(key)
        if found is None:
            found = await self._computed(address, key, job)
        else:
            self._cache.move_to_end(key)
        if "error" in found:
            raise TableError(found["error"])
        return {**found, "total": len(table.actions), "table": table.public_info()}

    async def _computed(self, address: str, key: Key, job: replay_steps.ReplayJob) -> dict[str, Any]:
        running = self._running.get(key)
        if running is not None:  # the same position is being computed for someone: share it
            return await asyncio.shield(running)
        if not self._buckets.allow(address):
            raise TableError("too many replay requests from your address; wait a moment", 429)
        if self._in_flight.get(address, 0) >= self._most_in_flight:
            raise TableError("your earlier replay requests are still being computed; wait for them", 429)
        if len(self._running) >= REPLAY_WORKERS + MAX_WAITING:
            raise TableError("the hall is busy computing replays; try again in a moment", 503)
        self._in_flight[address] = self._in_flight.get(address, 0) + 1
        future = asyncio.get_running_loop().run_in_executor(self._executor(), replay_steps.compute, job)
        self._running[key] = future
        try:
            out = await asyncio.shield(future)
        finally:
            self._running.pop(key, None)
            self._in_flight[address] -= 1
            if not self._in_flight[address]:
                del self._in_flight[address]
        self._cache[key] = out
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return out

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = workers.pool(REPLAY_WORKERS, nice=10)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def replay_work(app: Any) -> ReplayWork:
    """The app's replay work (made on first use; create_app's lifespan closes it)."""
    if not hasattr(app.state, "replay_work"):
        limits = getattr(app.state, "limits", None)
        app.state.replay_work = ReplayWork(limits.replay, limits.replay_in_flight) if limits else ReplayWork()
    return app.state.replay_work
