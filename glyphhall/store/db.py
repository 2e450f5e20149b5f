"""Opening a database: the default SQLite file, or any SQLAlchemy URL (PostgreSQL in production)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import CursorResult, Engine, Result, Table, create_engine, event
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.pool import ConnectionPoolEntry

from glyphhall.paths import data_dir


def default_url() -> str:
    """The SQLite file in the user's data directory."""
    return f"sqlite:///{data_dir() / 'glyphhall.db'}"


def normalize_url(url: str) -> str:
    """Let people write postgresql://... and still get the psycopg 3 driver we ship."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def make_engine(url: str | None = None) -> Engine:
    url = normalize_url(url or default_url())
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
            # WAL lets readers run beside the writer; NORMAL still survives a process crash.
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def changed_rows(result: Result[Any]) -> int:
    """How many rows an INSERT, UPDATE or DELETE changed. A Session's `execute` answers such a
    statement with a CursorResult, typed as the plain Result, which has no rowcount."""
    assert isinstance(result, CursorResult), "a statement that changes rows answers a CursorResult"
    return result.rowcount


def table_of(mapped: type[Any]) -> Table:
    """The Core Table of a mapped class (declared only as the general FromClause)."""
    table = mapped.__table__
    assert isinstance(table, Table), f"{mapped.__name__} is mapped to a table"
    return table
