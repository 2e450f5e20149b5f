"""The table manager: which tables are in this process's memory, loading them from the store,
dropping the idle ones, resuming after a restart, and asking the bots to move after each change.
The tables themselves are in live.py."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from . import bot_turns
from .botpool import BotPool
from .catalog import Catalog
from .errors import TableError
from .idle_tables import IdleTables
from .live import LiveTable, chat_dict
from .ownership import Ownership
from .store_access import StoreAccess

log = logging.getLogger("glyphhall.server")
T = TypeVar("T")


class TableManager:
    def __init__(self, store: StoreAccess, catalog: Catalog, bot_pool: BotPool) -> None:
        self.access = store
        self.store = store.store
        self.catalog = catalog
        self.bot_pool = bot_pool
        self.tables: dict[str, LiveTable] = {}
        self.idle = IdleTables(self)
        self._tasks: set[asyncio.Task[Any]] = set()
        self.cluster: Ownership | None = None  # several processes on one PostgreSQL (cluster/)
        self.watchers: list[Callable[[LiveTable], None]] = []  # told after every change of a table

    def runs_here(self, table_id: str) -> bool:
        """Bots and timers run on the table's owner (this process, when it is alone)."""
        return self.cluster is None or self.cluster.owns(table_id)

    async def announce(self, kind: str, table_id: str, arg: object = "") -> None:
        """Tell the other processes (if any) that something at a table is committed."""
        if self.cluster is not None:
            await self.cluster.note(kind, table_id, arg)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        return await self.access.run(fn, *args)

    # --- loading ---------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        """The table, loaded from the store if it is not in memory. A table nobody needs stays
        loaded only among the IDLE_TABLES most recently used."""
        table = await self._load(table_id)
        self.note_idle(table)
        return table

    async def get_to_join(self, table_id: str) -> LiveTable:
        """The table as loaded now, to join before the next await: one fetched earlier may have
        been dropped meanwhile, and a connection added to it would hear nothing more."""
        while True:
            table = await self.get(table_id)
            if self.tables.get(table_id) is table:
                return table

    async def get_finished(self, table_id: str, refusal: str) -> LiveTable:
        """The table if its game is over; else TableError(409) saying `refusal`."""
        table = await self.get(table_id)
        if table.status != "finished":
            raise TableError(refusal, 409)
        return table

    async def _load(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        info = await self.db(self.store.table, table_id)
        if info is None:
            raise TableError(f"there is no table {table_id!r}", 404)
        try:
            game = self.catalog.get(info.game)
        except KeyError:
            raise TableError(f"table {table_id} plays {info.game!r}, which this server does not have", 404) from None
        table = LiveTable(self, info, game)
        if info.status != "open":
            record = await self.db(self.store.record, table_id)
            table.rebuild(record)
        chat = await self.db(self.store.chat, table_id)
        table.chat_cache = [chat_dict(c) for c in chat]
        # Another coroutine may have loaded it meanwhile: keep the first.
        loaded = self.tables.setdefault(table_id, table)
        if loaded is table and self.cluster is not None:
            async with table.lock:  # a move another process made while we read the record
                await table.catch_up_locked()
        return loaded

    async def claim(self, table_id: str) -> None:
        """Own a table that starts here, if nobody else does (its bots and timer run here)."""
        if self.cluster is not None:
            await self.cluster.claim(table_id)

    async def release_finished(self, table: LiveTable) -> None:
        """A finished table needs no owner any more."""
        if self.cluster is not None and table.status == "finished":
            await self.cluster.release(table.id)

    def release_if_idle(self, table: LiveTable) -> None:
        """Forget a table nobody here watches, when it is finished or another process owns
        it (its replay, or the next socket, reads it from the store again); keep any other
        among the recently used idle ones."""
        if not table.connections and (table.status == "finished" or not self.runs_here(table.id)):
            self.forget(table.id)
        else:
            self.note_idle(table)

    def note_idle(self, table: LiveTable) -> None:
        """`table` was just used: if nobody needs it, it joins the idle ones (idle_tables.py)."""
        self.idle.note(table)

    def forget(self, table_id: str) -> None:
        """Drop a table from memory (the store keeps it)."""
        table = self.tables.get(table_id)
        if table is not None and not table.connections and not table.thinking:
            table.timer.stop()
            del self.tables[table_id]
            self.idle.drop(table_id)

    async def resume_all(self) -> int:
        """After a (re)start: every running table is rebuilt from its record and its bots and
        timers go on."""
        infos = await self.db(self.store.tables, ("running",), 100000)
        resumed = 0
        for info in infos:
            try:
                table = await self.get(info.id)
            except TableError as err:
                log.error("cannot resume: %s", err)
                continue
            if table.status == "running":
                await table.resume_timer()
                self.after_change(table)
                resumed += 1
        return resumed

    # --- after each change: bots --------------------------------------------------------------
    def after_change(self, table: LiveTable) -> None:
        for watch in self.watchers:  # the notifications (notify/notifier.py)
            watch(table)
        if table.status != "running" or table.state is None or not self.runs_here(table.id):
            return
        for seat in table.state.to_move():
            s = table.seats[seat]
            if s.kind == "bot" and seat not in table.thinking:
                self.ask_bot(table, seat, s.bot or "random")

    def ask_bot(self, table: LiveTable, seat: int, level: str, once: bool = False) -> None:
        table.thinking.add(seat)
        task = asyncio.create_task(bot_turns.play(self, table, seat, level, once))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for table in self.tables.values():
            table.timer.stop()
            for conn in list(table.connections):
                await conn.close()
        for task in list(self._tasks):
            task.cancel()
        self._tasks.clear()
