"""A loaded table and the other processes serving the same database (cluster/): read back the
seats, status and moves they committed, and ask for a table whose sockets are served here. Kept
with the tables because the account page and the table's socket need them as much as the
cluster's notes do (cluster/sync.py)."""

from __future__ import annotations

from .live import LiveTable
from .manager import TableManager
from .table_info import SeatState


async def refresh(m: TableManager, table: LiveTable) -> None:
    """Seats, status and moves as the store has them now."""
    info = await m.db(m.store.table, table.id)
    if info is None:
        return
    async with table.lock:
        was = table.status
        for seat, (now, stored) in enumerate(zip(table.seats, info.seats, strict=True)):
            if now.token_hash is not None and now.token_hash != stored.token_hash:
                for conn in [c for c in table.connections if c.seat == seat]:
                    conn.seat = None  # that seat was left through another process: watch only
            table.seats[seat] = SeatState(stored.kind, stored.bot, stored.name, stored.token_hash, stored.user_id)
        if info.status != "open" and table.state is None:
            table.rebuild(await m.db(m.store.record, table.id))
        if table.status != "finished":
            table.status = info.status
        await table.catch_up_locked()
        if table.status != was:
            table.restart_timer()
            for conn in list(table.connections):
                conn.push(table.full_state(conn.seat))
    table.broadcast_table()


async def serve_here(m: TableManager, table: LiveTable) -> None:
    """This process serves a socket of a running table that another process owns: ask for it
    (on a socket's arrival and after its moves, so ownership settles wherever the sockets are)."""
    if m.cluster is not None and table.status == "running" and not m.cluster.owns(table.id):
        await m.cluster.want(table.id)
