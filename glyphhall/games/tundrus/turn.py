# cython: annotation_typing=True
"""The Champion's Turn as small decisions, in the rulebook's order: activate, REPLENISH (take
dice), ROLL, REROLL (mark dice, then reroll them together), one PRIMARY ACTION, any SECONDARY
ACTIONS, RELEASE, RESET, the Activated token; then End of Round. This module says whose move it
is, lists the choices of the step the game is in, and hands each action to the module of its
step (replenish, reroll, abilities and free for the PRIMARY ACTION and FREE ACTIONS, secondary,
payment, energy, rounds, draft).

`legal_actions` lists every choice for the seat to move; `apply` changes the state for one of
them (the engine has checked it is legal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event

from . import abilities, draft, energy, free, payment, replenish, reroll, rounds, secondary
from .actions import DONE, END, ROLL, act, act1
from .champion import is_die
from .state import (
    ACTIVATE,
    DRAFT,
    ENERGY_CUBE,
    ENERGY_PAY,
    FEUD,
    GARRISON,
    LAMB,
    MAIN,
    OVER,
    PAY,
    PLACE,
    RELEASE,
    REPLENISH,
    REROLL,
    SECONDARY,
    T_CREDIT,
    T_PICKS_LEFT,
    WAR_LOSS,
    WEALTH_DIE,
)
from .state import (
    CHEST as CHEST_PHASE,
)

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

_CONVERT = [act("convert", (i + 1,)) for i in range(2 * replenish.POOL_LIMIT)]
_COSTED = frozenset(("ability", "item", "fate", "foresight", "sworddance", "gash", "lamb", "button", "mirrors", "imp",
                     "take", "garrison"))


# --- whose move ------------------------------------------------------------------------------
def to_move(s: TundrusState) -> tuple[int, ...]:
    if s.phase == OVER:
        return ()
    if s.phase == DRAFT:
        tribe, slot = s.draft_queue[0]
        return (draft.seat_for(s, tribe, slot),)
    if s.phase == ACTIVATE:
        return (rounds.eligible(s, s.next_tribe)[0].seat,)
    if s.phase == ENERGY_CUBE:
        return (s.champs[s.cube_queue[0]].seat,)
    return (s.champs[s.active].seat,)


# --- legal actions ---------------------------------------------------------------------------
def legal_actions(s: TundrusState) -> list[Action]:
    phase = s.phase
    if phase == DRAFT:
        return draft.legal(s)
    if phase == ACTIVATE:
        return [act1("activate", c.cid) for c in rounds.eligible(s, s.next_tribe)]
    if phase == ENERGY_CUBE:
        return rounds.cube_actions(s, s.champs[s.cube_queue[0]])
    c = s.champs[s.active]
    if phase == REPLENISH:
        return replenish.take_actions(s, c) + free.before_roll_actions(s, c) + [ROLL]
    if phase == LAMB:
        if s.turn[T_PICKS_LEFT] <= 0:
            return [DONE]
        return free.lamb_actions(s)
    if phase == REROLL:
        out = reroll.reroll_actions(s)
        out += free.after_roll_actions(s, c, False)  # "any time after ROLLING" includes this step
        return out
    if phase in (MAIN, SECONDARY):
        out = abilities.primary_actions(s, c) if phase == MAIN else []
        if phase == MAIN and out:  # keep dice out of the Primary Action's automatic choice
            hold, marks = reroll.HOLD, s.marks
            out += [hold[i] for i, d in enumerate(s.pool) if not d[4] and i not in marks]
        out += free.after_roll_actions(s, c, phase == MAIN)
        if c.token("entangling_roots", armed_only=True) is None:
            out += secondary.secondary_actions(s, c)
        return out + [END]
    if phase == PLACE:
        return secondary.place_actions(s, c)
    if phase == WAR_LOSS:
        return [reroll.LOSE[i] for i in reroll.war_dice(s)]
    if phase == PAY:
        return payment.actions(s, c)
    if phase == ENERGY_PAY:
        return energy.actions(s, c)
    if phase == WEALTH_DIE:
        return [secondary.SPEND[i] for i in secondary.wealth_dice(s)]
    if phase == GARRISON:
        return [_CONVERT[i] for i in free.convert_options(s, c)]
    if phase == FEUD:
        return [act("feud", (e.cid,)) for e in s.enemies(c)]
    if phase == CHEST_PHASE:
        return [act("chest", (s.colour_name(k),)) for k in range(len(s.stock)) if s.stock[k] > 0]
    if phase == RELEASE:
        out = [act("release", ("energy", i + 1)) for i in range(len(c.energy_dice))]
        stored = len([d for d in c.temp if is_die(d)])
        out += [act("release", ("armor", i + 1)) for i in range(stored)]
        return out + [END]
    return []


# --- applying --------------------------------------------------------------------------------
# (sets: a verb or phase is found by its hash, not compared with each in turn)
_KEEP_CREDIT = frozenset(("acquire", "spend", "stash", "feud", "chest", "pay"))
_MARK_PHASES = frozenset((REROLL, MAIN, GARRISON, ENERGY_PAY))


def apply(s: TundrusState, action: Action) -> list[Event]:
    events: list[Event] = []
    verb, args = action.verb, action.args
    if s.phase == DRAFT:
        draft.recruit(s, str(args[0]), events)
        return events
    if s.phase == ACTIVATE:
        rounds.activate(s, s.champ_by_id(str(args[0])), events)  # type: ignore[arg-type]
        return events
    if s.phase == ENERGY_CUBE:
        i, s.cube_queue = s.cube_queue[0], s.cube_queue[1:]  # replaced: clones share it
        rounds.place_cube(s, s.champs[i], args, events)
        rounds.round_energy(s, events)
        rounds.auto_activate(s, events)
        return events
    c = s.champs[s.active]
    if verb not in _KEEP_CREDIT and s.phase != PLACE:
        s.turn[T_CREDIT] = 0
    if verb != "gash":  # Gash may only follow the Primary Action at once (ruling B7.27)
        s.gash = []
    if verb not in _COSTED or not energy.defer(s, c, verb, args, events):
        HANDLERS[verb](s, c, args, events)
    if s.marks and s.phase not in _MARK_PHASES:  # marks and holds live there only
        s.marks = []
    if s.phase != OVER and s.active >= 0 and s.champs[s.active].defeated:
        rounds.end_turn(s, events)
    rounds.auto_activate(s, events)
    return events


def _attack(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    target = s.champ_by_id(str(args[0]))
    assert target is not None
    abilities.basic_attack(s, c, target, len(args) > 1, events)
    s.phase = SECONDARY if s.phase != OVER else OVER


def _ability(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    ab = abilities.ability_for(s, c, str(args[0]))
    assert ab is not None
    rest = [str(a) for a in args[1:]]
    power_first = bool(rest) and rest[-1] == "power"
    if power_first:
        rest.pop()
    targets = tuple(s.champ_by_id(t) for t in rest)
    abilities.resolve(s, c, ab, targets, power_first, events)  # type: ignore[arg-type]
    if s.phase != OVER:
        s.phase = SECONDARY


def _energy(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    energy.pick(s, c, args, events, HANDLERS)


def _pay(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    payment.pay_step(s, c, args[0], events)


def _free(name: str):
    def handler(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
        # a trailing "power": pay with Power Glyphs before cubes ("fate <die> power" names a face)
        power = bool(args) and args[-1] == "power" and (name != "fate" or len(args) == 3)
        if power:
            args = args[:-1]
        if name == "empower":
            free.empower(s, c, int(args[0]), events)
        elif name == "lamb":
            free.lamb(s, c, s.champ_by_id(str(args[0])), events)  # type: ignore[arg-type]
        elif name == "give":
            free.give(s, c, int(args[0]), events)
        elif name == "done":
            s.phase = REPLENISH
        elif name in ("foresight", "gambit"):
            free.repeat_reroll(s, c, name, events, power)
        elif name == "garrison":
            free.garrison(s, c, events, power)
        elif name == "convert":
            free.convert_step(s, c, int(args[0]), events)
        elif name == "sworddance":
            free.sword_dance(s, c, str(args[0]), events, power)
        elif name == "fate":
            free.fate(s, c, int(args[0]), str(args[1]), events, power)
        elif name == "mirrors":
            free.mirrors(s, c, s.champ_by_id(str(args[0])), events, power)  # type: ignore[arg-type]
        elif name == "imp":
            free.imp(s, c, s.champ_by_id(str(args[0])) if args else None, events, power)
        elif name == "button":
            free.button(s, c, s.champ_by_id(str(args[0])), events, power)  # type: ignore[arg-type]
        elif name == "reflect":
            free.reflection(s, c, events)
        elif name == "gash":
            free.gash(s, c, s.champ_by_id(str(args[0])), events, power)  # type: ignore[arg-type]
    return handler


HANDLERS = {
    "take": replenish.take, "roll": reroll.roll_pool, "mark": reroll.mark, "hold": reroll.mark,
    "reroll": reroll.reroll, "keep": reroll.keep, "lose": reroll.lose, "attack": _attack, "ability": _ability,
    "item": _ability, "acquire": secondary.acquire, "spend": secondary.spend, "stash": secondary.stash,
    "equip": secondary.equip, "consume": secondary.consume, "pay": _pay, "energy": _energy, "chest": secondary.chest,
    "feud": secondary.feud, "store": secondary.store, "end": secondary.end, "release": secondary.release,
}
for _name in ("empower", "lamb", "give", "done", "foresight", "gambit", "garrison", "convert", "sworddance",
              "fate", "mirrors", "imp", "button", "reflect", "gash"):
    HANDLERS[_name] = _free(_name)
