# cython: annotation_typing=True
"""Setup (rulebook SETUP): recruiting the Tribes, filling the tracks, the Tribal Pools, the
Spoils of War, and the Initiative. Variants: Fast Play (two champions each), Random Draft (no
Class limit), team games (any split of up to six players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event, OptionError
from glyphhall.engine.events import public_event
from glyphhall.engine.notation import is_number

from .actions import act
from .champion import Champion, without
from .items import SPOILS_START, refill_spoils
from .rounds import start_round
from .state import ACTIVATE, DRAFT, TURN_FIELDS
from .tracks import ARMOR, ENERGY, HEALTH, STOCK_CUBES

if TYPE_CHECKING:
    from .state import TundrusState

TRIBAL_POOL = (("white", 2), ("gold", 1), ("blue", 1))  # SETUP: "2 white, 1 gold, and 1 blue dice"


def tribe_seats(players: int, per_tribe: int, split: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Seats of each Tribe: `split` "auto" halves the players (the first Tribe takes the odd one),
    "a-b" gives the first Tribe a players and the second b."""
    if split == "auto":
        first = (players + 1) // 2
    else:
        parts = split.replace(" ", "").split("-")
        if len(parts) != 2 or not all(is_number(p) for p in parts):
            raise OptionError(f"option 'split' is written like 3-1 (players in each Tribe), not {split!r}")
        first, second = int(parts[0]), int(parts[1])
        if first + second != players:
            raise OptionError(f"option 'split' {split} is for {first + second} players, not {players}")
    second = players - first
    if not (1 <= first <= per_tribe and 1 <= second <= per_tribe):
        raise OptionError(
            f"each Tribe needs 1 to {per_tribe} players (one per champion at most); "
            f"{players} players cannot split as {first}-{second}"
        )
    return tuple(range(first)), tuple(range(first, players))


def setup(s: TundrusState) -> list[Event]:
    """A new game up to the first pick (or, in a Random Draft, up to the first activation)."""
    opts = s.options
    s.per_tribe = 2 if opts["fast_play"] else 3
    s.tribe_seats = tribe_seats(s.num_players, s.per_tribe, str(opts["split"]))
    first = {"tribe1": 0, "tribe2": 1}.get(str(opts["first_pick"]))
    if first is None:
        first = s.rng.below(2)
    s.draft_queue = [[t, k] for k in range(s.per_tribe) for t in (first, 1 - first)]
    s.draft_pool = list(s.data.champions)
    s.champs = []
    s.stock = [d.count for d in s.data.dice]
    s.cubes = list(STOCK_CUBES)
    s.tribal = [[0] * len(s.data.dice) for _ in range(2)]
    s.deck, s.faceup, s.discard = [], [], []
    s.spoils_max = SPOILS_START
    s.initiative = s.next_tribe = 0
    s.round = 0
    s.active = -1
    s.pool, s.marks, s.once, s.gash = [], [], [], []
    s.turn = [0] * TURN_FIELDS
    s.pending = None
    s.lamb_to = -1
    s.fresh = []
    s.feuded = []
    s.cube_queue = []
    s.convert_left = 0
    s.resume = ""
    s.pay_item, s.pay_verb, s.pay_left = None, "", []
    s.defer, s.defer_from, s.defer_left, s.defer_skip, s.prepaid = [], "", [0, 0], [], 0
    s.winner = -1
    s.low_health, s.low_round = -1, 0
    s.phase = DRAFT
    events = [public_event(f"Tribe {first + 1} recruits first", data={"tribe_seats": s.tribe_seats[first]})]
    if opts["random_draft"]:  # champion boards face down, taken at random, any Classes
        while s.draft_queue:
            recruit(s, s.draft_pool[s.rng.below(len(s.draft_pool))], events)
    return events


def seat_for(s: TundrusState, tribe: int, slot: int) -> int:
    seats = s.tribe_seats[tribe]
    return seats[slot % len(seats)]


def legal(s: TundrusState) -> list[Action]:
    tribe = s.draft_queue[0][0]
    taken = {s.data.champions[c.cid].cls for c in s.champs if c.tribe == tribe}
    return [act("pick", (cid,)) for cid in s.draft_pool if s.data.champions[cid].cls not in taken]


def recruit(s: TundrusState, cid: str, events: list[Event]) -> None:
    tribe, slot = s.draft_queue[0]
    s.draft_queue = s.draft_queue[1:]  # replaced, never changed in place: clones share it
    s.draft_pool = without(s.draft_pool, cid)
    c = Champion.new(s.data, cid, len(s.champs), tribe, seat_for(s, tribe, slot))
    s.champs.append(c)
    events.append(public_event(f"Tribe {tribe + 1} recruits the {s.data.champions[cid].name}",
                               data={"tribe_seats": s.tribe_seats[tribe]}))
    if not s.draft_queue:
        _finish(s, tribe, events)


def _finish(s: TundrusState, last_tribe: int, events: list[Event]) -> None:
    """Tracks filled, starting dice, Tribal Pools, Spoils of War, Initiative."""
    for c in s.champs:
        s.cubes[HEALTH] -= c.health
        s.cubes[ARMOR] -= c.armor_perm
        s.cubes[ENERGY] -= c.energy_cubes
        for colour, n in enumerate(c.start):
            s.stock[colour] -= n
    for t in range(2):
        for name, n in TRIBAL_POOL:
            colour = s.data.colour_index[name]
            s.tribal[t][colour] += n
            s.stock[colour] -= n
    if min(s.stock) < 0 or min(s.cubes) < 0:
        raise OptionError("the Stock is too small for these champions (check the data files)")
    s.deck = list(s.data.item_ids)
    s.rng.shuffle(s.deck)
    refill_spoils(s)
    s.initiative = last_tribe  # "The Tribe that recruited the last Champion takes the Initiative"
    events.append(public_event(f"Tribe {last_tribe + 1} takes the Initiative", data={"tribe_seats": s.tribe_seats[last_tribe]}))
    s.phase = ACTIVATE
    start_round(s, events)
