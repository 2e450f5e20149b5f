"""Who may take a move back at a table, and what each connection is told about it.

The rule itself (what can be taken back) is the engine's (`glyphhall.engine.undo`); this module
adds the table's side: the table option, rated games, and the status message per seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from glyphhall.engine import UndoTrail

OFF_AT_TABLE = "undo is off at this table"
OFF_RATED = "there is no undo in rated games"


def off_reason(rated: bool, undo_option: bool) -> str | None:
    """Why nobody may take moves back at a table (None: undo is on): `rated`, its match counts
    for the ratings; `undo_option`, the table's own option."""
    if rated:
        return OFF_RATED
    if not undo_option:
        return OFF_AT_TABLE
    return None


def last_run_start(seats: Sequence[int]) -> int:
    """Where the last run of one seat's consecutive actions starts: only that run can hold
    steps still to be taken back, so a rebuild decides the rule for those steps only."""
    start = len(seats)
    while start > 0 and seats[start - 1] == seats[-1]:
        start -= 1
    return start


def status(off: str | None, running: bool, trail: UndoTrail, seat: int | None) -> dict[str, Any] | None:
    """What `seat` is told about undo at a table (`off`: why undo is off there, or None):
    {"allowed": bool, "reason": why not}; None for spectators."""
    if seat is None:
        return None
    reason = off
    if reason is None:
        reason = trail.blocker(seat) if running else "the game is not running"
    return {"allowed": reason is None, "reason": reason}
