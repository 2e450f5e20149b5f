"""Sending what the outbox holds: every process of the hall runs one `OutboxSender`, which
claims due messages (the store's lease decides who sends each), sends them by e-mail or push,
and marks them sent. A failure is tried again later, waiting twice as long each time (30 s,
1 min, 2 min, ... at most an hour), and given up after MAX_ATTEMPTS tries. A push subscription
the push service no longer knows is dropped."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
from typing import Any

from glyphhall.store.contact import OutboxItem

from . import mail
from .push import PushGone, PushKeys

log = logging.getLogger("glyphhall.server")

MAX_ATTEMPTS = 8


def backoff(attempts: int) -> float:
    """Seconds before the next try after `attempts` failed ones (1, 2, ...)."""
    return float(min(3600, 30 * 2 ** max(0, attempts - 1)))


class OutboxSender:
    def __init__(self, manager: Any, mail_settings: mail.MailSettings | None, push_keys: PushKeys | None,
                 lease_seconds: float = 120.0) -> None:
        self.manager = manager
        self.mail = mail_settings
        self.push = push_keys
        self.lease_seconds = lease_seconds
        self._process = f"{os.getpid()}"

    async def send_due(self) -> int:
        """Send what is due now; returns how many went."""
        m = self.manager
        owner = f"{self._process}-{secrets.token_hex(6)}"  # this claim's own name
        items = await m.db(m.store.claim_messages, owner, self.lease_seconds)
        sent = 0
        for item in items:
            try:
                await asyncio.to_thread(self._send, item)
            except PushGone as gone:
                await m.db(m.store.drop_push_subscription, int(item.recipient))
                await m.db(m.store.message_failed, item.id, owner, str(gone), None)
            except Exception as err:  # noqa: BLE001 - any failure of the far end is retried
                attempts = item.attempts + 1
                retry = None if attempts >= MAX_ATTEMPTS else time.time() + backoff(attempts)
                log.warning("outbox message %s (%s) failed, try %s: %s", item.id, item.channel, attempts, err)
                await m.db(m.store.message_failed, item.id, owner, f"{type(err).__name__}: {err}", retry)
            else:
                await m.db(m.store.message_sent, item.id, owner)
                sent += 1
        return sent

    def _send(self, item: OutboxItem) -> None:
        if item.channel == "email":
            if self.mail is None:
                raise RuntimeError("e-mail is off on this server (no SMTP configured)")
            mail.send(self.mail, mail.compose(self.mail, item))
        elif item.channel == "push":
            if self.push is None:
                raise RuntimeError("push is off on this server")
            sub = self.manager.store.push_subscription(int(item.recipient))
            if sub is None:
                raise PushGone("the subscription was removed")
            self.push.send(sub, {"title": item.subject, "body": item.body, **item.extra})
        else:
            raise RuntimeError(f"unknown channel {item.channel!r}")
