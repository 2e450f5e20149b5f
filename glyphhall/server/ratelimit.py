"""Limits on attempts: sliding windows (sign-in per address, sign-up per address) and back-off
after wrong passwords (per address and account, so nobody elsewhere can lock the owner out).
Kept in memory, per server process: with several processes each allows the limit."""

from __future__ import annotations

import time
from collections import OrderedDict, deque

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
        if count < self.free:
            return 0.0
        delay = min(self.longest, self.first * 2 ** (count - self.free))
        return max(0.0, last + delay - now)

    def fail(self, key: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        count, _ = self._failures.pop(key, (0, now))
        self._failures[key] = (count + 1, now)
        if len(self._failures) > MAX_KEYS:
            self._failures.popitem(last=False)

    def clear(self, key: str) -> None:
        self._failures.pop(key, None)
