# cython: annotation_typing=True
"""Paying Energy as the player chooses, where the choice can matter (rulebook Reference > Power
Glyph: "Power Glyphs may also be used as Energy Cubes directly from the Active Dice Pool"; Store
Power Glyphs: a Stored die "can be used as an Energy Cube").

An action costing Energy is normally paid at once, the usual way (`abilities.pay_energy`): cubes held
on Items, then Stored dice, then Track cubes, and unused Power Glyphs first with a trailing `power` or
when cubes run short. Two parts of that payment are real choices: *which* Power Glyph dice pay (when
candidates differ and not all must go) and *which* Stored dice go back to the Supply (when they differ
and not all are spent). Then the action waits (phase ENERGY_PAY) while the player names them,
`energy <die>` and `energy stored <n>`; the rest is paid the usual way when the action runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from . import free
from .abilities import ability_for, energy_cost
from .actions import act
from .data import ARCANA, POWER
from .dice import die_key, match, power_units, return_die, units
from .replenish import DICE_PER_ENERGY, counts_for_replenish
from .state import ENERGY_PAY, T_BOUGHT, T_COUNTED, T_FREE, T_VDEF, T_VWAR

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

ONE = 1  # "spend 1 Energy" (Foresight, Garrison, Gash, Sacrificial Lamb, Sword Dance, Twisted Fate)


def _cost(s: TundrusState, c: Champion, verb: str, args: tuple) -> tuple[int, bool, frozenset[int]] | None:
    """(Energy, Power Glyphs first?, dice that may not pay) of an action, or None if it costs none."""
    power = bool(args) and args[-1] == "power" and (verb != "fate" or len(args) == 3)
    if verb in ("ability", "item"):
        ab = ability_for(s, c, str(args[0]))
        if ab is None:
            return None
        held = frozenset(s.marks)
        m = match(s.pool, ab.combo, (s.turn[T_VWAR], s.turn[T_VDEF]), held)
        if m is None:
            return None
        return energy_cost(c, ab), power, held.union(m[0])
    if verb == "fate":
        return ONE, power, frozenset((int(args[0]) - 1,))
    if verb == "garrison":
        return ONE, power, free.garrison_unpayers(s)
    if verb in ("foresight", "sworddance", "gash", "lamb"):
        return ONE, power, frozenset()
    if verb == "take":  # REPLENISH: a die beyond those paid for costs 1 Energy for two dice
        t = s.turn
        bought = t[T_COUNTED] >= t[T_FREE] + DICE_PER_ENERGY * t[T_BOUGHT] and counts_for_replenish(s, c, str(args[1]))
        return (ONE if bought else 0), False, frozenset()
    if verb == "button":
        return free.BUTTON_COST, power, frozenset()
    if verb == "mirrors":
        return free.printed_cost(s, c, "wall_of_mirrors"), power, frozenset()
    if verb == "imp":
        return free.printed_cost(s, c, "summon_imp"), power, frozenset()
    return None


def _candidates(s: TundrusState, skip: frozenset[int] | list[int]) -> list[int]:
    return [i for i, d in enumerate(s.pool)
            if not d[4] and i not in skip and (units(d[3], POWER) or d[3] == ARCANA)]


def _die_units(d: tuple) -> int:
    return units(d[3], POWER) or 1


def defer(s: TundrusState, c: Champion, verb: str, args: tuple, events: list[Event]) -> bool:
    """Before an action that costs Energy: when the payment holds a real choice, park the action
    and ask for the dice (True); else let it run and pay the usual way (False)."""
    cost = _cost(s, c, verb, args)
    if cost is None or cost[0] <= 0:
        return False
    amount, power, skip = cost
    dice_units = min(amount, power_units(s.pool, skip)) if power else max(0, amount - c.energy())
    cubes = amount - dice_units
    stored = min(max(0, cubes - sum(c.slot_energy)), len(c.energy_dice))
    cands = _candidates(s, skip)
    dice_choice = dice_units > 0 and len({die_key(s.pool[i]) for i in cands}) > 1 and (
        sum([_die_units(s.pool[i]) for i in cands]) > dice_units)
    stored_choice = 0 < stored < len(c.energy_dice) and len(set(c.energy_dice)) > 1
    if not (dice_choice or stored_choice):
        return False
    s.defer = [verb, *args]
    s.defer_from = s.phase
    s.defer_left = [dice_units if dice_choice else 0, stored if stored_choice else 0]
    s.defer_skip = sorted(skip)
    s.prepaid = 0
    s.phase = ENERGY_PAY
    events.append(public_event(f"{c.cid} chooses how to pay {amount} Energy", data={"seat": c.seat}))
    return True


def actions(s: TundrusState, c: Champion) -> list[Action]:
    if s.defer_left[0] > 0:
        return [act("energy", (i + 1,)) for i in _candidates(s, s.defer_skip)]
    return [act("energy", ("stored", i + 1)) for i in range(len(c.energy_dice))]


def pick(s: TundrusState, c: Champion, args: tuple, events: list[Event],
         handlers: dict[str, Callable[..., None]]) -> None:
    """`energy <die>` / `energy stored <n>`: one source paid now; when all are named, the parked
    action runs and takes what was paid before paying any rest the usual way."""
    if args[0] == "stored":
        die = c.energy_dice.pop(int(args[1]) - 1)
        return_die(s, die)
        s.prepaid += 1
        s.defer_left = [s.defer_left[0], s.defer_left[1] - 1]  # replaced: clones share it
        events.append(public_event(f"{c.cid} pays 1 Energy with a stored {s.colour_name(die[0])} die", data={"seat": c.seat}))
    else:
        i = int(args[0]) - 1
        d = s.pool[i]
        s.pool[i] = (d[0], d[1], d[2], d[3], True, d[5])
        got = _die_units(d)
        s.prepaid += got
        s.defer_left = [max(0, s.defer_left[0] - got), s.defer_left[1]]
        events.append(public_event(f"{c.cid} pays {got} Energy with die {i + 1}", data={"seat": c.seat}))
    if s.defer_left[0] > 0 or s.defer_left[1] > 0:
        return
    verb, *rest = s.defer
    s.phase = s.defer_from
    s.defer, s.defer_from, s.defer_left, s.defer_skip = [], "", [0, 0], []
    handlers[str(verb)](s, c, tuple(rest), events)
    s.prepaid = 0  # a Double's second Glyph not needed is lost
