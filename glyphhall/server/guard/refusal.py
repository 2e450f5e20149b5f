"""The common base of every refusal the hall answers with: a sentence for the person and the HTTP
status. Each concern raises its own kind (`TableError` for tables, `AccountError`, `FriendError`,
`MailError`, `ProfileError` for people, `PushError` for push notifications); the app maps them
all to one answer (`{"error": message}` with the status) in one place (app.py)."""

from __future__ import annotations


class Refusal(Exception):
    """Something a person asked for that cannot be done; the message is for the person.
    `status` is the HTTP status the answer carries."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
