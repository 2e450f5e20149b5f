"""The tables for reaching people while they are away: e-mail addresses and their tokens, the
outbox (e-mail and push messages waiting to go), whose turn is waiting, presence, push
subscriptions, friends, blocks and invitations, and the hall's own settings (its push keys).

Every change here needs an Alembic revision too (migrations/versions/0006_contact.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint, true
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base

_USER = "gh_users.id"


class ContactRow(Base):
    """A person's e-mail address (None until confirmed) and what they want to hear about.
    `unsubscribe_key` is the secret in the link that turns the e-mails off without signing in."""

    __tablename__ = "gh_contacts"

    user_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_key: Mapped[str | None] = mapped_column(String(254), nullable=True, index=True)  # casefolded
    turn_emails: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    result_emails: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    unsubscribe_key: Mapped[str] = mapped_column(String(64), unique=True)
    updated_at: Mapped[float] = mapped_column(Float)


class MailTokenRow(Base):
    """A single-use link sent by e-mail (confirm an address, reset a password); only its SHA-256
    is kept."""

    __tablename__ = "gh_mail_tokens"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), index=True)
    purpose: Mapped[str] = mapped_column(String(16))  # verify or reset
    email: Mapped[str] = mapped_column(String(254))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)
    used_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class OutboxRow(Base):
    """A message to send (an e-mail, or a push to one subscription). A process claims a row by a
    lease before sending it, so every process of the hall can send and each message goes once;
    a failure waits longer each time (`due_at`)."""

    __tablename__ = "gh_outbox"
    __table_args__ = (Index("ix_gh_outbox_due", "status", "due_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(8))  # email or push
    recipient: Mapped[str] = mapped_column(String(1000))  # an address, or a push subscription's id
    subject: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    extra: Mapped[dict[str, Any]] = mapped_column(JSON)  # headers (e-mail) or the payload's fields (push)
    # One message per event even when several processes see the event (a game's end).
    dedupe_key: Mapped[str | None] = mapped_column(String(160), nullable=True, unique=True)
    status: Mapped[str] = mapped_column(String(8))  # queued, sent, failed
    created_at: Mapped[float] = mapped_column(Float)
    due_at: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    lease_owner: Mapped[str | None] = mapped_column(String(32), nullable=True)
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)


class TurnWaitRow(Base):
    """A table waiting for a person's move since `waiting_since` (None: not waiting for them),
    after their move at step `turn_step` (-1: none yet), so a person who moves and is to move
    again at once waits anew; `notified_for` is the wait they were last told about, so each
    wait is told once."""

    __tablename__ = "gh_turn_waits"

    user_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("gh_tables.id", ondelete="CASCADE"), primary_key=True)
    waiting_since: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    turn_step: Mapped[int] = mapped_column(Integer, default=-1)
    notified_for: Mapped[float | None] = mapped_column(Float, nullable=True)


class PresenceRow(Base):
    """When a person last had a Glyph Hall page open, and last had one focused (every process
    sees the same)."""

    __tablename__ = "gh_presence"

    user_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), primary_key=True)
    seen_at: Mapped[float] = mapped_column(Float)
    focused_at: Mapped[float] = mapped_column(Float, default=0.0)


class PushSubscriptionRow(Base):
    """A browser's Web Push subscription (its endpoint and keys, as the browser gave them)."""

    __tablename__ = "gh_push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[float] = mapped_column(Float)


class FriendRow(Base):
    """A friend request from `asker_id` to `friend_id`; friends once `accepted_at` is set."""

    __tablename__ = "gh_friends"
    __table_args__ = (UniqueConstraint("asker_id", "friend_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    asker_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), index=True)
    friend_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    accepted_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class BlockRow(Base):
    """`user_id` blocked `blocked_id`: their invitations, requests and chat no longer reach them."""

    __tablename__ = "gh_blocks"

    user_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[float] = mapped_column(Float)


class InviteRow(Base):
    """An invitation to a seat at an open table, from one person to another by name."""

    __tablename__ = "gh_invites"
    __table_args__ = (UniqueConstraint("table_id", "to_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("gh_tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    from_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"))
    to_id: Mapped[int] = mapped_column(ForeignKey(_USER, ondelete="CASCADE"), index=True)
    created_at: Mapped[float] = mapped_column(Float)


class HallSettingRow(Base):
    """Settings the hall makes once and keeps (its Web Push key pair)."""

    __tablename__ = "gh_hall_settings"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
