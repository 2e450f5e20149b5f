"""Wording for people: event texts and results with the players' names instead of seat numbers.

Games write events as "seat 1 plays Stoat on space 2"; a log shown to people says
"Ann plays Stoat on space 2". `name_seats` is the default rewording; a game overrides
`Game.event_text` and `Game.result_text` where its wording needs more (raw ids, teams, reasons)."""

from __future__ import annotations

import re
from collections.abc import Sequence

_SEAT = re.compile(r"\b[Ss]eat (\d+)('s)?\b")


def name_seats(text: str, names: Sequence[str]) -> str:
    """`text` with every "seat N" (and "seat N's") replaced by the N-th name; a seat number
    with no name is left as it is."""

    def named(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if not 0 <= seat < len(names) or not names[seat]:
            return match.group(0)
        return names[seat] + (match.group(2) or "")

    return _SEAT.sub(named, text)


def join_names(names: Sequence[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def plain_result(returns: Sequence[float], names: Sequence[str]) -> str:
    """"Ann wins", "Ann and Cy win", "The game is a draw" from the returns of a finished game."""
    if not returns:
        return "The game is over"
    best = max(returns)
    winners = [names[i] if i < len(names) else f"seat {i}" for i, r in enumerate(returns) if r == best]
    if len(winners) == len(returns) and len(returns) > 1:
        return "The game is a draw"
    return f"{join_names(winners)} {'wins' if len(winners) == 1 else 'win'}"
