"""What the table manager asks of the cluster (`cluster/coordination.py` on PostgreSQL): which
tables this process owns, and notes to the other processes. Written as a protocol so that tables/
stays below cluster/: the app hands the manager a `Cluster`, the tables only see this."""

from __future__ import annotations

from typing import Protocol


class Ownership(Protocol):
    def owns(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and timer."""
        ...

    async def note(self, kind: str, table_id: str, arg: object = "") -> None:
        """Tell the other processes something changed at a table (after it is committed)."""
        ...

    async def claim(self, table_id: str) -> bool:
        """Own this table now if nobody does."""
        ...

    async def want(self, table_id: str) -> None:
        """Ask for a table whose sockets are served here."""
        ...

    async def release(self, table_id: str) -> None:
        """A finished table needs no owner."""
        ...
