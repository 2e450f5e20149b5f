"""Store calls from the event loop: each runs in a worker thread so a commit never stalls play."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from glyphhall.store import Store

T = TypeVar("T")


class StoreAccess:
    def __init__(self, store: Store) -> None:
        self.store = store
        # SQLite has one writer at a time anyway; a single thread keeps commits in order.
        workers = 1 if store.engine.url.get_backend_name() == "sqlite" else 4
        self._threads = ThreadPoolExecutor(workers, thread_name_prefix="glyphhall-db")

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._threads, fn, *args)

    def close(self) -> None:
        self._threads.shutdown(wait=True)
        self.store.close()
