# cython: annotation_typing=True
"""Paying an Equip Cost, die by die, as the player chooses (rulebook Reference > Gaining Items >
Equip): "Equip Costs are paid by permanently Discarding all the dice of the specific colors shown
... any dice that started the Turn in this Champion's Supply may be used, including dice from the
Active Dice Pool that have already been used."

For each colour of the cost the player names a die with `pay <source>`: a part of the Dice Supply
(`tribal`, `own`, `weapon`, `armor`, `auxiliary`, `chest`: a die of it already used this Turn, else
an idle one; the two are alike, both stay out of play until the Reset), or the number of a die in
the Active Dice Pool (an unused die, which gives up its Glyph; or a used Connoisseur die, which goes
to the Stock at the Reset anyway). When every choice is alike, or every die of that colour must go,
the program pays without asking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from . import items
from .actions import act1
from .champion import CHEST, SLOT_CODE, START, STOCK, TRIBAL
from .data import SLOTS
from .state import CHEST as CHEST_PHASE
from .state import FEUD, PAY, SECONDARY, T_PICKS_LEFT

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

Choice = str | int  # a part of the Dice Supply, or a die number in the Active Dice Pool


def _parts(s: TundrusState, c: Champion) -> list[tuple[str, list[int], int, int]]:
    """(name, idle counts per colour, owner, origin) of each part of the Dice Supply."""
    out = [("tribal", s.tribal[c.tribe], c.tribe, TRIBAL), ("own", c.start, c.idx, START)]
    out += [(SLOTS[k], c.slot_dice[k], c.idx, SLOT_CODE[k]) for k in range(3) if c.slots[k]]
    if c.chest is not None:
        out.append(("chest", c.chest_dice, c.idx, CHEST))
    return out


def _used_from(s: TundrusState, colour: int, owner: int, origin: int) -> int | None:
    """A used die of the Active Dice Pool from that part of the Supply (Connoisseur dice excepted)."""
    if origin == CHEST:
        return None
    for i, d in enumerate(s.pool):
        if d[4] and d[0] == colour and d[1] == owner and d[2] == origin and not d[5]:
            return i
    return None


def options(s: TundrusState, c: Champion, colour: int) -> list[Choice]:
    out: list[Choice] = []
    for name, counts, owner, origin in _parts(s, c):
        idle = counts[colour] - s.fresh.count((colour, owner, origin))
        if idle > 0 or _used_from(s, colour, owner, origin) is not None:
            out.append(name)
    for i, d in enumerate(s.pool):
        if d[0] == colour and not d[5] and d[2] != STOCK and (not d[4] or d[2] == CHEST):
            out.append(i + 1)
    return out


def _key(s: TundrusState, choice: Choice) -> tuple:
    if isinstance(choice, str):
        return ("part", choice)
    d = s.pool[choice - 1]
    return (d[1], d[2], -1 if d[4] else d[3])


def actions(s: TundrusState, c: Champion) -> list[Action]:
    return [act1("pay", o) for o in options(s, c, s.pay_left[0])]


def start(s: TundrusState, c: Champion, iid: str, verb: str, events: list[Event]) -> None:
    """`equip` / `consume`: the Item waits while its Equip Cost is paid, then takes effect."""
    s.pay_item, s.pay_verb = iid, verb
    s.pay_left = list(s.data.items[iid].equip_cost)
    _go_on(s, c, events)


def pay_step(s: TundrusState, c: Champion, choice: Choice, events: list[Event]) -> None:
    """`pay <source>`: the player's die, then whatever no longer needs asking."""
    colour, s.pay_left = s.pay_left[0], s.pay_left[1:]  # replaced: clones share it
    _discard(s, c, colour, choice, events)
    _go_on(s, c, events)


def _go_on(s: TundrusState, c: Champion, events: list[Event]) -> None:
    while s.pay_left:
        colour = s.pay_left[0]
        opts = options(s, c, colour)
        alike = len({_key(s, o) for o in opts}) == 1
        every = s.pay_left.count(colour) >= items.supply_counts(s, c)[colour]  # all must go
        if not (alike or every):
            s.phase = PAY
            return
        s.pay_left = s.pay_left[1:]
        _discard(s, c, colour, opts[0], events)
    _finish(s, c, events)


def _discard(s: TundrusState, c: Champion, colour: int, choice: Choice, events: list[Event]) -> None:
    if isinstance(choice, int):
        s.pool.pop(choice - 1)
        where = f"die {choice}"
    else:
        name, counts, owner, origin = next(p for p in _parts(s, c) if p[0] == choice)
        i = _used_from(s, colour, owner, origin)
        if i is not None:
            s.pool.pop(i)
            where = f"{name}, used"
        else:
            counts[colour] -= 1
            where = name
    s.stock[colour] += 1
    events.append(public_event(f"{c.cid} discards a {s.colour_name(colour)} die ({where}) for the Equip Cost", data={"seat": c.seat}))


def _finish(s: TundrusState, c: Champion, events: list[Event]) -> None:
    iid, verb = s.pay_item, s.pay_verb
    assert iid is not None
    s.pay_item, s.pay_verb = None, ""
    s.phase = SECONDARY
    if verb == "equip":
        if items.install(s, c, iid, [], events):
            s.phase = FEUD
        return
    picks = items.consume(s, c, iid, events)
    if picks and any(s.stock):
        s.turn[T_PICKS_LEFT] = picks
        s.phase = CHEST_PHASE
