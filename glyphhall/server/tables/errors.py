"""The refusals the server's table code raises; each message is a sentence for the player."""

from __future__ import annotations

from ..guard.refusal import Refusal


class TableError(Refusal):
    """Something a player asked of a table (or of the lobby, a replay, a game's data) that cannot
    be done; the message is for the player. `status` is the HTTP status the lobby answers with."""


class StaleMove(TableError):
    """A move made at a step the table has left (another move came first)."""


class AlreadyPlayed(TableError):
    """A move re-sent (after a reconnect) that the table has already played at its step."""

    def __init__(self, message: str, step: int) -> None:
        super().__init__(message)
        self.step = step
