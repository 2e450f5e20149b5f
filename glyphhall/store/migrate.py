"""Schema migrations (Alembic, scripts in ./migrations): `upgrade(engine)` brings a database to
the newest revision. `Store` calls it on start-up.

Several server processes may start at once on one database, so the upgrade runs under a lock
and each process looks at the revision only once it holds the lock: the first migrates, the
others find the work done. PostgreSQL: a transaction-level advisory lock, and its DDL runs in
that same transaction (all or nothing). SQLite: an exclusive lock on a file beside the
database (SQLite databases are only shared between processes of one machine).

A database made by the first release (tables from `create_all`, no alembic_version) is stamped
with revision 0001, the same schema, and upgraded from there: every row is kept."""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

SCRIPTS = Path(__file__).resolve().parent / "migrations"
FIRST_RELEASE = "0001"
FIRST_RELEASE_TABLES = frozenset({"gh_tables", "gh_seats", "gh_actions", "gh_chat", "gh_vault"})
# Any fixed 64-bit number, the same in every process: the key of the PostgreSQL advisory lock.
PG_LOCK_KEY = 0x6C79_7068_6861_6C6C  # "lyphhall"


class SchemaError(Exception):
    """The database holds something the migrations cannot take up (the message says what)."""


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision (there is exactly one head)."""
    heads = ScriptDirectory.from_config(config()).get_heads()
    if len(heads) != 1:
        raise SchemaError(f"the migrations have {len(heads)} heads ({', '.join(heads)}); they must form one line")
    return heads[0]


def current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, target: str = "head") -> None:
    """Bring the database to `target` (default: the newest revision), once, under the lock."""
    wanted = head() if target == "head" else target
    if engine.url.get_backend_name() != "sqlite":  # SQLite: even the first look waits for the file lock
        with engine.connect() as conn:
            if current(conn) == wanted:  # the usual start: nothing to do, no lock taken
                return
    with _locked(engine) as conn:
        _adopt_first_release(conn)
        if current(conn) != wanted:
            command.upgrade(config(conn), target)


def downgrade(engine: Engine, target: str) -> None:
    """Take the database back to revision `target` (for an operator undoing a release), under the lock."""
    with _locked(engine) as conn:
        command.downgrade(config(conn), target)


def _adopt_first_release(conn: Connection) -> None:
    """A first-release database (no alembic_version) is marked as revision 0001."""
    names = set(inspect(conn).get_table_names())
    if "alembic_version" in names or not names & FIRST_RELEASE_TABLES:
        return
    missing = FIRST_RELEASE_TABLES - names
    if missing:
        raise SchemaError(
            f"this database has some Glyph Hall tables but not {', '.join(sorted(missing))}: "
            "it was not made by a Glyph Hall release, so it is left alone"
        )
    command.stamp(config(conn), FIRST_RELEASE)


@contextlib.contextmanager
def _locked(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that holds the migration lock; committed on success."""
    backend = engine.url.get_backend_name()
    with contextlib.ExitStack() as stack:
        if backend == "sqlite":
            stack.enter_context(_file_lock(engine.url.database))
        conn = stack.enter_context(engine.connect())
        if backend == "sqlite":
            # A batch migration copies a table and drops the old one; with foreign keys on, the
            # drop would cascade into the rows that point at it. (Only settable outside a transaction.)
            _pragma(conn, "foreign_keys=OFF")
            stack.callback(_pragma, conn, "foreign_keys=ON")
        stack.enter_context(conn.begin())
        if backend == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK_KEY})
        yield conn


def _pragma(conn: Connection, setting: str) -> None:
    conn.exec_driver_sql(f"PRAGMA {setting}")
    conn.commit()


@contextlib.contextmanager
def _file_lock(database: str | None) -> Iterator[None]:
    if not database or database == ":memory:" or database.startswith("file::memory:"):
        yield  # a memory database belongs to this process alone
        return
    path = Path(database).with_name(Path(database).name + ".migrate-lock")
    with path.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
