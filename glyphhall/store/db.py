"""Opening a database: the default SQLite file, or any SQLAlchemy URL (PostgreSQL in production)."""

from __future__ import annotations

from sqlalchemy import Engine, create_engine, event

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
        def _sqlite_pragmas(conn, _record) -> None:  # type: ignore[no-untyped-def]
            # WAL lets readers run beside the writer; NORMAL still survives a process crash.
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)
