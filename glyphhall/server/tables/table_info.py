"""What a table says about itself besides its game: each seat's holder (SeatState) and the
position it began from, as the lobby and the table page show them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from glyphhall.bots.levels import key_of as bot_level
from glyphhall.bots.levels import label as bot_label


@dataclass
class SeatState:
    kind: str
    bot: str | None
    name: str | None
    token_hash: str | None
    user_id: int | None = None  # the account holding the seat (None: a guest, or a bot)

    def public(self, seat: int, connected: bool) -> dict[str, Any]:
        registered = self.user_id is not None and self.name
        return {
            "seat": seat,
            "kind": self.kind,
            "bot": self.bot,
            "level": bot_level(self.bot) if self.kind == "bot" else None,  # /api/games' levels: how it plays
            "name": self.name or (bot_label(self.bot) if self.kind == "bot" else None),
            "taken": self.kind == "bot" or self.token_hash is not None,
            "connected": connected or self.kind == "bot",
            # A guest's name is only what they typed: shown marked, never as an account.
            "guest": self.kind == "person" and self.token_hash is not None and self.user_id is None,
            "profile": f"/u/{self.name}" if registered else None,
        }


def position_info(from_position: bool, title: str | None) -> dict[str, Any] | None:
    """A table from a position: its title if the position has one (read once when the table
    was made; the text itself stays out of the lists, which are polled; the record of the
    finished game carries it)."""
    return {"title": title or None} if from_position else None
