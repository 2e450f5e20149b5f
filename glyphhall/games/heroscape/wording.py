"""Heroscape's log and result in words for people: figures by their army card's name
("Airborne Elite 2", "Finn the Viking Champion") instead of their ids ("airborne2", "finn"),
seats by their players' names."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.wording import join_names, name_seats, plain_result

from . import scenario_rules
from .armies import CARDS
from .standing import standing

if TYPE_CHECKING:
    from .state import HeroscapeState

_SEAT_LIST = re.compile(r"\bseats? (\d+(?:, \d+)+)\b")


@cache
def _figure_pattern() -> re.Pattern[str]:
    keys = sorted(CARDS, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(map(re.escape, keys)) + r")(\d*)\b")


def figure_name(figure: str) -> str:
    """"airborne2" -> "Airborne Elite 2"; an unknown id is left as it is."""
    match = _figure_pattern().fullmatch(figure)
    if match is None:
        return figure
    card = CARDS[match.group(1)]
    return f"{card.name} {match.group(2)}" if match.group(2) else card.name


def event_text(event: Event, names: Sequence[str]) -> str:
    """The event with figures by name; a figure whose seat the event's data gives ("seat" for the
    first figure named, "target_seat" for the second) is said with its player's name, and so is
    an army card named in the text ("card") whose owner the data gives ("card_seat")."""
    owners = [event.data.get("seat"), event.data.get("target_seat")]
    mentioned = 0

    def named(match: re.Match[str]) -> str:
        nonlocal mentioned
        owner = owners[mentioned] if mentioned < len(owners) else None
        mentioned += 1
        name = figure_name(match.group(0))
        if isinstance(owner, int) and 0 <= owner < len(names) and names[owner]:
            return f"{names[owner]}'s {name}"
        return name

    text = _figure_pattern().sub(named, event.text)
    card, card_seat = event.data.get("card"), event.data.get("card_seat")
    if isinstance(card, str) and isinstance(card_seat, int) and 0 <= card_seat < len(names) and names[card_seat]:
        text = text.replace(card, f"{names[card_seat]}'s {card}", 1)  # an army card named by its name
    text = _SEAT_LIST.sub(lambda m: join_names([f"seat {n}" for n in m.group(1).split(", ")]), text)
    return name_seats(text, names)


def result_text(state: HeroscapeState, names: Sequence[str]) -> str:
    plain = plain_result(state.returns(), names)
    why = _why(state)
    return f"{plain}: {why}" if why else plain


def _why(state: HeroscapeState) -> str:
    """Why the game ended: one side left, or the round limit (the map's scenario may set it);
    a scenario's own goal (hold, escape) is not named: the result says who won."""
    if len(standing(state).sides) <= 1:
        return "every opposing figure is destroyed"
    if state.round >= scenario_rules.round_limit(state):
        return "the round limit is reached"
    return ""


def glossary() -> dict[str, str]:
    """Glyphs and army cards by name with their text (for tooltips and the Rules panel)."""
    from .glyphs import GLYPHS

    out = {g.name: g.text for g in GLYPHS.values() if g.text}
    out.update({c.name: c.text for c in CARDS.values() if c.text})
    return out
