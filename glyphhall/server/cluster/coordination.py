"""Several server processes on one PostgreSQL: one hall.

Every process serves any table's sockets. The record stays the truth and is the only thing
shared: a process writes a move at step N only if no row exists for that step (the unique
constraint decides between two processes, as it does between two moves in one), then says so on
PostgreSQL's `LISTEN/NOTIFY` channel; every other process with that table loaded reads the new
rows and replays them on its copy of the table, which builds each seat's update locally (so no
view, and no secret, ever travels between processes).

Ownership is an advisory lock per table, held on one connection per process: the owner runs the
table's bots and turn timer. Ownership follows the sockets: a balancer in front (deploy/) sends
every request about a table to one process, which asks for the table (`want`); an owner that
serves none of its sockets hands it over. Then a move is applied, committed and worded once, by
the process that owns the table, and no other process has it loaded to replay. The lock is the lease and PostgreSQL is its heartbeat: when the
owner dies its connections close and its locks are released at once, and every process tries,
each OWNERSHIP_SECONDS, to take the running tables nobody holds; the one that wins rebuilds
them from the record and carries on."""

from __future__ import annotations

import asyncio
import logging
import os
import uuid
from collections.abc import Awaitable, Callable

import psycopg
from sqlalchemy.engine import make_url

log = logging.getLogger("glyphhall.server")

CHANNEL = "glyphhall"
#: How often a process looks for running tables without an owner (a takeover takes at most
#: about this long after the owner's connections close).
OWNERSHIP_SECONDS = 1.0
#: A process serving a table's sockets asks its owner for the table at most this often.
HANDOVER_SECONDS = 2.0
#: Both halves of a table's advisory lock key: a fixed class, then a hash of the table id.
LOCK_CLASS = 0x6748  # "gH"

NoteHandler = Callable[[str, str, str], Awaitable[None]]


def conninfo(sqlalchemy_url: str) -> str:
    """A psycopg connection string for the store's SQLAlchemy URL."""
    return make_url(sqlalchemy_url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's membership in the hall: notes to and from the others, and the tables it
    owns. `on_note(kind, table_id, arg)` gets the other processes' notes; `on_gain(ids)` the
    tables this process has just taken over; `on_loss()` is called when ownership is lost (the
    lock connection broke)."""

    def __init__(self, url: str, on_note: NoteHandler, on_gain: Callable[[list[str]], Awaitable[None]],
                 on_loss: Callable[[], None]) -> None:
        self.url = conninfo(url)
        self.id = f"{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.owned: set[str] = set()
        self._on_note, self._on_gain, self._on_loss = on_note, on_gain, on_loss
        self._locks: psycopg.AsyncConnection | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._ready = asyncio.Event()
        self._asked: dict[str, float] = {}  # table id -> when this process last asked for it

    async def start(self) -> int:
        """Join: listen, take the running tables nobody owns (a restart resumes them here).
        Returns how many were taken."""
        listener = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), 30)
        taken = await self._take_free()
        self._tasks = [listener, asyncio.create_task(self._own())]
        return taken

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._locks is not None:
            await self._locks.close()

    def owns(self, table_id: str) -> bool:
        return table_id in self.owned

    async def note(self, kind: str, table_id: str, arg: object = "") -> None:
        """Tell the other processes something changed at a table (after it is committed)."""
        try:
            conn = await self._lock_conn()
            await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.id}|{kind}|{table_id}|{arg}"))
        except psycopg.Error as err:  # the others catch up on their next note or resync
            log.warning("could not notify the other processes (%s %s): %s", kind, table_id, err)

    async def claim(self, table_id: str) -> bool:
        """Own this table now if nobody does (a table starting here gets its timer and bots
        here at once)."""
        if table_id in self.owned:
            return True
        try:
            cur = await (await self._lock_conn()).execute(
                "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCK_CLASS, table_id))
            row = await cur.fetchone()
        except psycopg.Error as err:
            log.warning("could not claim table %s: %s", table_id, err)
            return False
        if row and row[0]:
            self.owned.add(table_id)
            return True
        return False

    async def want(self, table_id: str) -> None:
        """Ask for a table whose sockets are served here (a balancer sends all of a table's
        requests to one process): an owner serving none of its sockets lets it go and says
        "free", and this process then takes it (cluster/sync.py). Asked at most once per
        HANDOVER_SECONDS per table; meanwhile the table is played here as a non-owner."""
        now = asyncio.get_running_loop().time()
        if table_id in self.owned or now - self._asked.get(table_id, -HANDOVER_SECONDS) < HANDOVER_SECONDS:
            return
        self._asked[table_id] = now
        if len(self._asked) > 10_000:  # forget old asks rather than grow
            self._asked = {t: at for t, at in self._asked.items() if now - at < HANDOVER_SECONDS}
        await self.note("want", table_id)

    async def release(self, table_id: str) -> None:
        """A finished table needs no owner."""
        if table_id in self.owned:
            self.owned.discard(table_id)
            try:
                await (await self._lock_conn()).execute(
                    "SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_CLASS, table_id))
            except psycopg.Error as err:
                log.warning("could not release table %s: %s", table_id, err)

    # --- inside ----------------------------------------------------------------------------
    async def _lock_conn(self) -> psycopg.AsyncConnection:
        if self._locks is None or self._locks.closed:
            if self._locks is not None:
                self._lost()  # the locks lived on the connection that closed
            self._locks = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        return self._locks

    def _lost(self) -> None:
        if self.owned:
            log.warning("lost the lock connection: this process owns no table now")
            self.owned.clear()
            self._on_loss()

    async def _listen(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    await self._on_note("gap", "", "")  # notes may have been missed before LISTEN
                    async for n in conn.notifies():
                        sender, kind, table_id, arg = (n.payload.split("|", 3) + ["", "", ""])[:4]
                        if sender != self.id:
                            await self._on_note(kind, table_id, arg)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("listening to the other processes failed (%s); again in 1 s", err)
                await asyncio.sleep(1)

    async def _take_free(self) -> int:
        conn = await self._lock_conn()
        # OFFSET 0 keeps the lock call out of the filter: only unowned running tables are
        # tried, one lock each.
        cur = await conn.execute(
            "SELECT id FROM (SELECT id FROM gh_tables WHERE status = 'running' AND NOT id = ANY(%s)"
            " OFFSET 0) AS free WHERE pg_try_advisory_lock(%s, hashtext(id))",
            (list(self.owned), LOCK_CLASS),
        )
        gained = [row[0] for row in await cur.fetchall()]
        if gained:
            self.owned.update(gained)
            await self._on_gain(gained)
        return len(gained)

    async def _own(self) -> None:
        while True:
            await asyncio.sleep(OWNERSHIP_SECONDS)
            try:
                await self._take_free()
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("taking over free tables failed: %s", err)
                self._lost()
                if self._locks is not None:
                    await self._locks.close()
                self._locks = None
