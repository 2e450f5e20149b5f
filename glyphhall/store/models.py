"""The tables of the database. A match is its seed and its actions: the state is never stored,
it is rebuilt by replaying them (see glyphhall.engine.replay).

Every change here needs an Alembic revision in migrations/versions/ (tests/server/test_migrations.py
checks that the newest revision builds exactly these tables)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "gh_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    game_version: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Seeds are unsigned 64-bit in the engine; stored as a signed BIGINT (see repository).
    seed: Mapped[int] = mapped_column(BigInteger)
    players: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, running, finished
    turn_seconds: Mapped[int] = mapped_column(Integer, default=0)  # 0: no timer
    # Players may take back moves (BGA's undo policy); a table option, never in rated games.
    undo: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    result: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    # A table whose seed a person chose: never rated (the seed could be one they studied).
    practice: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Set when the finished match changed the ratings (every seat a registered person or a bot).
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The TOML text of the position the game began from (Game.load_position), None for a new
    # game: such a game rebuilds from this text and its actions, not from seed and options.
    position: Mapped[str | None] = mapped_column(Text, nullable=True)
    # Its title (engine.position_title, at most 100 characters), read once when the table was
    # made: the lobby's lists show it without loading the text.
    position_title: Mapped[str | None] = mapped_column(String(100), nullable=True)


class SeatRow(Base):
    __tablename__ = "gh_seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("gh_tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # person or bot
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Only a hash of the seat's secret token is kept, so a leaked database acts for nobody.
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The account that took the seat (None for a guest or a bot).
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("gh_users.id", ondelete="SET NULL", name="fk_gh_seats_user_id"), nullable=True, index=True
    )


class ActionRow(Base):
    __tablename__ = "gh_actions"
    # One row per step: a second write of the same step fails, so no action is applied twice.
    __table_args__ = (UniqueConstraint("table_id", "step"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("gh_tables.id", ondelete="CASCADE"), index=True)
    step: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    # Taken back by its player: the row stays (the record is the truth), replays skip it.
    undone: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ChatRow(Base):
    __tablename__ = "gh_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("gh_tables.id", ondelete="CASCADE"), index=True)
    author: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class VaultRow(Base):
    """A game's persistent keepsakes across matches (Inscription's death cards), per owner."""

    __tablename__ = "gh_vault"
    __table_args__ = (UniqueConstraint("game", "owner", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(64))
    owner: Mapped[str] = mapped_column(String(64))
    key: Mapped[str] = mapped_column(String(128))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Float)


class UserRow(Base):
    """An account. `name_key` is the name folded to lower case: names are unique regardless of case."""

    __tablename__ = "gh_users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))  # argon2id, never the password
    created_at: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """A signed-in browser. Only the SHA-256 of the cookie's secret is kept."""

    __tablename__ = "gh_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("gh_users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """One ladder entry's current OpenSkill rating in one game. `entry` is "user:<id>" or
    "bot:<level>" (a bot level is one entry on every ladder)."""

    __tablename__ = "gh_ratings"
    __table_args__ = (UniqueConstraint("game", "entry"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(64))
    entry: Mapped[str] = mapped_column(String(80))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[float] = mapped_column(Float)


class RatingChangeRow(Base):
    """What one rated match did to one entry's rating (the profile's history chart)."""

    __tablename__ = "gh_rating_changes"
    __table_args__ = (Index("ix_gh_rating_changes_entry", "game", "entry"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("gh_tables.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(64))
    entry: Mapped[str] = mapped_column(String(80))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)
