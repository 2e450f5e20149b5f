"""Glyph (tundrus) positions as data (the format is in the README, "Positions"): the Tribes
recruited, champions' Health, Items and Stash, the Spoils of War, the Initiative and who
activates, set up from champion and Item ids at the start of a round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import LoadError, PositionData

from . import draft, items, rounds
from .champion import without
from .data import SLOTS
from .state import ACTIVATE
from .tracks import HEALTH

if TYPE_CHECKING:
    from .state import TundrusState


def set_position(s: TundrusState, data: PositionData) -> None:
    """Set a new game (still recruiting) to the position `data` describes."""
    tribes = data.take("tribes", list)
    if len(tribes) != 2 or not all(isinstance(t, list) and len(t) == s.per_tribe for t in tribes):
        raise LoadError(f"'tribes' lists the two Tribes' {s.per_tribe} champions each, e.g. "
                        "[[\"priestess\", \"warlord\", \"stone_golem\"], [\"fire_guard\", \"huntress\", \"necromancer\"]]")
    events: list = []
    while s.draft_queue:  # recruited in the draft's order, each Tribe's champions as listed
        tribe, slot = s.draft_queue[0]
        cid = tribes[tribe][slot]
        if str(cid) not in {str(a.args[0]) for a in draft.legal(s)}:
            raise LoadError(f"'tribes': {cid!r} cannot join Tribe {tribe + 1} (not a champion, taken, or a "
                            "Class the Tribe has; option random_draft lifts the Class rule)")
        draft.recruit(s, cid, events)
    champions = data.table("champions")
    for cid in list(champions.rest):
        c = s.champ_by_id(cid)
        if c is None:
            raise LoadError(f"'champions.{cid}': no champion of the Tribes is {cid!r}")
        _champion(s, c, champions.table(cid))
    champions.done()
    spoils = data.table("spoils")
    face_up = spoils.names("face_up", [])
    spoils.done()
    if face_up:
        if len(face_up) > s.spoils_max:
            raise LoadError(f"'spoils.face_up': at most {s.spoils_max} Items lie face up")
        s.deck = s.deck + s.faceup  # the Items face up so far go back into the deck
        s.faceup = []
        for iid in face_up:
            _take_card(s, iid, "spoils.face_up")
            s.faceup.append(iid)
    initiative = data.take("initiative", int, s.initiative + 1)
    if initiative not in (1, 2):
        raise LoadError("'initiative' is Tribe 1 or 2")
    s.initiative = s.next_tribe = initiative - 1
    s.phase, s.active = ACTIVATE, -1
    if not rounds.eligible(s, s.next_tribe):
        s.next_tribe = 1 - s.next_tribe
    active = data.take("activate", str, "")
    if not active:
        rounds.auto_activate(s, events)
        return
    c = s.champ_by_id(active)
    if c is None or c.activated:
        raise LoadError(f"'activate': {active!r} is not a champion still to activate this round")
    s.next_tribe = c.tribe
    rounds.activate(s, c, events)


def _take_card(s: TundrusState, iid: str, where: str) -> None:
    """An Item out of the deck, the face-up Spoils or the discard pile (to be placed elsewhere)."""
    for pile in ("deck", "faceup", "discard"):
        cards = getattr(s, pile)
        if iid in cards:
            setattr(s, pile, without(cards, iid))
            return
    raise LoadError(f"'{where}': {iid!r} is not an Item still in the Spoils of War")


def _champion(s: TundrusState, c, table: PositionData) -> None:
    where = f"champions.{c.cid}"
    health = table.take("health", int, c.health)
    if not 1 <= health <= c.health_max:
        raise LoadError(f"'{where}.health' is 1 to {c.health_max}")
    s.cubes[HEALTH] += c.health - health  # cubes come from and go back to the Stock
    c.health = health
    for iid in table.names("items", []):
        _take_card(s, iid, f"{where}.items")
        if s.data.items[iid].type not in SLOTS:
            raise LoadError(f"'{where}.items': {iid!r} is a {s.data.items[iid].type}, not an Item to equip")
        items.install(s, c, iid, [], [])  # equipped without paying: its Gains are taken
    stash = table.names("stash", [])
    if len(stash) > items.STASH_SIZE:
        raise LoadError(f"'{where}.stash' holds at most {items.STASH_SIZE} Items")
    for iid in stash:
        _take_card(s, iid, f"{where}.stash")
    c.stash = stash
    c.activated = table.take("activated", bool, False)
    table.done()
