"""Tundrus's log and result in words for people: Tribes by their players' names, champions,
items and abilities by their printed names instead of their ids ("Ann recruits the Fire Guard",
"Fire Guard takes a blue die"), dice faces without underscores."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.wording import join_names, name_seats, plain_result

from .data import load_data

if TYPE_CHECKING:
    from .state import TundrusState

_TRIBE = re.compile(r"\bTribe ([12])\b(?: (recruits|takes|activates|wins)\b)?")
_PLURAL = {"recruits": "recruit", "takes": "take", "activates": "activate", "wins": "win"}
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


@cache
def _names_of_ids() -> dict[str, str]:
    data = load_data()
    named: dict[str, str] = {}
    for table in (data.abilities, data.item_abilities, data.items, data.tokens):
        # one-word ids ("activated") are ordinary words too: only the snake_case ones are ids
        named.update({key: thing.name for key, thing in table.items() if "_" in key})
    named.update({key: champion.name for key, champion in data.champions.items()})
    return named


@cache
def _id_pattern() -> re.Pattern[str]:
    ids = sorted(_names_of_ids(), key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")


def tribe_name(tribe: int, names: Sequence[str], seats: Sequence[int] | None = None) -> str:
    """A Tribe by its players: the seats the event's data gives ("Ann and Cy"), else with two
    players the one person of each Tribe; otherwise the Tribe keeps its number."""
    if seats and all(isinstance(x, int) and 0 <= x < len(names) and names[x] for x in seats):
        return join_names([names[x] for x in seats])
    if len(names) == 2 and names[tribe]:
        return names[tribe]
    return f"Tribe {tribe + 1}"


def event_text(event: Event, names: Sequence[str]) -> str:
    """The event with Tribes, champions, items and abilities named; a champion whose seat the
    event's data gives ("owners": the seats of the champions in the order they are named, else
    "seat" for the first and "target_seat" for the second) is said with its player's name:
    "Bob's Fire Guard attacks Ann's Druid"."""
    seats = event.data.get("tribe_seats")

    def tribe(match: re.Match[str]) -> str:
        who = tribe_name(int(match.group(1)) - 1, names, seats)
        verb = match.group(2)
        if verb is None:
            return who
        return f"{who} {_PLURAL[verb] if ' and ' in who else verb}"

    text = _TRIBE.sub(tribe, event.text)
    owners = list(event.data.get("owners") or (event.data.get("seat"), event.data.get("target_seat")))
    champions = load_data().champions
    mentioned = 0

    def named(match: re.Match[str]) -> str:
        nonlocal mentioned
        key = match.group(1)
        name = _names_of_ids()[key]
        if key not in champions:
            return name
        owner = owners[mentioned] if mentioned < len(owners) else None
        mentioned += 1
        if isinstance(owner, int) and 0 <= owner < len(names) and names[owner]:
            return f"{names[owner]}'s {name}"
        return name

    text = _id_pattern().sub(named, text)
    text = _SNAKE.sub(lambda m: m.group(0).replace("_", " "), text)  # dice faces: double_war
    return name_seats(text, names)


def result_text(state: TundrusState, names: Sequence[str]) -> str:
    stalled = f"{state.options['no_progress']} rounds passed without a champion losing Health for good"
    if state.winner < 0:
        return f"{plain_result(state.returns(), names)}: {stalled}"
    won = [names[s] for s in state.tribe_seats[state.winner]]
    lost = [names[s] for s in state.tribe_seats[1 - state.winner]]
    verb = "wins" if len(won) == 1 else "win"
    if state.living(1 - state.winner):
        return f"{join_names(won)} {verb} with more Health left: {stalled}"
    return f"{join_names(won)} {verb}: all of {join_names(lost)}'s champions are defeated"


def glossary() -> dict[str, str]:
    """Abilities, items and tokens by name with their effect (for tooltips and the Rules panel)."""
    data = load_data()
    out: dict[str, str] = {}
    for table in (data.tokens, data.item_abilities, data.abilities):
        for thing in table.values():
            text = getattr(thing, "text", "") or getattr(thing, "effect", "")
            if text:
                out[thing.name] = text
    return out
