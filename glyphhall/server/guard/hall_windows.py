"""Limits on attempts: sliding windows (sign-in per address, sign-up per address) and back-off
after wrong passwords (per address and account, so nobody elsewhere can lock the owner out).

`Limiter` and `Backoff` keep their counts in this process's memory. With several processes on
one PostgreSQL, `HallWindow` and `HallBackoff` keep them in the database (store/counters.py), so
a limit holds for the whole hall; each keeps its own process's counts in front, so a flood that
this process already refuses costs no database call."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from typing import Any

#: Keys remembered at most (a flood of distinct keys forgets the oldest first).
MAX_KEYS = 100_000


class Limiter:
    def __init__(self, attempts: int, seconds: float) -> None:
        self.attempts = attempts
        self.seconds = seconds
        self._seen: dict[str, deque[float]] = {}

    def wait(self, key: str, now: float | None = None) -> float:
        """Seconds until `key` may try again (0: it may now)."""
        now = time.monotonic() if now is None else now
        seen = self._seen.get(key)
        if not seen:
            return 0.0
        while seen and seen[0] <= now - self.seconds:
            seen.popleft()
        if not seen:
            del self._seen[key]
            return 0.0
        return 0.0 if len(seen) < self.attempts else seen[0] + self.seconds - now

    def note(self, key: str, now: float | None = None) -> None:
        self._seen.setdefault(key, deque()).append(time.monotonic() if now is None else now)
        if len(self._seen) > MAX_KEYS:
            self._seen.pop(next(iter(self._seen)))


class Backoff:
    """After `free` failures in a row, each further attempt for the key waits `first` seconds,
    doubling with each failure up to `longest`: slow for a guesser, never a lock. A success
    clears the key; a key with no failure for `forget` seconds is forgotten."""

    def __init__(self, free: int = 3, first: float = 2.0, longest: float = 120.0, forget: float = 3600.0) -> None:
        self.free, self.first, self.longest, self.forget = free, first, longest, forget
        self._failures: OrderedDict[str, tuple[int, float]] = OrderedDict()  # key -> (failures, last)

    def wait(self, key: str, now: float | None = None) -> float:
        """Seconds until `key` may try again (0: it may now)."""
        now = time.monotonic() if now is None else now
        count, last = self._failures.get(key, (0, now))
        if now - last > self.forget:
            self._failures.pop(key, None)
            return 0.0
        return max(0.0, last + self.delay(count) - now)

    def delay(self, failures: int) -> float:
        """How long a key with this many failures in a row waits after the last one."""
        return 0.0 if failures < self.free else min(self.longest, self.first * 2 ** (failures - self.free))

    def fail(self, key: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        count, _ = self._failures.pop(key, (0, now))
        self._failures[key] = (count + 1, now)
        if len(self._failures) > MAX_KEYS:
            self._failures.popitem(last=False)

    def clear(self, key: str) -> None:
        self._failures.pop(key, None)


#: Runs a store call off the event loop (TableManager.db).
Db = Callable[..., Awaitable[Any]]


class _HallCounter:
    """A counter of the hall's (kind, key) in the store, or none when `db` is None; the
    subclasses keep this process's own counts in front of it."""

    def __init__(self, kind: str, db: Db | None, store: Any) -> None:
        self.kind, self._db, self._store = kind, db, store

    async def _stored(self, key: str) -> tuple[int, float] | None:
        """(count, at) as the hall counts it; None without a store or a count."""
        return None if self._db is None else await self._db(self._store.counter, self.kind, key)

    async def _bump(self, key: str, restart_before: float, window: bool) -> None:
        if self._db is not None:
            await self._db(self._store.bump_counter, self.kind, key, time.time(), restart_before, window)


class HallWindow(_HallCounter):
    """At most `attempts` per fixed window of `seconds` for a key, counted across the hall's
    processes when `db` and `store` are given, else in this process only. (A fixed window lets
    up to twice the limit through around a window's edge; the process's own sliding window in
    front keeps each process within the limit.)"""

    def __init__(self, kind: str, attempts: int, seconds: float, db: Db | None = None, store: Any = None) -> None:
        super().__init__(kind, db, store)
        self.attempts, self.seconds = attempts, seconds
        self.local = Limiter(attempts, seconds)

    async def wait(self, key: str) -> float:
        wait = self.local.wait(key)
        if wait > 0 or (found := await self._stored(key)) is None:
            return wait
        now = time.time()
        if found[1] < now - self.seconds or found[0] < self.attempts:
            return 0.0
        return found[1] + self.seconds - now

    async def note(self, key: str) -> None:
        self.local.note(key)
        await self._bump(key, time.time() - self.seconds, window=True)


class HallBackoff(_HallCounter):
    """`Backoff` across the hall's processes when `db` and `store` are given."""

    def __init__(self, kind: str, db: Db | None = None, store: Any = None, **settings: float) -> None:
        super().__init__(kind, db, store)
        self.local = Backoff(**settings)  # type: ignore[arg-type]

    async def wait(self, key: str) -> float:
        wait = self.local.wait(key)
        if wait > 0 or (found := await self._stored(key)) is None:
            return wait
        now = time.time()
        if found[1] < now - self.local.forget:
            return 0.0
        return max(0.0, found[1] + self.local.delay(found[0]) - now)

    async def fail(self, key: str) -> None:
        self.local.fail(key)
        await self._bump(key, time.time() - self.local.forget, window=False)

    async def clear(self, key: str) -> None:
        self.local.clear(key)
        if self._db is not None:
            await self._db(self._store.clear_counter, self.kind, key)
