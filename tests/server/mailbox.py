"""A real SMTP server for the e-mail tests (aiosmtpd on a loopback port): it keeps every message
it receives, parsed, for the tests to read; the `mailbox` fixture (brought into the server and
browser tests by their conftests)."""

from __future__ import annotations

import email
import email.policy
import re
import threading
import time
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from tests.ports import free_port


class Mailbox:
    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.refuse = False  # answer every message with a temporary failure
        self._lock = threading.Lock()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}?from=hall@glyphhall.test&tls=off"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        if self.refuse:
            return "451 try again later"
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        with self._lock:
            self.messages.append(msg)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self._lock:
            return [m for m in self.messages if m["To"] == address]

    def wait_for(self, address: str, count: int = 1, timeout: float = 15) -> list[EmailMessage]:
        """The first `count` messages to `address`, waiting for them to arrive."""
        deadline = time.monotonic() + timeout
        while len(self.to(address)) < count:
            assert time.monotonic() < deadline, f"no message {count} to {address}; have {[m['Subject'] for m in self.messages]}"
            time.sleep(0.05)
        return self.to(address)[:count]

    def wait_subject(self, address: str, start: str, timeout: float = 15) -> EmailMessage:
        """The first message to `address` whose subject starts with `start`, waiting for it."""
        deadline = time.monotonic() + timeout
        while not (found := [m for m in self.to(address) if m["Subject"].startswith(start)]):
            assert time.monotonic() < deadline, f"no {start!r} to {address}; have {[m['Subject'] for m in self.messages]}"
            time.sleep(0.05)
        return found[0]


@pytest.fixture(name="mailbox")
def mailbox_fixture() -> Iterator[Mailbox]:
    """A Mailbox listening for the length of a test."""
    box = Mailbox()
    box.controller.start()
    yield box
    box.controller.stop()


def body(msg: EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert part is not None
    return part.get_content()


def link(msg: EmailMessage, path: str) -> str:
    """The link in the message whose path starts with `path`, as a path and query."""
    found = re.search(r"https?://[^/\s]+(" + re.escape(path) + r"[^\s]*)", body(msg))
    assert found, body(msg)
    return found.group(1)
