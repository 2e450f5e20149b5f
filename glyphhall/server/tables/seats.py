"""A person's seat given up: leaving a table, or an account deleted. The one place a seat is
vacated, so the lobby's Leave and the account page's Delete cannot drift apart."""

from __future__ import annotations

from glyphhall.bots.levels import label as bot_label

from .live import LiveTable
from .manager import TableManager

#: Who finishes the game for a person who leaves a running table.
SUBSTITUTE_BOT = "heuristic"


async def vacate_seat(m: TableManager, table: LiveTable, seat: int) -> None:
    """Give up `seat` (call with the table's lock held): at an open table the seat is free again;
    in a running game the substitute bot takes it over so the others can finish (BGA's "zombie"
    rule); a finished game keeps it. The store is written first, then the live copy; the seat's
    browsers now only watch, and are sent the spectators' state. The caller tells the table and
    the other processes."""
    if table.status == "open":
        await m.db(m.store.free_seat, table.id, seat)
        s = table.seats[seat]
        s.name, s.token_hash, s.user_id = None, None, None
    elif table.status == "running":
        await m.db(m.store.seat_to_bot, table.id, seat, SUBSTITUTE_BOT)
        s = table.seats[seat]
        s.kind, s.bot, s.token_hash = "bot", SUBSTITUTE_BOT, None
        s.name = f"{s.name or 'player'} (left; the {bot_label(SUBSTITUTE_BOT)} plays)"
    for conn in [c for c in table.connections if c.seat == seat]:
        conn.seat = None  # that browser now only watches
        conn.push(table.full_state(None))
