"""Tables in memory that nobody needs (no socket, no bot or turn timer playing them here): the
most recently used IDLE_TABLES are kept, older ones forgotten (the store keeps them; the next
use loads them again). An HTTP read of a table (info, record, replay) so never pins it."""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

# The manager and its tables (manager.py, which uses this module) are typed loosely here.
LiveTable = Any
TableManager = Any

IDLE_TABLES = 64
#: An open or running table is kept at least this long after its last use, so a request that
#: holds it across an await never works on a copy that another request has loaded again
#: (a finished table never changes, so any copy will do).
GRACE_SECONDS = 60.0


class IdleTables:
    def __init__(self, manager: TableManager, size: int = IDLE_TABLES) -> None:
        self.manager = manager
        self.size = size
        self._ids: OrderedDict[str, None] = OrderedDict()  # oldest first

    def __len__(self) -> int:
        return len(self._ids)

    def note(self, table: LiveTable) -> None:
        """`table` was just used: it joins (or moves to the end of) the idle ones unless it is
        busy; the oldest that may go are forgotten past `size`."""
        self._ids.pop(table.id, None)
        table.used_at = time.monotonic()
        if not busy(table):
            self._ids[table.id] = None
        if len(self._ids) > self.size:
            self._trim()

    def drop(self, table_id: str) -> None:
        self._ids.pop(table_id, None)

    def _trim(self) -> None:
        for table_id in list(self._ids):
            if len(self._ids) <= self.size:
                return
            table = self.manager.tables.get(table_id)
            if table is None or busy(table):
                self._ids.pop(table_id)  # gone, or in use again: it rejoins when idle
            elif not self._kept(table):
                self.manager.forget(table_id)
                self._ids.pop(table_id, None)

    def _kept(self, table: LiveTable) -> bool:
        """An idle table that must stay loaded all the same."""
        if table.status == "finished" or not self.manager.runs_here(table.id):
            return False
        if time.monotonic() - table.used_at < GRACE_SECONDS:
            return True
        # A bot to move is played by a task started on a change; a table loaded again has none.
        state = table.state
        return state is not None and table.status == "running" and any(
            table.seats[seat].kind == "bot" for seat in state.to_move())


def busy(table: LiveTable) -> bool:
    """Someone watches the table, or a bot or the turn timer plays it here."""
    return bool(table.connections or table.thinking or table.timer.deadline is not None)
