"""Optional turn timers: when a table's turn runs out, a callback decides what happens."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable


class TurnTimer:
    def __init__(self, on_expire: Callable[[], Awaitable[None]]) -> None:
        self._on_expire = on_expire
        self._handle: asyncio.TimerHandle | None = None
        self.deadline: float | None = None  # wall-clock seconds, sent to clients for a countdown

    def restart(self, seconds: float) -> None:
        self.stop()
        if seconds <= 0:
            return
        loop = asyncio.get_running_loop()
        self.deadline = time.time() + seconds
        self._handle = loop.call_later(seconds, self._fire)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.deadline = None

    def _fire(self) -> None:
        self._handle = None
        self.deadline = None
        asyncio.ensure_future(self._on_expire())
