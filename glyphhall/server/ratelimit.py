"""Sliding-window limits on attempts (sign-in per address and per account, sign-up per address).
Kept in memory, per server process: with several processes each allows the limit."""

from __future__ import annotations

import time
from collections import deque


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
        if len(self._seen) > 100_000:  # a flood of distinct keys: forget the oldest
            self._seen.pop(next(iter(self._seen)))
