"""What this process does with the other processes' notes (see coordination.py): catch a loaded table
up with the moves, seats, status and chat another process committed, and carry on the tables it
takes over. A table nobody here has loaded needs nothing: it is read from the store when a
socket asks for it."""

from __future__ import annotations

import json
import logging

from ..lobby import rematch
from ..runtime.metrics import CAUGHT_UP
from ..tables import bot_turns
from ..tables.live import TableError
from ..tables.manager import TableManager
from ..tables.other_processes import refresh

log = logging.getLogger("glyphhall.server")


async def on_note(m: TableManager, kind: str, table_id: str, arg: str) -> None:
    if kind == "gap":  # notes may have been missed: catch every loaded table up
        for loaded in list(m.tables.values()):
            await refresh(m, loaded)
        return
    if kind in ("want", "free"):
        await (hand_over if kind == "want" else take_freed)(m, table_id)
        return
    table = m.tables.get(table_id)
    if table is None:
        return
    if kind == "thinking":  # the owner's bot computes (or stopped): only this process's sockets to tell
        bot_turns.mirror(table, arg)
        return
    if kind == "rematch":  # the finished table's rematch changed (its offer, in words, is the note)
        rematch.tell_here(table, json.loads(arg))
        return
    if not table.connections and not m.runs_here(table_id):
        # Loaded here only in passing (created or read here, served elsewhere): drop it rather
        # than replay every move of a table another process serves.
        m.forget(table_id)
        return
    if kind == "act":
        async with table.lock:
            before = table.record_length
            await table.catch_up_locked()
            CAUGHT_UP.inc(max(0, table.record_length - before))
    elif kind == "chat":
        for line in await m.db(m.store.chat, table_id, 20):
            table.add_chat(line)
    else:
        await refresh(m, table)
    m.after_change(table)


async def hand_over(m: TableManager, table_id: str) -> None:
    """Another process serves this table's sockets and asks for it: let it go if nobody here
    watches it and no bot move is being computed here (so two owners' bots never play the same
    table), then say it is free."""
    if m.cluster is None or not m.cluster.owns(table_id):
        return
    table = m.tables.get(table_id)
    if table is not None and (table.connections or table.thinking):
        return  # sockets here too (no balancer in front), or a bot busy: keep it, asked again later
    if table is not None:
        table.timer.stop()
    await m.cluster.release(table_id)
    m.forget(table_id)
    await m.cluster.note("free", table_id)


async def take_freed(m: TableManager, table_id: str) -> None:
    """A table's owner let it go: take it if its sockets are here."""
    table = m.tables.get(table_id)
    if m.cluster is not None and table is not None and table.connections and await m.cluster.claim(table_id):
        await on_gain(m, [table_id])


async def on_gain(m: TableManager, table_ids: list[str]) -> None:
    """This process now owns these running tables: their bots and timers go on here."""
    for table_id in table_ids:
        try:
            table = await m.get(table_id)
        except TableError as err:
            log.error("cannot take over: %s", err)
            continue
        async with table.lock:
            await table.catch_up_locked()
        if table.status == "running":
            await table.resume_timer()
            m.after_change(table)
        elif m.cluster is not None:
            await m.cluster.release(table_id)
    log.info("took over %d table(s)", len(table_ids))


def on_loss(m: TableManager) -> None:
    """Ownership lost (the lock connection broke): no timer runs here until it is regained."""
    for table in m.tables.values():
        table.timer.stop()
