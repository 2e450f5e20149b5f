"""Counters shared by every server process on one database: the attempt limits (sign-in and
sign-up per address, wrong passwords per address and account, tables created per address) hold
for the whole hall, not per process. A mixin of `Store`.

A counter is (kind, key) -> (count, at). The limits in the server give `at` its meaning: the start
of a fixed window, or the last failure of a back-off. Increments are one atomic upsert, so two
processes counting at once never lose a count."""

from __future__ import annotations

from sqlalchemy import Engine, Float, Integer, String, case, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from .db import changed_rows
from .models import Base


class CounterRow(Base):
    __tablename__ = "gh_counters"

    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    key: Mapped[str] = mapped_column(String(300), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float, index=True)


class CountersRepo:
    engine: Engine
    _session: sessionmaker[Session]

    def counter(self, kind: str, key: str) -> tuple[int, float] | None:
        with self._session() as db:
            row = db.execute(select(CounterRow.count, CounterRow.at).where(
                CounterRow.kind == kind, CounterRow.key == key[:300])).first()
            return None if row is None else (int(row[0]), float(row[1]))

    def bump_counter(self, kind: str, key: str, at: float, restart_before: float, window: bool) -> tuple[int, float]:
        """Count one more at time `at`; a counter last set before `restart_before` starts again
        at 1. A window (`window=True`) keeps the time it started; otherwise the counter keeps
        the time of its latest count (a back-off counts from the last failure). Returns
        (count, at) as stored."""
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        table = CounterRow.__table__
        stale = table.c.at < restart_before
        changes = {"count": case((stale, 1), else_=table.c.count + 1),
                   "at": case((stale, at), else_=table.c.at) if window else at}
        stmt = (
            dialect.insert(table).values(kind=kind, key=key[:300], count=1, at=at)
            .on_conflict_do_update(index_elements=[table.c.kind, table.c.key], set_=changes)
            .returning(table.c.count, table.c.at)
        )
        with self._session.begin() as db:
            row = db.execute(stmt).one()  # (count, at): unpacking a Row would type them as object
            return int(row[0]), float(row[1])

    def clear_counter(self, kind: str, key: str) -> None:
        with self._session.begin() as db:
            db.execute(delete(CounterRow).where(CounterRow.kind == kind, CounterRow.key == key[:300]))

    def forget_counters(self, before: float) -> int:
        """Drop counters untouched since `before` (they can no longer limit anyone)."""
        with self._session.begin() as db:
            return changed_rows(db.execute(delete(CounterRow).where(CounterRow.at < before))) or 0
