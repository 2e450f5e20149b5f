"""Repository functions for people: accounts, sign-in sessions and the tables a person sat at.
A mixin of `Store` (it shares the store's sessionmaker)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .models import SeatRow, SessionRow, TableRow, UserRow


class NameTaken(Exception):
    """Somebody has this user name already (names are unique regardless of case)."""


@dataclass(frozen=True)
class UserInfo:
    id: int
    name: str
    password_hash: str
    created_at: float


def _user(row: UserRow) -> UserInfo:
    return UserInfo(row.id, row.name, row.password_hash, row.created_at)


class PeopleRepo:
    _session: sessionmaker[Session]

    # --- accounts ------------------------------------------------------------------------
    def create_user(self, name: str, password_hash: str) -> UserInfo:
        try:
            with self._session.begin() as db:
                row = UserRow(name=name, name_key=name.casefold(), password_hash=password_hash, created_at=time.time())
                db.add(row)
                db.flush()
                return _user(row)
        except IntegrityError:
            raise NameTaken(name) from None

    def user_named(self, name: str) -> UserInfo | None:
        with self._session() as db:
            row = db.scalars(select(UserRow).where(UserRow.name_key == name.casefold())).first()
            return None if row is None else _user(row)

    def users_by_id(self, ids: list[int]) -> dict[int, UserInfo]:
        if not ids:
            return {}
        with self._session() as db:
            return {r.id: _user(r) for r in db.scalars(select(UserRow).where(UserRow.id.in_(ids)))}

    def set_password_hash(self, user_id: int, password_hash: str) -> None:
        with self._session.begin() as db:
            db.execute(update(UserRow).where(UserRow.id == user_id).values(password_hash=password_hash))

    # --- sessions (only the SHA-256 of the cookie's secret is stored) ----------------------
    def create_session(self, session_hash: str, user_id: int, expires_at: float) -> None:
        with self._session.begin() as db:
            db.add(SessionRow(id=session_hash, user_id=user_id, created_at=time.time(), expires_at=expires_at))

    def session_user(self, session_hash: str) -> tuple[UserInfo, float] | None:
        """The session's user and when the session expires (it may have expired already)."""
        with self._session() as db:
            row = db.execute(
                select(UserRow, SessionRow.expires_at)
                .join(SessionRow, SessionRow.user_id == UserRow.id)
                .where(SessionRow.id == session_hash)
            ).first()
            return None if row is None else (_user(row[0]), float(row[1]))

    def end_session(self, session_hash: str) -> None:
        with self._session.begin() as db:
            db.execute(delete(SessionRow).where(SessionRow.id == session_hash))

    def end_other_sessions(self, user_id: int, keep_hash: str | None) -> None:
        """Sign out everywhere else (after a password change)."""
        with self._session.begin() as db:
            db.execute(delete(SessionRow).where(SessionRow.user_id == user_id, SessionRow.id != (keep_hash or "")))

    # --- a person's tables -----------------------------------------------------------------
    def table_ids_of_user(self, user_id: int, statuses: tuple[str, ...], limit: int = 100) -> list[str]:
        """Ids of the tables where this account holds (or held) a seat, newest first."""
        with self._session() as db:
            rows = db.execute(
                select(TableRow.id)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.user_id == user_id, TableRow.status.in_(statuses))
                .group_by(TableRow.id, TableRow.created_at)
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            ).all()
            return [str(r[0]) for r in rows]
