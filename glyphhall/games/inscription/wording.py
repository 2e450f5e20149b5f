"""Inscription's log and result in words for people: seats by their players' names, and the
end said with its reason ("Ann wins: both of Bob's candles are out")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.wording import name_seats, plain_result

if TYPE_CHECKING:
    from .state import InscriptionState


#: The game in a paragraph, for the table page's Rules panel.
SUMMARY = (
    "A two-player creature card duel (the tabletop version of Inscryption, Act 1). Draft a deck, then take turns: draw a card or a squirrel, play creatures onto your four spaces (blood costs are paid by sacrificing creatures, bone costs with bones from the dead), and ring the bell: your creatures strike the opposing spaces, or the opponent directly when the space is empty. Damage tips the scale; when one side is 5 ahead, that player loses a candle. Put out both of your opponent's candles to win."
)

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
