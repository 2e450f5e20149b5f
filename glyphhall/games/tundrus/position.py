"""Glyph (tundrus) positions as data (the format is in the README, "Positions"): the Tribes
recruited, the round, the Tribal Pools, each champion's board (`position_board`), the Spoils of
War, the Initiative, and whose Turn starts or is under way (`position_turn`), set up from
champion, Item and token ids and dice named by colour and source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import LoadError, PositionData

from . import draft, items, rounds
from .position_board import place_tokens, set_champion, set_colours, take_card
from .position_turn import set_turn
from .state import ACTIVATE

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
    _round(s, data.take("round", int, 1))
    pools = data.tables("tribal")
    if pools and len(pools) != 2:
        raise LoadError("'tribal' lists the two Tribal Pools, e.g. [{white = 2, gold = 1, blue = 1}, {white = 3}]")
    for tribe, pool in enumerate(pools):
        set_colours(s, s.tribal[tribe], pool)
        pool.done()
    champions = data.table("champions")
    tokens = {}
    for cid in list(champions.rest):
        c = s.champ_by_id(cid)
        if c is None:
            raise LoadError(f"'champions.{cid}': no champion of the Tribes is {cid!r}")
        board = champions.table(cid)
        tokens[cid] = set_champion(s, c, board)
        board.done()
    for cid, texts in tokens.items():
        place_tokens(s, s.champ_by_id(cid), texts, f"champions.{cid}.tokens")  # type: ignore[arg-type]
    champions.done()
    _spoils(s, data.table("spoils"))
    quiet = data.take("quiet", int, 0)  # rounds since the champions' Health was last at a new low
    if not 0 <= quiet < s.round:
        raise LoadError(f"'quiet' counts rounds before round {s.round}: 0 to {s.round - 1}, not {quiet}")
    s.low_health, s.low_round = sum(c.health for c in s.champs), s.round - quiet
    initiative = data.take("initiative", int, s.initiative + 1)
    if initiative not in (1, 2):
        raise LoadError("'initiative' is Tribe 1 or 2")
    s.initiative = s.next_tribe = initiative - 1
    s.phase, s.active, s.fresh = ACTIVATE, -1, []  # Items set up are not Gained this Turn
    if not rounds.eligible(s, s.next_tribe):
        s.next_tribe = 1 - s.next_tribe
    if not rounds.eligible(s, s.next_tribe):
        raise LoadError("every champion has activated: a position is set before the End of Round")
    active = data.take("activate", str, "")
    turn = data.table("turn")
    if turn.rest:
        if active:
            raise LoadError("'activate' starts a Turn and '[turn]' is a Turn under way: name one")
        set_turn(s, turn)
        return
    if not active:
        rounds.auto_activate(s, events)
        return
    c = s.champ_by_id(active)
    if c is None or c.activated or c.defeated:
        raise LoadError(f"'activate': {active!r} is not a champion still to activate this round")
    s.next_tribe = c.tribe
    rounds.activate(s, c, events)


def _round(s: TundrusState, n: int) -> None:
    """Round n shows 3, 4, then 5 Items (End of Round step 3)."""
    if n < 1:
        raise LoadError(f"'round' is 1 or more, not {n}")
    s.round = n
    if n > 1:
        s.spoils_max = min(items.SPOILS_LIMIT, s.spoils_max + n - 1)
        items.refill_spoils(s)


def _spoils(s: TundrusState, spoils: PositionData) -> None:
    """The face-up Items, the discard pile and the next Items drawn (the rest stay in the deck)."""
    face_up = spoils.names("face_up", [])
    discard = spoils.names("discard", [])
    top = spoils.names("next", [])
    spoils.done()
    if len(face_up) > s.spoils_max:
        raise LoadError(f"'spoils.face_up': at most {s.spoils_max} Items lie face up in round {s.round}")
    if face_up:
        s.deck = s.deck + s.faceup  # the Items face up so far go back into the deck
        s.faceup = []
    for iid in face_up:
        take_card(s, iid, "spoils.face_up")
        s.faceup.append(iid)
    for iid in discard:
        take_card(s, iid, "spoils.discard")
        s.discard.append(iid)
    for iid in top:
        take_card(s, iid, "spoils.next")
    s.deck = s.deck + top[::-1]  # drawn from the end
