"""The round and the Champion's Turn, as small decisions in the rulebook's order:
activate, REPLENISH (take dice), ROLL, REROLL (mark dice, then reroll them together), one PRIMARY
ACTION, any SECONDARY ACTIONS, RELEASE, RESET, the Activated token; then End of Round.

`legal_actions` lists every choice for the seat to move; `apply` changes the state for one of
them (the engine has checked it is legal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event

from . import abilities, draft, energy, free, items, payment, tokens
from .actions import act
from .champion import CHEST, SLOT_CODE, START, TRIBAL, is_die, without
from .combat import magic
from .data import ARCANA, DEFENSE, DOUBLE, GLYPHS, POWER, SLOTS, WAR, WEALTH
from .dice import return_die, roll, units
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
    T_BOUGHT,
    T_COUNTED,
    T_CREDIT,
    T_FREE,
    T_PICKS_LEFT,
    T_REROLLED,
    T_VWAR,
    TURN_FIELDS,
    WAR_LOSS,
    WEALTH_DIE,
)
from .state import (
    CHEST as CHEST_PHASE,
)
from .tracks import ENERGY, gain_energy

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

POOL_LIMIT = 10  # "The Active Dice Pool is limited to 10 dice"
FREE_DICE = 4  # "Select any four dice for free"
DICE_PER_ENERGY = 2  # "one Energy Cube for two dice"
FREE_WITH_TOKEN = {"shield_bash": 3, "rallying_cry": 5}  # reference B4; Blood Moon: all ten free


# --- whose move ------------------------------------------------------------------------------
def to_move(s: TundrusState) -> tuple[int, ...]:
    if s.phase == OVER:
        return ()
    if s.phase == DRAFT:
        tribe, slot = s.draft_queue[0]
        return (draft.seat_for(s, tribe, slot),)
    if s.phase == ACTIVATE:
        return (eligible(s, s.next_tribe)[0].seat,)
    if s.phase == ENERGY_CUBE:
        return (s.champs[s.cube_queue[0]].seat,)
    return (s.champs[s.active].seat,)


def eligible(s: TundrusState, tribe: int) -> list[Champion]:
    return [c for c in s.champs if c.tribe == tribe and not c.defeated and not c.activated]


# --- legal actions ---------------------------------------------------------------------------
def legal_actions(s: TundrusState) -> list[Action]:
    phase = s.phase
    if phase == DRAFT:
        return draft.legal(s)
    if phase == ACTIVATE:
        return [act("activate", (c.cid,)) for c in eligible(s, s.next_tribe)]
    if phase == ENERGY_CUBE:
        return cube_actions(s, s.champs[s.cube_queue[0]])
    c = s.champs[s.active]
    if phase == REPLENISH:
        return take_actions(s, c) + free.before_roll_actions(s, c) + [act("roll")]
    if phase == LAMB:
        if s.turn[T_PICKS_LEFT] <= 0:
            return [act("done")]
        return free.lamb_actions(s)
    if phase == REROLL:
        marks = s.marks
        out = [_MARK[i] for i, d in enumerate(s.pool) if not d[4] and i not in marks]
        if marks:
            out.append(_REROLL)
        out.append(_KEEP)
        out += free.after_roll_actions(s, c, False)  # "any time after ROLLING" includes this step
        return out
    if phase in (MAIN, SECONDARY):
        out = abilities.primary_actions(s, c) if phase == MAIN else []
        if phase == MAIN and out:  # keep dice out of the Primary Action's automatic choice
            out += [_HOLD[i] for i, d in enumerate(s.pool) if not d[4] and i not in s.marks]
        out += free.after_roll_actions(s, c, phase == MAIN)
        if c.token("entangling_roots", armed_only=True) is None:
            out += secondary_actions(s, c)
        return out + [act("end")]
    if phase == PLACE:
        return place_actions(s, c)
    if phase == WAR_LOSS:
        return [_LOSE[i] for i in _war_dice(s)]
    if phase == PAY:
        return payment.actions(s, c)
    if phase == ENERGY_PAY:
        return energy.actions(s, c)
    if phase == WEALTH_DIE:
        return [_SPEND[i] for i in _wealth_dice(s)]
    if phase == GARRISON:
        return [_CONVERT[i] for i in free.convert_options(s, c)]
    if phase == FEUD:
        return [act("feud", (e.cid,)) for e in s.enemies(c)]
    if phase == CHEST_PHASE:
        return [act("chest", (s.colour_name(k),)) for k in range(len(s.stock)) if s.stock[k] > 0]
    if phase == RELEASE:
        out = [act("release", ("energy", i + 1)) for i in range(len(c.energy_dice))]
        stored = sum(1 for d in c.temp if is_die(d))
        out += [act("release", ("armor", i + 1)) for i in range(stored)]
        return out + [act("end")]
    return []


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


_TAKE: dict[tuple[int, str], Action] = {}
_TAKE_ROW: dict[str, list[Action]] = {}  # source -> its take action per colour (the dice data is fixed)
_MARK = [act("mark", (i + 1,)) for i in range(2 * POOL_LIMIT)]
_HOLD = [act("hold", (i + 1,)) for i in range(2 * POOL_LIMIT)]
_LOSE = [act("lose", (i + 1,)) for i in range(2 * POOL_LIMIT)]
_CONVERT = [act("convert", (i + 1,)) for i in range(2 * POOL_LIMIT)]
_SPEND = [act("spend", (i + 1,)) for i in range(2 * POOL_LIMIT)]
_SPENDABLE = frozenset((WEALTH, WEALTH + DOUBLE, ARCANA))
_COSTED = frozenset(("ability", "item", "fate", "foresight", "sworddance", "gash", "lamb", "button", "mirrors", "imp",
                     "take", "garrison"))
_REROLL, _KEEP = act("reroll"), act("keep")


def _take_action(s: TundrusState, colour: int, source: str) -> Action:
    a = _TAKE.get((colour, source))
    if a is None:
        a = _TAKE[(colour, source)] = act("take", (s.colour_name(colour), source))
    return a


def take_actions(s: TundrusState, c: Champion) -> list[Action]:
    pool = s.pool
    if len(pool) >= POOL_LIMIT and sum(1 for d in pool if not d[5]) >= POOL_LIMIT:
        return []
    turn = s.turn
    counted_ok = turn[T_COUNTED] < turn[T_FREE] + DICE_PER_ENERGY * turn[T_BOUGHT] or c.energy() > 0
    out: list[Action] = []
    for name, counts, _ in _sources(s, c):
        if not counted_ok and counts_for_replenish(s, c, name):
            continue
        row = _TAKE_ROW.get(name)
        if row is None:
            row = _TAKE_ROW[name] = [_take_action(s, k, name) for k in range(len(counts))]
        out += [row[k] for k, n in enumerate(counts) if n]
    return out


def secondary_actions(s: TundrusState, c: Champion) -> list[Action]:
    out: list[Action] = []
    if s.turn[T_CREDIT] or _has_wealth(s):
        out += [act("acquire", (iid,)) for iid in s.faceup]
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
            out.append(act("store", ("energy", i + 1)))
        if armor_room and (units(d[3], DEFENSE) or d[3] == ARCANA):
            out.append(act("store", ("armor", i + 1)))
    return out


def _has_wealth(s: TundrusState) -> bool:
    """Is there a die an Acquire may spend (see `_wealth_dice`)?"""
    return any(not d[4] and d[3] in _SPENDABLE for d in s.pool)


def _wealth_dice(s: TundrusState) -> list[int]:
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


# --- applying --------------------------------------------------------------------------------
def apply(s: TundrusState, action: Action) -> list[Event]:
    events: list[Event] = []
    verb, args = action.verb, action.args
    if s.phase == DRAFT:
        draft.recruit(s, str(args[0]), events)
        return events
    if s.phase == ACTIVATE:
        activate(s, s.champ_by_id(str(args[0])), events)  # type: ignore[arg-type]
        return events
    if s.phase == ENERGY_CUBE:
        i, s.cube_queue = s.cube_queue[0], s.cube_queue[1:]  # replaced: clones share it
        place_cube(s, s.champs[i], args, events)
        round_energy(s, events)
        _auto_activate(s, events)
        return events
    c = s.champs[s.active]
    if verb not in ("acquire", "spend", "stash", "feud", "chest", "pay") and s.phase != PLACE:
        s.turn[T_CREDIT] = 0
    if verb != "gash":  # Gash may only follow the Primary Action at once (ruling B7.27)
        s.gash = []
    if verb not in _COSTED or not energy.defer(s, c, verb, args, events):
        HANDLERS[verb](s, c, args, events)
    if s.marks and s.phase not in (REROLL, MAIN, GARRISON, ENERGY_PAY):  # marks and holds live there only
        s.marks = []
    if s.phase != OVER and s.active >= 0 and s.champs[s.active].defeated:
        end_turn(s, events)
    _auto_activate(s, events)
    return events


def _take(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
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
            events.append(Event(f"{c.cid} spends 1 Energy for two more dice"))
        s.turn[T_COUNTED] += 1
    counts[colour] -= 1
    owner = c.tribe if origin == TRIBAL else c.idx
    s.pool.append((colour, owner, origin, -1, False, False))
    events.append(Event(f"{c.cid} takes a {args[0]} die ({source})"))


def _roll(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    s.pool = [(d[0], d[1], d[2], roll(s, d[0]), False, d[5]) for d in s.pool]
    events.append(Event(f"{c.cid} rolls: {pool_text(s)}"))
    if c.token("dazing_shot", armed_only=True) is not None:
        events.append(Event(f"{c.cid} is dazed and skips the REROLL"))
        enter_main(s, c, events)
    else:
        s.marks = []
        s.phase = REROLL


def _mark(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    s.marks = s.marks + [int(args[0]) - 1]


def _reroll(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    again = [i for i in sorted(s.marks) if not s.pool[i][4]]  # a die used since it was marked stays
    for i in again:
        d = s.pool[i]
        s.pool[i] = (d[0], d[1], d[2], roll(s, d[0]), False, d[5])
    events.append(Event(f"{c.cid} rerolls {len(again)} {'die' if len(again) == 1 else 'dice'}: {pool_text(s)}"))
    s.marks = []
    enter_main(s, c, events)


def _keep(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    s.marks = []
    enter_main(s, c, events)


def enter_main(s: TundrusState, c: Champion, events: list[Event]) -> None:
    """End of REROLL: the War Glyph +/-1 token acts now (once per Turn, reference B4)."""
    s.phase = MAIN
    if s.turn[T_REROLLED]:
        return
    s.turn[T_REROLLED] = 1
    side = c.token("war_glyph", armed_only=True)
    if side is None:
        return
    if side > 0:
        s.turn[T_VWAR] += 1
        events.append(Event(f"{c.cid} has one extra War Glyph"))
        return
    dice = _war_dice(s)
    if not dice:
        return
    if len({_die_key(s.pool[i]) for i in dice}) > 1:  # the player chooses (reference B4: "its choice")
        s.phase = WAR_LOSS
        return
    _lose(s, c, (dice[0] + 1,), events)  # identical dice: no choice to make


def _war_dice(s: TundrusState) -> list[int]:
    """Unused dice showing a War Glyph, single or Double."""
    return [i for i, d in enumerate(s.pool) if not d[4] and (d[3] == WAR or d[3] == WAR + DOUBLE)]


def _die_key(d: tuple) -> tuple:
    """What tells two dice of the Active Dice Pool apart: colour, origin, glyph, lent."""
    return (d[0], d[1], d[2], d[3], d[5])


def _lose(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    """The War Glyph -1 token: a single War die is used up, a Double keeps one War Glyph."""
    i = int(args[0]) - 1
    d = s.pool[i]
    s.pool[i] = (d[0], d[1], d[2], WAR, d[3] == WAR, d[5])
    s.phase = MAIN
    events.append(Event(f"{c.cid} loses the War Glyph of die {i + 1} (War Glyph -1)"))


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


def _acquire(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    iid = str(args[0])
    s.faceup.remove(iid)
    s.pending = iid
    s.phase = PLACE
    events.append(Event(f"{c.cid} acquires {s.data.items[iid].name}"))
    if s.turn[T_CREDIT]:
        s.turn[T_CREDIT] = 0
        return
    dice = _wealth_dice(s)
    if len({_die_key(s.pool[i]) for i in dice}) > 1:  # Wealth dice that differ: the player names one
        s.phase = WEALTH_DIE
        return
    _spend(s, c, (dice[0] + 1,), events)


def _spend(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    """The Wealth die paying for the Acquire is used; then the Item is placed."""
    i = int(args[0]) - 1
    d = s.pool[i]
    s.pool[i] = (d[0], d[1], d[2], d[3], True, d[5])
    if d[3] == WEALTH + DOUBLE:
        s.turn[T_CREDIT] = 1
    s.phase = PLACE


def _stash(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    assert s.pending is not None
    items.stash(s, c, s.pending, str(args[0]) if args else None, events)
    s.pending = None
    s.phase = SECONDARY


def _equip(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    if args:  # from the Stash
        iid = str(args[0])
        c.stash = without(c.stash, iid)
    else:
        iid = s.pending  # type: ignore[assignment]
        s.pending = None
    payment.start(s, c, iid, "equip", events)


def _consume(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    if args:
        iid = str(args[0])
        c.stash = without(c.stash, iid)
    else:
        iid = s.pending  # type: ignore[assignment]
        s.pending = None
    payment.start(s, c, iid, "consume", events)


def _energy(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    energy.pick(s, c, args, events, HANDLERS)


def _pay(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    payment.pay_step(s, c, args[0], events)


def _chest(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    colour = s.data.colour_index[str(args[0])]
    s.stock[colour] -= 1
    s.fresh = s.fresh + [(colour, c.idx, CHEST)]
    c.chest_dice[colour] += 1
    s.turn[T_PICKS_LEFT] -= 1
    events.append(Event(f"{c.cid} puts a {args[0]} die on the chest"))
    if s.turn[T_PICKS_LEFT] <= 0 or not any(s.stock):
        s.phase = SECONDARY


def _feud(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    target = s.champ_by_id(str(args[0]))
    assert target is not None
    items.place_feud(s, c, target.idx, events)
    s.phase = SECONDARY


def _store(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
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
    events.append(Event(f"{c.cid} stores a {s.colour_name(d[0])} die on the {track} track"))


def _end(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    if s.phase in (MAIN, SECONDARY) and (c.energy_dice or any(is_die(d) for d in c.temp)):
        s.phase = RELEASE
        return
    end_turn(s, events)


def _release(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    """RELEASE: a Stored die leaves the Track and is RESET (too late to use it this Turn)."""
    track, n = str(args[0]), int(args[1])
    if track == "energy":
        die = c.energy_dice.pop(n - 1)
    else:
        stored = [i for i, d in enumerate(c.temp) if is_die(d)]
        die = c.temp.pop(stored[n - 1])  # type: ignore[assignment]
    return_die(s, die)
    events.append(Event(f"{c.cid} releases a {s.colour_name(die[0])} die from the {track} track"))


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
    "take": _take, "roll": _roll, "mark": _mark, "hold": _mark, "reroll": _reroll, "keep": _keep, "attack": _attack,
    "ability": _ability, "item": _ability, "acquire": _acquire, "stash": _stash, "equip": _equip,
    "consume": _consume, "chest": _chest, "lose": _lose, "pay": _pay, "energy": _energy, "spend": _spend, "feud": _feud, "store": _store, "end": _end, "release": _release,
}
for _name in ("empower", "lamb", "give", "done", "foresight", "gambit", "garrison", "convert", "sworddance",
              "fate", "mirrors", "imp", "button", "reflect", "gash"):
    HANDLERS[_name] = _free(_name)


# --- the flow of a round ------------------------------------------------------------------------
def activate(s: TundrusState, c: Champion, events: list[Event]) -> None:
    """Start of the Turn: tokens take effect, then start-of-Turn effects before REPLENISH."""
    s.active = c.idx
    s.turn = [0] * TURN_FIELDS
    s.pool, s.marks, s.once, s.gash = [], [], [], []
    events.append(Event(f"Tribe {c.tribe + 1} activates the {s.data.champions[c.cid].name}"))
    tokens.arm(c)
    if c.fortify is not None:  # Fortify lasts "until the start of the Champion's next Turn"
        s.discard.append(c.fortify)
        c.fortify = None
    if c.token("viper_bite") is not None:
        del c.tokens["viper_bite"]
        events.append(Event(f"Viper Bite: {c.cid} takes 1 Magic Damage"))
        magic(s, c, 1, events)
        if c.defeated:
            end_turn(s, events)
            return
    for k in range(3):  # Power Up: an empty Item gains an Energy Cube
        iid = c.slots[k]
        if iid and s.data.items[iid].ability == "power_up" and not c.slot_energy[k] and s.cubes[ENERGY]:
            c.slot_energy[k] = 1
            s.cubes[ENERGY] -= 1
    for iid in c.usury:  # Usury: the indicated dice join the Tribal Pool, the Item is discarded
        got = items.gain_dice(s, s.data.items[iid].gain_dice, s.tribal[c.tribe], c.tribe, TRIBAL)
        s.discard.append(iid)
        events.append(Event(f"Usury pays {c.cid}'s Tribe: {', '.join(got) or 'nothing'}"))
    c.usury = []
    s.fresh = []  # from here on, Gained dice did not start the Turn in the Supply
    if c.token("sleep", armed_only=True) is not None:
        events.append(Event(f"{c.cid} sleeps through its Turn"))
        end_turn(s, events)
        return
    free_n = FREE_DICE
    for tid, n in FREE_WITH_TOKEN.items():
        if c.token(tid, armed_only=True) is not None:
            free_n += n - FREE_DICE
    s.turn[T_FREE] = POOL_LIMIT if c.token("blood_moon", armed_only=True) is not None else free_n
    for die in c.lent:  # Sacrificial Lamb dice: outside the REPLENISH count and maximum
        s.pool.append((die[0], die[1], die[2], -1, False, True))
    c.lent = []
    s.phase = REPLENISH


def end_turn(s: TundrusState, events: list[Event]) -> None:
    """RESET the dice and the Spoils, place the Activated token, and pass play on."""
    c = s.champs[s.active]
    for d in s.pool:
        return_die(s, (d[0], d[1], d[2]))
    s.pool, s.marks, s.gash = [], [], []
    if s.pending is not None:  # an Acquired card nobody placed (its champion fell) is discarded
        s.discard.append(s.pending)
        s.pending = None
    items.check_chest(s, c)
    if s.phase == OVER:
        return
    items.refill_spoils(s)
    tokens.expire_end_of_turn(s, c)
    c.activated = True
    s.active = -1
    s.turn = [0] * TURN_FIELDS
    s.next_tribe = 1 - c.tribe
    s.phase = ACTIVATE
    if not eligible(s, 0) and not eligible(s, 1):
        end_of_round(s, events)
    elif not eligible(s, s.next_tribe):
        s.next_tribe = c.tribe


def end_of_round(s: TundrusState, events: list[Event]) -> None:
    for c in s.champs:
        c.activated = False
        for die in c.lent:
            return_die(s, die)
        c.lent = []
    s.cube_queue = [c.idx for c in s.champs if not c.defeated]
    round_energy(s, events)


def cube_actions(s: TundrusState, c: Champion) -> list[Action]:
    """End of Round step 2: "All Champions gain one Energy Cube, if possible. It must be placed in
    an unoccupied square or it can replace a die that is Stored on the Track." Every way to place
    it; replacing identical Stored dice on a full Track is one way, so it is offered once."""
    if s.cubes[ENERGY] <= 0:
        return []
    out = [act("cube", (c.cid, "square"))] if c.energy_room() > 0 else []
    dice = c.energy_dice
    if not out and len(set(dice)) == 1:
        return [act("cube", (c.cid, "replace", 1))]
    return out + [act("cube", (c.cid, "replace", i + 1)) for i in range(len(dice))]


def place_cube(s: TundrusState, c: Champion, args: tuple, events: list[Event]) -> None:
    if args[1] == "replace":  # the Stored die is RESET at once (step 7a)
        die = c.energy_dice.pop(int(args[2]) - 1)
        return_die(s, die)
        events.append(Event(f"{c.cid}'s Energy Cube replaces a stored {s.colour_name(die[0])} die"))
    s.cubes[ENERGY] -= 1
    c.energy_cubes += 1


def round_energy(s: TundrusState, events: list[Event]) -> None:
    """End of Round step 2, champion by champion; a champion with a real choice is asked (phase
    ENERGY_CUBE), the others gain their cube at once. Then steps 3 and 4."""
    while s.cube_queue:
        c = s.champs[s.cube_queue[0]]
        if "rancid_bile" in c.tokens:  # no Energy Cube at this step
            del c.tokens["rancid_bile"]
            s.cube_queue = s.cube_queue[1:]
            continue
        options = cube_actions(s, c)
        if len(options) > 1:
            s.phase = ENERGY_CUBE
            return
        s.cube_queue = s.cube_queue[1:]
        if options:
            place_cube(s, c, options[0].args, events)
    items.end_of_round_spoils(s)
    s.initiative = 1 - s.initiative
    events.append(Event(f"End of round {s.round}: Tribe {s.initiative + 1} takes the Initiative"))
    start_round(s, events)


def start_round(s: TundrusState, events: list[Event]) -> None:
    s.round += 1
    s.next_tribe = s.initiative
    s.phase = ACTIVATE
    for c in s.champs:  # Refresh: an Energy Cube at the start of each Round
        refresh = sum(1 for iid in c.slots if iid and s.data.items[iid].ability == "refresh")
        if refresh and not c.defeated:  # automatic, so Disarm does not stop it
            gain_energy(s, c, refresh)
    if not eligible(s, s.next_tribe):
        s.next_tribe = 1 - s.next_tribe
    _auto_activate(s, events)


def _auto_activate(s: TundrusState, events: list[Event]) -> None:
    """A Tribe with a single champion left to activate does not need to be asked."""
    while s.phase == ACTIVATE:
        options = eligible(s, s.next_tribe)
        if len(options) != 1:
            return
        activate(s, options[0], events)


def pool_text(s: TundrusState) -> str:
    return ", ".join(
        f"{i + 1}:{s.colour_name(d[0])} {GLYPHS[d[3]] if d[3] >= 0 else '?'}{' (used)' if d[4] else ''}"
        for i, d in enumerate(s.pool)
    )

