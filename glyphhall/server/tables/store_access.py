"""Store calls from the event loop: each runs in a worker thread so a commit never stalls play.

Moves are written by group commit: while one batch is being committed, the moves that arrive
are queued and the next batch commits them all in one transaction. Each move's coroutine resumes
only once its own row is committed (or refused), so "committed before broadcast" still holds;
under load the thread does one commit per batch instead of one per move, and hands the GIL back
and forth with the event loop far less often."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from glyphhall.store import Store

from ..runtime.metrics import DB_SECONDS, MOVES, timed

T = TypeVar("T")


class StoreAccess:
    def __init__(self, store: Store) -> None:
        self.store = store
        # SQLite has one writer at a time anyway; a single thread keeps commits in order.
        workers = 1 if store.engine.url.get_backend_name() == "sqlite" else 4
        self._threads = ThreadPoolExecutor(workers, thread_name_prefix="glyphhall-db")
        self._pending: list[tuple[tuple[str, int, int, str], asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        with timed(DB_SECONDS):
            return await asyncio.get_running_loop().run_in_executor(self._threads, fn, *args)

    async def append_action(self, table_id: str, step: int, seat: int, text: str) -> None:
        """Store one move; returns once it is committed. Raises what the store raised for it
        (ActionClash when that step exists already)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, step, seat, text), done))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_pending())
        await done

    async def _commit_pending(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                outcomes = await self.run(self.store.append_actions, [row for row, _ in batch])
            except asyncio.CancelledError:  # shutting down: the waiting moves are cancelled too
                for _, done in batch:
                    done.cancel()
                raise
            except Exception as err:  # nothing of this batch was committed
                for _, done in batch:
                    if not done.done():
                        done.set_exception(err)
                continue
            for (_, done), clash in zip(batch, outcomes, strict=True):
                if done.done():
                    continue
                if clash is None:
                    MOVES.inc()
                    done.set_result(None)
                else:
                    done.set_exception(clash)

    def close(self) -> None:
        self._threads.shutdown(wait=True)
        self.store.close()
