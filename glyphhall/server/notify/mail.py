"""Sending e-mail: the SMTP server named by a URL (`glyphhall serve --smtp URL`, or the
GLYPHHALL_SMTP environment variable), and the message built from an outbox row.

    smtp://user:password@mail.example.org:587?from=hall@example.org   STARTTLS when offered
    smtps://user:password@mail.example.org:465?from=hall@example.org  TLS from the start
    smtp://127.0.0.1:8025?from=hall@localhost&tls=off                  plain (a local relay)

No URL means e-mail is off: nothing is queued and the pages say so."""

from __future__ import annotations

import os
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate
from urllib.parse import parse_qs, unquote, urlsplit

from glyphhall.store.contact import OutboxItem


class MailSettingsError(ValueError):
    """An SMTP URL that cannot be used; the message says why."""


@dataclass(frozen=True)
class MailSettings:
    host: str
    port: int
    sender: str
    security: str = "starttls"  # starttls (when the server offers it), tls, or off
    username: str | None = None
    password: str | None = None
    timeout: float = 20.0

    @classmethod
    def from_url(cls, url: str) -> MailSettings:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps"):
            raise MailSettingsError(f"an SMTP URL starts with smtp:// or smtps://, not {parts.scheme or 'nothing'}://")
        if not parts.hostname:
            raise MailSettingsError("the SMTP URL names no host (smtp://host:port?from=address)")
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        sender = query.get("from") or (f"{unquote(parts.username)}" if parts.username and "@" in unquote(parts.username) else "")
        if "@" not in sender:
            raise MailSettingsError("the SMTP URL needs the sender's address: ...?from=hall@example.org")
        security = "tls" if parts.scheme == "smtps" else ("off" if query.get("tls") == "off" else "starttls")
        try:
            port = parts.port or (465 if security == "tls" else 587)
        except ValueError as err:
            raise MailSettingsError(f"the SMTP URL's port is not a number: {err}") from None
        return cls(host=parts.hostname, port=port, sender=sender, security=security,
                   username=unquote(parts.username) if parts.username else None,
                   password=unquote(parts.password) if parts.password else None)


def settings_from(url: str | None) -> MailSettings | None:
    """The settings from `url`, else from GLYPHHALL_SMTP; None when neither is set (e-mail off)."""
    url = url if url is not None else os.environ.get("GLYPHHALL_SMTP") or None
    return MailSettings.from_url(url) if url else None


def compose(settings: MailSettings, item: OutboxItem) -> EmailMessage:
    """The e-mail for an outbox row. Its Message-ID comes from the row, so a message that had to
    be sent again (its sender died before marking it sent) is one message to the receiver."""
    msg = EmailMessage()
    msg["From"] = f"Glyph Hall <{settings.sender}>"
    msg["To"] = item.recipient
    msg["Subject"] = item.subject
    msg["Date"] = formatdate(localtime=False)
    domain = settings.sender.rpartition("@")[2] or "glyphhall.invalid"
    msg["Message-ID"] = f"<glyphhall.outbox.{item.id}@{domain}>"
    for name, value in (item.extra.get("headers") or {}).items():
        msg[name] = value
    msg.set_content(item.body)
    return msg


def send(settings: MailSettings, msg: EmailMessage) -> None:
    """Hand one message to the SMTP server (blocking: run it in a thread). Raises on failure."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if settings.security == "tls":
        smtp = smtplib.SMTP_SSL(settings.host, settings.port, timeout=settings.timeout, context=context)
    else:
        smtp = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
    with smtp:
        smtp.ehlo()
        if settings.security == "starttls" and smtp.has_extn("starttls"):
            smtp.starttls(context=context)
            smtp.ehlo()
        if settings.username:
            smtp.login(settings.username, settings.password or "")
        smtp.send_message(msg)
