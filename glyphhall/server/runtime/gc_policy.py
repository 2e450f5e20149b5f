"""Garbage collection while serving, so that play never waits for a full collection.

With hundreds of live tables the server holds a large heap (game states, event logs, sockets).
CPython's full (generation 2) collection walks all of it: measured at up to 0.5 s with 500
tables, a stall of the whole event loop that was most of the latency tail (bench/RESULTS.md).
Objects that have lived a few seconds are moved out of the collector's generations with
`gc.freeze()`, so the collections that run while serving only walk young objects; reference
counting still frees frozen objects as usual. Only reference cycles among frozen objects wait
for the rare full sweep (`gc.unfreeze()` + `gc.collect()`), every `full_every` seconds."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time


class GcPolicy:
    def __init__(self, freeze_every: float = 5.0, full_every: float = 900.0) -> None:
        self.freeze_every = freeze_every
        self.full_every = full_every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """After start-up: one full collection, then freeze what is left and keep freezing."""
        gc.collect()
        gc.freeze()
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        last_full = time.monotonic()
        while True:
            await asyncio.sleep(self.freeze_every)
            if time.monotonic() - last_full >= self.full_every:
                gc.unfreeze()
                gc.collect()  # the one long pause, rare: cycles among old objects
                last_full = time.monotonic()
            gc.freeze()

    async def stop(self) -> None:
        """Back to the usual collector (tests start and stop many apps in one process)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        gc.unfreeze()
