"""Rematch offers ("Play again" at a finished table), kept in the database so that a server restart
or another server process sees the same offer. A mixin of `Store`.

An offer is the finished table -> the new table made for the rematch, and each person's answer
(old seat -> accepted or declined). The first offer stored wins: two processes making one at the
same moment both read back the same new table."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Engine, Float, ForeignKey, Integer, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from .db import changed_rows
from .models import Base


class RematchRow(Base):
    __tablename__ = "gh_rematches"

    old_table: Mapped[str] = mapped_column(ForeignKey("gh_tables.id", ondelete="CASCADE"), primary_key=True)
    # The new table; if it is removed (everybody left it before it started) the offer goes too.
    new_table: Mapped[str] = mapped_column(ForeignKey("gh_tables.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[float] = mapped_column(Float)


class RematchAnswerRow(Base):
    __tablename__ = "gh_rematch_answers"

    old_table: Mapped[str] = mapped_column(ForeignKey("gh_rematches.old_table", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)  # the person's seat at the finished table
    accepted: Mapped[bool] = mapped_column(Boolean)  # False: declined
    at: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True)
class RematchInfo:
    table: str  # the new table
    answers: dict[int, bool]  # old seat -> accepted (True) or declined (False), in the order given


class RematchesRepo:
    engine: Engine
    _session: sessionmaker[Session]

    def _insert(self) -> Any:
        return (postgresql if self.engine.dialect.name == "postgresql" else sqlite).insert

    def rematch(self, old_table: str) -> RematchInfo | None:
        with self._session() as db:
            new = db.scalar(select(RematchRow.new_table).where(RematchRow.old_table == old_table))
            if new is None:
                return None
            rows = db.execute(select(RematchAnswerRow.seat, RematchAnswerRow.accepted)
                              .where(RematchAnswerRow.old_table == old_table)
                              .order_by(RematchAnswerRow.at, RematchAnswerRow.seat)).all()
            return RematchInfo(new, {int(seat): bool(ok) for seat, ok in rows})

    def offer_rematch(self, old_table: str, new_table: str) -> str:
        """Store `new_table` as the rematch of `old_table` unless one is stored already; answers
        the stored one (the caller's own, or the one made first elsewhere)."""
        stmt = self._insert()(RematchRow).values(old_table=old_table, new_table=new_table, created_at=time.time())
        with self._session.begin() as db:
            db.execute(stmt.on_conflict_do_nothing(index_elements=["old_table"]))
            return str(db.scalar(select(RematchRow.new_table).where(RematchRow.old_table == old_table)))

    def answer_rematch(self, old_table: str, seat: int, accepted: bool) -> bool:
        """Record a person's answer; the first answer of a seat stands. True if this one was stored."""
        stmt = self._insert()(RematchAnswerRow).values(old_table=old_table, seat=seat, accepted=accepted, at=time.time())
        with self._session.begin() as db:
            return bool(changed_rows(db.execute(stmt.on_conflict_do_nothing(index_elements=["old_table", "seat"]))))
