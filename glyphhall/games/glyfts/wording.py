"""Glyfts' log and result in words for people: seats (and lists of seats) by their players'
names, and the end said with its reason ("Ann wins with 10 Skill points")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.wording import join_names, name_seats, plain_result

from .state import SKILL_TO_WIN

if TYPE_CHECKING:
    from .state import GlyftsState

_SEAT_LIST = re.compile(r"\bseat\(s\) (\d+(?:, \d+)*)")


def event_text(event: Event, names: Sequence[str]) -> str:
    text = _SEAT_LIST.sub(lambda m: join_names([f"seat {n}" for n in m.group(1).split(", ")]), event.text)
    return name_seats(text, names)


def result_text(state: GlyftsState, names: Sequence[str]) -> str:
    plain = plain_result(state.returns(), names)
    winners = state.winners
    if len(winners) == 1 and sum(state.alive) == 1:
        return f"{plain}: the last player left"
    if len(winners) == 1 and state.score[winners[0]] >= SKILL_TO_WIN:
        return f"{plain} with {state.score[winners[0]]} Skill points"
    points = f"{' - '.join(str(s) for s in state.score)} Skill points"
    if state.turn_limit and max(state.turns) >= state.turn_limit:
        return f"{plain}: the turn limit is reached ({points})"
    return f"{plain}: {state.no_progress} rounds passed without a capture or a summon ({points})"


def glossary() -> dict[str, str]:
    """Sorcery cards by name with what they do (for tooltips and the Rules panel)."""
    from .cards import CARDS

    return {s.name: s.text for s in CARDS.sorceries}
