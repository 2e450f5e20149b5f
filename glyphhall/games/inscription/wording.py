"""Inscription's log and result in words for people: seats by their players' names, and the
end said with its reason ("Ann wins: both of Bob's candles are out")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.wording import name_seats, plain_result

if TYPE_CHECKING:
    from .state import InscriptionState


def event_text(event: Event, names: Sequence[str]) -> str:
    return name_seats(event.text, names)


def result_text(state: InscriptionState, names: Sequence[str]) -> str:
    plain = plain_result(state.returns(), names)
    if state.winner < 0:
        return f"{plain} after {state.turn_no} turns"
    loser = 1 - state.winner
    return f"{plain}: both of {names[loser]}'s candles are out"


def glossary() -> dict[str, str]:
    """Sigils by name with their rule (for tooltips and the Rules panel)."""
    from .sigils import RULE

    return dict(RULE)
