# cython: annotation_typing=True
"""SECONDARY ACTIONS (rulebook step 5), in any order: Acquire an Item from the Spoils of War (a
Wealth die pays), place it (Stash, Equip or Consume), Equip or Consume from the Stash, Store
Power or Defense dice on a Track; then step 6, RELEASE: Stored dice back to the pool."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from . import items, payment
from .actions import act, act1
from .champion import CHEST, is_die, without
from .data import ARCANA, DEFENSE, DOUBLE, POWER, WEALTH
from .dice import die_key, return_die, units
from .replenish import POOL_LIMIT
from .rounds import end_turn
from .state import MAIN, PLACE, RELEASE, SECONDARY, T_CREDIT, T_PICKS_LEFT, WEALTH_DIE
from .tracks import ENERGY

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

SPEND = [act("spend", (i + 1,)) for i in range(2 * POOL_LIMIT)]
STORE_ENERGY = [act("store", ("energy", i + 1)) for i in range(2 * POOL_LIMIT)]
STORE_ARMOR = [act("store", ("armor", i + 1)) for i in range(2 * POOL_LIMIT)]
_SPENDABLE = frozenset((WEALTH, WEALTH + DOUBLE, ARCANA))


def secondary_actions(s: TundrusState, c: Champion) -> list[Action]:
    out: list[Action] = []
    if s.turn[T_CREDIT] or has_wealth(s):
        out += [act1("acquire", iid) for iid in s.faceup]
    have = items.supply_counts(s, c) if c.stash else None
    for iid in c.stash:
        item = s.data.items[iid]
        if items.can_pay(s, c, item, have):
            out.append(act("consume" if item.type == "consumable" else "equip", (iid,)))
    energy_room, armor_room = c.energy_room() > 0, c.armor_room() > 0  # the loop changes neither
    for i, d in enumerate(s.pool):
        if d[4] or d[3] < 0:
            continue
        if energy_room and (units(d[3], POWER) or d[3] == ARCANA):
            out.append(STORE_ENERGY[i])
        if armor_room and (units(d[3], DEFENSE) or d[3] == ARCANA):
            out.append(STORE_ARMOR[i])
    return out


def has_wealth(s: TundrusState) -> bool:
    """Is there a die an Acquire may spend (see `_wealth_dice`)?"""
    for d in s.pool:
        if not d[4] and d[3] in _SPENDABLE:
            return True
    return False


def wealth_dice(s: TundrusState) -> list[int]:
    """The dice an Acquire may spend: single Wealth dice, else Doubles (the second Glyph may Acquire
    once more at once), else Arcana; spending a more useful kind first is never better."""
    for want in (WEALTH, WEALTH + DOUBLE, ARCANA):
        dice = [i for i, d in enumerate(s.pool) if not d[4] and d[3] == want]
        if dice:
            return dice
    return []


def place_actions(s: TundrusState, c: Champion) -> list[Action]:
    assert s.pending is not None
    item = s.data.items[s.pending]
    out = []
    if len(c.stash) < items.STASH_SIZE:
        out.append(act("stash"))
    else:
        out += [act("stash", (iid,)) for iid in c.stash]
    if items.can_pay(s, c, item):
        out.append(act("consume" if item.type == "consumable" else "equip"))
    return out


def acquire(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    iid = str(args[0])
    s.faceup.remove(iid)
    s.pending = iid
    s.phase = PLACE
    events.append(public_event(f"{c.cid} acquires {s.data.items[iid].name}", data={"seat": c.seat}))
    if s.turn[T_CREDIT]:
        s.turn[T_CREDIT] = 0
        return
    dice = wealth_dice(s)
    if len({die_key(s.pool[i]) for i in dice}) > 1:  # Wealth dice that differ: the player names one
        s.phase = WEALTH_DIE
        return
    spend(s, c, (dice[0] + 1,), events)


def spend(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    """The Wealth die paying for the Acquire is used; then the Item is placed."""
    i = int(args[0]) - 1
    d = s.pool[i]
    s.pool[i] = (d[0], d[1], d[2], d[3], True, d[5])
    if d[3] == WEALTH + DOUBLE:
        s.turn[T_CREDIT] = 1
    s.phase = PLACE


def stash(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    assert s.pending is not None
    items.stash(s, c, s.pending, str(args[0]) if args else None, events)
    s.pending = None
    s.phase = SECONDARY


def equip(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    if args:  # from the Stash
        iid = str(args[0])
        c.stash = without(c.stash, iid)
    else:
        iid = s.pending  # type: ignore[assignment]
        s.pending = None
    payment.start(s, c, iid, "equip", events)


def consume(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    if args:
        iid = str(args[0])
        c.stash = without(c.stash, iid)
    else:
        iid = s.pending  # type: ignore[assignment]
        s.pending = None
    payment.start(s, c, iid, "consume", events)


def chest(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    colour = s.data.colour_index[str(args[0])]
    s.stock[colour] -= 1
    s.fresh = s.fresh + [(colour, c.idx, CHEST)]
    c.chest_dice[colour] += 1
    s.turn[T_PICKS_LEFT] -= 1
    events.append(public_event(f"{c.cid} puts a {args[0]} die on the chest", data={"seat": c.seat}))
    if s.turn[T_PICKS_LEFT] <= 0 or not any(s.stock):
        s.phase = SECONDARY


def feud(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    target = s.champ_by_id(str(args[0]))
    assert target is not None
    items.place_feud(s, c, target.idx, events)
    s.phase = SECONDARY


def store(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    """Store a Power die on the Energy Track or a Defense die on the Armor Track; a Double puts
    a cube from the Stock beside it when there is room, else its second Glyph is lost."""
    track, n = str(args[0]), int(args[1])
    d = s.pool.pop(n - 1)
    die = (d[0], d[1], d[2])
    double = d[3] >= DOUBLE
    if track == "energy":
        c.energy_dice.append(die)
        if double and c.energy_room() > 0 and s.cubes[ENERGY] > 0:
            c.energy_cubes += 1
            s.cubes[ENERGY] -= 1
    else:
        c.temp.append(die)
        if double and c.armor_room() > 0 and s.cubes[1] > 0:
            c.temp.append(None)
            s.cubes[1] -= 1
    s.phase = SECONDARY
    events.append(public_event(f"{c.cid} stores a {s.colour_name(d[0])} die on the {track} track", data={"seat": c.seat}))


def end(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    if s.phase in (MAIN, SECONDARY) and (c.energy_dice or [d for d in c.temp if is_die(d)]):
        s.phase = RELEASE
        return
    end_turn(s, events)


def release(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    """RELEASE: a Stored die leaves the Track and is RESET (too late to use it this Turn)."""
    track, n = str(args[0]), int(args[1])
    if track == "energy":
        die = c.energy_dice.pop(n - 1)
    else:
        stored = [i for i, d in enumerate(c.temp) if is_die(d)]
        die = c.temp.pop(stored[n - 1])  # type: ignore[assignment]
    return_die(s, die)
    events.append(public_event(f"{c.cid} releases a {s.colour_name(die[0])} die from the {track} track", data={"seat": c.seat}))
