# cython: annotation_typing=True
"""REPLENISH (rulebook step 1): taking dice from the Dice Supply into the Active Dice Pool, four
for free and two more for each Energy spent, at most ten; Mind Over Matter dice do not count."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from . import abilities
from .actions import act
from .champion import CHEST, SLOT_CODE, START, TRIBAL
from .data import SLOTS
from .state import T_BOUGHT, T_COUNTED, T_FREE

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

POOL_LIMIT = 10  # "The Active Dice Pool is limited to 10 dice"
FREE_DICE = 4  # "Select any four dice for free"
DICE_PER_ENERGY = 2  # "one Energy Cube for two dice"
FREE_WITH_TOKEN = {"shield_bash": 3, "rallying_cry": 5}  # reference B4; Blood Moon: all ten free

_TAKE: dict[tuple[int, str], Action] = {}
_TAKE_ROW: dict[str, list[Action]] = {}  # source -> its take action per colour (the dice data is fixed)
#: "<champion> takes a <colour> die (<source>)" by (champion, seat, colour, source): a quarter of
#: all steps tell one, and events are immutable, so each is built once.
_TAKEN: dict[tuple, Event] = {}


def _sources(s: TundrusState, c: Champion) -> list[tuple[str, list[int], int]]:
    """(name, counts per colour, origin) of every part of the Dice Supply."""
    out = [("tribal", s.tribal[c.tribe], TRIBAL), ("own", c.start, START)]
    out += [(SLOTS[k], c.slot_dice[k], SLOT_CODE[k]) for k in range(3) if c.slots[k]]
    if c.chest is not None:
        out.append(("chest", c.chest_dice, CHEST))
    return out


def counts_for_replenish(s: TundrusState, c: Champion, source: str) -> bool:
    """Mind Over Matter: those Item dice do not count toward the REPLENISH count."""
    if source not in SLOTS:
        return True
    iid = c.slots[SLOTS.index(source)]
    return not (iid and s.data.items[iid].ability == "mind_over_matter")


def take_action(s: TundrusState, colour: int, source: str) -> Action:
    a = _TAKE.get((colour, source))
    if a is None:
        a = _TAKE[(colour, source)] = act("take", (s.colour_name(colour), source))
    return a


@cython.locals(k=cython.Py_ssize_t)
def take_actions(s: TundrusState, c: Champion) -> list[Action]:
    pool = s.pool
    if len(pool) >= POOL_LIMIT and len([d for d in pool if not d[5]]) >= POOL_LIMIT:
        return []
    turn = s.turn
    counted_ok = turn[T_COUNTED] < turn[T_FREE] + DICE_PER_ENERGY * turn[T_BOUGHT] or c.energy() > 0
    out: list[Action] = []
    for name, counts, _ in _sources(s, c):
        if not counted_ok and counts_for_replenish(s, c, name):
            continue
        row = _TAKE_ROW.get(name)
        if row is None:
            row = _TAKE_ROW[name] = [take_action(s, k, name) for k in range(len(counts))]
        for k in range(len(counts)):
            if counts[k]:
                out.append(row[k])
    return out


def take(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    colour = s.data.colour_index[str(args[0])]
    source = str(args[1])
    if source == "tribal":
        counts, origin = s.tribal[c.tribe], TRIBAL
    elif source == "own":
        counts, origin = c.start, START
    elif source == "chest":
        counts, origin = c.chest_dice, CHEST
    else:
        k = SLOTS.index(source)
        counts, origin = c.slot_dice[k], SLOT_CODE[k]
    if counts_for_replenish(s, c, source):
        if s.turn[T_COUNTED] >= s.turn[T_FREE] + DICE_PER_ENERGY * s.turn[T_BOUGHT]:
            abilities.pay_energy(s, c, 1, False, set())  # nothing rolled yet: cubes or Stored dice
            s.turn[T_BOUGHT] += 1
            events.append(public_event(f"{c.cid} spends 1 Energy for two more dice", data={"seat": c.seat}))
        s.turn[T_COUNTED] += 1
    counts[colour] -= 1
    owner = c.tribe if origin == TRIBAL else c.idx
    s.pool.append((colour, owner, origin, -1, False, False))
    key = (c.cid, c.seat, args[0], source)
    taken = _TAKEN.get(key)
    if taken is None:  # a few dozen in all: champions x colours x sources
        taken = _TAKEN[key] = public_event(f"{c.cid} takes a {args[0]} die ({source})", data={"seat": c.seat})
    events.append(taken)

