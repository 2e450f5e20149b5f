"""Repository functions for reaching people: e-mail addresses and single-use tokens, the outbox,
waiting turns, presence, push subscriptions and the hall's settings. A mixin of `Store`.

The outbox is shared by every process of a hall: a process claims rows with a lease (on
PostgreSQL with `SELECT ... FOR UPDATE SKIP LOCKED`, so two processes never pick the same row;
on SQLite the claim is one transaction, and the conditional update decides), sends them, then
marks them sent. A process that dies mid-send leaves its lease to run out, and the row goes again."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .contact_models import (
    ContactRow,
    HallSettingRow,
    MailTokenRow,
    OutboxRow,
    PresenceRow,
    PushSubscriptionRow,
    TurnWaitRow,
)
from .db import changed_rows


@dataclass(frozen=True)
class ContactInfo:
    user_id: int
    email: str | None
    turn_emails: bool
    result_emails: bool
    unsubscribe_key: str


@dataclass(frozen=True)
class OutboxItem:
    id: int
    channel: str
    recipient: str
    subject: str
    body: str
    extra: dict[str, Any]
    attempts: int


@dataclass(frozen=True)
class PushSubscription:
    id: int
    user_id: int
    endpoint: str
    p256dh: str
    auth: str


def _contact(row: ContactRow) -> ContactInfo:
    return ContactInfo(row.user_id, row.email, bool(row.turn_emails), bool(row.result_emails), row.unsubscribe_key)


class ContactRepo:
    _session: sessionmaker[Session]

    # --- addresses and what a person wants to hear about -----------------------------------
    def contact(self, user_id: int) -> ContactInfo:
        """The person's contact settings (made on first use)."""
        with self._session.begin() as db:
            row = db.get(ContactRow, user_id)
            if row is None:
                row = ContactRow(user_id=user_id, unsubscribe_key=secrets.token_urlsafe(24), updated_at=time.time(),
                                 turn_emails=True, result_emails=True)
                db.add(row)
                db.flush()
            return _contact(row)

    def contacts(self, user_ids: list[int]) -> dict[int, ContactInfo]:
        if not user_ids:
            return {}
        with self._session() as db:
            return {r.user_id: _contact(r) for r in db.scalars(select(ContactRow).where(ContactRow.user_id.in_(user_ids)))}

    def set_email(self, user_id: int, email: str | None) -> None:
        self.contact(user_id)
        with self._session.begin() as db:
            db.execute(update(ContactRow).where(ContactRow.user_id == user_id).values(
                email=email, email_key=None if email is None else email.casefold(), updated_at=time.time()))

    def set_contact_settings(self, user_id: int, turn_emails: bool, result_emails: bool) -> None:
        self.contact(user_id)
        with self._session.begin() as db:
            db.execute(update(ContactRow).where(ContactRow.user_id == user_id).values(
                turn_emails=turn_emails, result_emails=result_emails, updated_at=time.time()))

    def unsubscribe(self, key: str) -> bool:
        """Turn every e-mail off for the person whose unsubscribe link this is."""
        with self._session.begin() as db:
            done = db.execute(update(ContactRow).where(ContactRow.unsubscribe_key == key).values(
                turn_emails=False, result_emails=False, updated_at=time.time()))
            return changed_rows(done) == 1

    def user_id_with_email(self, email: str) -> int | None:
        with self._session() as db:
            return db.scalars(select(ContactRow.user_id).where(ContactRow.email_key == email.casefold())).first()

    # --- single-use links (only their SHA-256 is stored) ---------------------------------------
    def add_mail_token(self, token_hash: str, user_id: int, purpose: str, email: str, seconds: float) -> None:
        now = time.time()
        with self._session.begin() as db:
            db.add(MailTokenRow(id=token_hash, user_id=user_id, purpose=purpose, email=email, created_at=now,
                                expires_at=now + seconds))

    def use_mail_token(self, token_hash: str, purpose: str) -> tuple[int, str] | None:
        """(user id, address) of an unused, unexpired token, marked used at once; None otherwise."""
        now = time.time()
        with self._session.begin() as db:
            done = db.execute(update(MailTokenRow).where(
                MailTokenRow.id == token_hash, MailTokenRow.purpose == purpose,
                MailTokenRow.used_at.is_(None), MailTokenRow.expires_at > now).values(used_at=now))
            if changed_rows(done) != 1:
                return None
            row = db.get(MailTokenRow, token_hash)
            assert row is not None
            return row.user_id, row.email

    def mail_token_user(self, token_hash: str, purpose: str) -> int | None:
        """The account of an unused, unexpired token (it stays unused)."""
        with self._session() as db:
            return db.scalars(select(MailTokenRow.user_id).where(
                MailTokenRow.id == token_hash, MailTokenRow.purpose == purpose,
                MailTokenRow.used_at.is_(None), MailTokenRow.expires_at > time.time())).first()

    def mail_tokens_since(self, user_id: int, purpose: str, since: float) -> int:
        with self._session() as db:
            return len(db.scalars(select(MailTokenRow.id).where(
                MailTokenRow.user_id == user_id, MailTokenRow.purpose == purpose, MailTokenRow.created_at > since)).all())

    # --- the outbox ------------------------------------------------------------------------------
    def queue_message(
        self, channel: str, recipient: str, subject: str, body: str, extra: dict[str, Any] | None = None,
        dedupe_key: str | None = None,
    ) -> bool:
        """Queue a message; False when one with this `dedupe_key` was queued already."""
        now = time.time()
        try:
            with self._session.begin() as db:
                db.execute(insert(OutboxRow).values(
                    channel=channel, recipient=recipient, subject=subject, body=body, extra=extra or {},
                    dedupe_key=dedupe_key, status="queued", created_at=now, due_at=now, attempts=0))
        except IntegrityError:
            return False
        return True

    def claim_messages(self, owner: str, lease_seconds: float, limit: int = 20) -> list[OutboxItem]:
        """Lease up to `limit` due messages to `owner` (a fresh name for each claim): no other
        process picks them until the lease runs out."""
        now = time.time()
        with self._session.begin() as db:
            due = (
                select(OutboxRow.id)
                .where(OutboxRow.status == "queued", OutboxRow.due_at <= now)
                .where((OutboxRow.lease_until.is_(None)) | (OutboxRow.lease_until < now))
                .order_by(OutboxRow.id).limit(limit)
                .with_for_update(skip_locked=True)
            )
            ids = list(db.scalars(due))
            if not ids:
                return []
            db.execute(
                update(OutboxRow)
                .where(OutboxRow.id.in_(ids), OutboxRow.status == "queued")
                .where((OutboxRow.lease_until.is_(None)) | (OutboxRow.lease_until < now))
                .values(lease_owner=owner, lease_until=now + lease_seconds)
            )
            rows = db.scalars(select(OutboxRow).where(OutboxRow.id.in_(ids), OutboxRow.lease_owner == owner))
            return [OutboxItem(r.id, r.channel, r.recipient, r.subject, r.body, dict(r.extra or {}), r.attempts)
                    for r in rows]

    def message_sent(self, message_id: int, owner: str) -> None:
        with self._session.begin() as db:
            db.execute(update(OutboxRow).where(OutboxRow.id == message_id, OutboxRow.lease_owner == owner).values(
                status="sent", sent_at=time.time(), lease_until=None, error=None))

    def message_failed(self, message_id: int, owner: str, error: str, retry_at: float | None) -> None:
        """A failed try: again at `retry_at`, or never (None: given up)."""
        with self._session.begin() as db:
            db.execute(update(OutboxRow).where(OutboxRow.id == message_id, OutboxRow.lease_owner == owner).values(
                status="queued" if retry_at is not None else "failed", due_at=retry_at or time.time(),
                attempts=OutboxRow.attempts + 1, lease_until=None, error=error[:2000]))

    def prune(self, before: float) -> int:
        """Forget sent and given-up messages and spent or expired links older than `before`."""
        with self._session.begin() as db:
            gone = changed_rows(db.execute(delete(OutboxRow).where(OutboxRow.status != "queued", OutboxRow.created_at < before)))
            gone += changed_rows(db.execute(delete(MailTokenRow).where(MailTokenRow.expires_at < before)))
            return int(gone)

    def outbox(self, status: str | None = None) -> list[dict[str, Any]]:
        """Every message (tests and the operator's eyes), oldest first."""
        with self._session() as db:
            query = select(OutboxRow).order_by(OutboxRow.id)
            if status is not None:
                query = query.where(OutboxRow.status == status)
            return [{"id": r.id, "channel": r.channel, "recipient": r.recipient, "subject": r.subject,
                     "status": r.status, "attempts": r.attempts, "error": r.error} for r in db.scalars(query)]

    # --- waiting turns ---------------------------------------------------------------------------
    def set_waiting(self, table_id: str, waiting: dict[int, int], not_waiting: list[int]) -> None:
        """The table now waits for the people in `waiting` (user id -> the step of their last
        move there, -1 for none): since now, unless it already waited for them since that move;
        and not for those in `not_waiting`."""
        now = time.time()
        with self._session.begin() as db:
            if not_waiting:
                db.execute(update(TurnWaitRow).where(TurnWaitRow.table_id == table_id,
                                                     TurnWaitRow.user_id.in_(not_waiting)).values(waiting_since=None))
            for user_id, step in waiting.items():
                known = changed_rows(db.execute(update(TurnWaitRow).where(
                    TurnWaitRow.table_id == table_id, TurnWaitRow.user_id == user_id).where(
                    TurnWaitRow.waiting_since.is_(None) | (TurnWaitRow.turn_step < step)).values(
                    waiting_since=now, turn_step=step)))
                if not known and db.get(TurnWaitRow, (user_id, table_id)) is None:
                    try:
                        with db.begin_nested():  # another process may insert it at the same moment
                            db.add(TurnWaitRow(user_id=user_id, table_id=table_id, waiting_since=now, turn_step=step))
                    except IntegrityError:
                        pass

    def take_due_waits(self, before: float, focused_after: float, limit: int = 200) -> list[tuple[int, str, float]]:
        """Every untold wait of the people who have one begun before `before` and no page
        focused since `focused_after` (so one message tells all their waiting tables):
        (user id, table id, since), each marked told at once."""
        untold = (TurnWaitRow.waiting_since.is_not(None)) & (
            TurnWaitRow.notified_for.is_(None) | (TurnWaitRow.notified_for != TurnWaitRow.waiting_since))
        with self._session.begin() as db:
            focused = select(PresenceRow.user_id).where(PresenceRow.focused_at > focused_after)
            people = select(TurnWaitRow.user_id).where(untold, TurnWaitRow.waiting_since < before,
                                                       TurnWaitRow.user_id.not_in(focused))
            rows = db.execute(
                select(TurnWaitRow.user_id, TurnWaitRow.table_id, TurnWaitRow.waiting_since)
                .where(untold, TurnWaitRow.user_id.in_(people))
                .order_by(TurnWaitRow.user_id).limit(limit)
                .with_for_update(skip_locked=True)
            ).all()
            taken = []
            for user_id, table_id, since in rows:
                assert since is not None  # chosen where waiting_since is set (`untold`)
                done = db.execute(update(TurnWaitRow).where(
                    TurnWaitRow.user_id == user_id, TurnWaitRow.table_id == table_id,
                    TurnWaitRow.waiting_since == since).where(
                    (TurnWaitRow.notified_for.is_(None)) | (TurnWaitRow.notified_for != since)).values(notified_for=since))
                if changed_rows(done) == 1:
                    taken.append((int(user_id), str(table_id), float(since)))
            return taken

    # --- presence --------------------------------------------------------------------------------
    def note_presence(self, user_id: int, focused: bool) -> None:
        now = time.time()
        values: dict[str, Any] = {"seen_at": now, **({"focused_at": now} if focused else {})}
        with self._session.begin() as db:
            if changed_rows(db.execute(update(PresenceRow).where(PresenceRow.user_id == user_id).values(**values))):
                return
            try:
                with db.begin_nested():
                    db.add(PresenceRow(user_id=user_id, seen_at=now, focused_at=now if focused else 0.0))
            except IntegrityError:
                pass

    def presence(self, user_ids: list[int]) -> dict[int, tuple[float, float]]:
        """(last seen, last focused) of each person who was ever seen."""
        if not user_ids:
            return {}
        with self._session() as db:
            rows = db.execute(select(PresenceRow.user_id, PresenceRow.seen_at, PresenceRow.focused_at)
                              .where(PresenceRow.user_id.in_(user_ids)))
            return {int(u): (float(s), float(f)) for u, s, f in rows}

    # --- push subscriptions ------------------------------------------------------------------------
    def add_push_subscription(self, user_id: int, endpoint: str, p256dh: str, auth: str) -> None:
        with self._session.begin() as db:
            db.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint))
            db.add(PushSubscriptionRow(user_id=user_id, endpoint=endpoint, p256dh=p256dh, auth=auth, created_at=time.time()))

    def push_subscriptions(self, user_id: int) -> list[PushSubscription]:
        with self._session() as db:
            return [PushSubscription(r.id, r.user_id, r.endpoint, r.p256dh, r.auth) for r in db.scalars(
                select(PushSubscriptionRow).where(PushSubscriptionRow.user_id == user_id).order_by(PushSubscriptionRow.id))]

    def push_subscription(self, sub_id: int) -> PushSubscription | None:
        with self._session() as db:
            r = db.get(PushSubscriptionRow, sub_id)
            return None if r is None else PushSubscription(r.id, r.user_id, r.endpoint, r.p256dh, r.auth)

    def drop_push_subscription(self, sub_id: int, user_id: int | None = None) -> bool:
        with self._session.begin() as db:
            query = delete(PushSubscriptionRow).where(PushSubscriptionRow.id == sub_id)
            if user_id is not None:
                query = query.where(PushSubscriptionRow.user_id == user_id)
            return changed_rows(db.execute(query)) == 1

    # --- the hall's own settings -------------------------------------------------------------------
    def hall_setting(self, name: str, make: str) -> str:
        """The setting's stored value; `make` is stored first if there is none (the first
        process to store wins, and every process gets its value)."""
        with self._session() as db:
            found = db.get(HallSettingRow, name)
            if found is not None:
                return found.value
        try:
            with self._session.begin() as db:
                db.add(HallSettingRow(name=name, value=make))
        except IntegrityError:
            pass
        with self._session() as db:
            row = db.get(HallSettingRow, name)
            assert row is not None
            return row.value
