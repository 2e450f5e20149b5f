# cython: annotation_typing=True
"""FREE ACTIONs of Item abilities (rulebook ABILITIES glossary; timing rulings in reference B7.17):
before ROLLING (Empower, Sacrificial Lamb), after ROLLING (Garrison, Sword Dance, Twisted Fate,
Wall of Mirrors, Summon Imp, Shiny Red Button, Reflection), repeating the REROLL (Foresight, and
the Gambit token), and right after the Primary Action (Gash)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from . import tokens
from .abilities import can_pay_energy, pay_energy, reflect
from .actions import DONE, act, act1
from .champion import STOCK
from .combat import attack, magic
from .data import ARCANA, DESTRUCTION, DOUBLE, GLYPHS, POWER, WAR, WEALTH
from .dice import power_units, return_die, roll, units
from .items import set_complete
from .state import GARRISON, LAMB, REROLL, T_FORESIGHT, T_GAMBIT, T_PICKS_LEFT, T_PRIMARY, T_VDEF, T_VWAR
from .tracks import fill_armor

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState

BUTTON_COST = 3  # Shiny Red Button: "spend 3 Energy"
LAMB_DICE = 3  # Sacrificial Lamb: "up to 3 dice"
_FREE_AFTER_ROLL = {"foresight", "garrison", "sword_dance", "twisted_fate", "wall_of_mirrors", "summon_imp",
                    "shiny_red_button", "reflection", "gash"}
_NO_ITEMS = [None, None, None]  # slots of a champion with nothing Equipped
ONE = 1  # Foresight, Garrison, Gash, Sacrificial Lamb, Sword Dance, Twisted Fate: "spend 1 Energy"


def items_with(s: TundrusState, c: Champion, ability: str) -> list[int]:
    """Slots whose Equipped Item has this ability (Disarm blocks them all, reference B4)."""
    if "disarm" in c.tokens and c.tokens["disarm"][1]:
        return []
    items = s.data.items
    return [k for k, iid in enumerate(c.slots) if iid and items[iid].ability == ability]


def equipped_abilities(s: TundrusState, c: Champion) -> set[str | None]:
    if "disarm" in c.tokens and c.tokens["disarm"][1]:
        return set()
    items = s.data.items
    return {items[iid].ability for iid in c.slots if iid}


def printed_cost(s: TundrusState, c: Champion, ability: str) -> int:
    """A printed Energy cost (Summon Imp, Wall of Mirrors), 0 with Wall of Mirrors' set bonus."""
    if ability == "wall_of_mirrors" and set_complete(s, c, ability):
        return 0
    ks = items_with(s, c, ability)
    return s.data.items[c.slots[ks[0]]].energy if ks else 0  # type: ignore[index]


# --- before ROLLING ------------------------------------------------------------------------------
def before_roll_actions(s: TundrusState, c: Champion) -> list[Action]:
    out: list[Action] = []
    if c.slots == _NO_ITEMS:  # the common case, answered without building a set
        return out
    have = equipped_abilities(s, c)
    if "empower" not in have and "sacrificial_lamb" not in have:
        return out
    red = s.data.colour_index["red"]
    if "empower" in have and s.stock[red] > 0:
        out += [act1("empower", i + 1) for i, d in enumerate(s.pool) if d[2] != STOCK and not d[5]]
    if "sacrificial_lamb" in have and c.energy() >= ONE and [d for d in s.pool if not d[5]]:
        out += [act("lamb", (a.cid,)) for a in s.allies(c) if a is not c and not a.activated]
    return out


def empower(s: TundrusState, c: Champion, n: int, events: list[Event]) -> None:
    """Replace a die with a red die from the Stock; the replaced die is RESET at once."""
    d = s.pool[n - 1]
    return_die(s, (d[0], d[1], d[2]))
    red = s.data.colour_index["red"]
    s.stock[red] -= 1
    s.pool[n - 1] = (red, -1, STOCK, -1, False, False)
    events.append(public_event(f"{c.cid} empowers: a {s.colour_name(d[0])} die becomes a red die", data={"seat": c.seat}))


def lamb(s: TundrusState, c: Champion, ally: Champion, events: list[Event]) -> None:
    pay_energy(s, c, ONE, False, set())
    s.lamb_to = ally.idx
    s.turn[T_PICKS_LEFT] = LAMB_DICE
    s.phase = LAMB
    events.append(public_event(f"{c.cid} offers dice to {ally.cid} (Sacrificial Lamb)", data={"seat": c.seat, "target_seat": ally.seat}))


def lamb_actions(s: TundrusState) -> list[Action]:
    out = [act1("give", i + 1) for i, d in enumerate(s.pool) if not d[5]]
    return out + [DONE]


def give(s: TundrusState, c: Champion, n: int, events: list[Event]) -> None:
    d = s.pool.pop(n - 1)
    ally = s.champs[s.lamb_to]
    ally.lent = ally.lent + [(d[0], d[1], d[2])]  # replaced, never changed in place: clones share it
    s.turn[T_PICKS_LEFT] -= 1
    events.append(public_event(f"{c.cid} gives a {s.colour_name(d[0])} die to {ally.cid}", data={"seat": c.seat, "target_seat": ally.seat}))


# --- after ROLLING -------------------------------------------------------------------------------
def after_roll_actions(s: TundrusState, c: Champion, main: bool) -> list[Action]:
    out: list[Action] = []
    if c.slots == _NO_ITEMS and "gambit" not in c.tokens:  # the common case, answered without a set
        return out
    have = equipped_abilities(s, c)
    if not (_FREE_AFTER_ROLL & have) and "gambit" not in c.tokens:
        return out
    energy_ok = can_pay_energy(s, c, ONE, frozenset())
    dazed = c.token("dazing_shot", armed_only=True) is not None
    if main and not s.turn[T_PRIMARY] and not dazed:
        if "foresight" in have and s.turn[T_FORESIGHT] < len([i for i in c.slots if i]) and energy_ok:
            out.append(act("foresight"))
        if c.token("gambit", armed_only=True) is not None and not s.turn[T_GAMBIT]:
            out.append(act("gambit"))
    if "garrison" in have and energy_ok and _can_garrison(s, c):
        out.append(act("garrison"))
    if "sword_dance" in have and energy_ok:
        out += [act("sworddance", ("war",)), act("sworddance", ("defense",))]
    if "twisted_fate" in have and "twisted_fate" not in s.once and energy_ok:
        for i, d in enumerate(s.pool):
            if not d[4] and d[3] >= 0 and can_pay_energy(s, c, ONE, frozenset((i,))):
                for g in sorted(set(s.data.dice[d[0]].faces) - {d[3]}):
                    out.append(act("fate", (i + 1, GLYPHS[g])))
    if "wall_of_mirrors" in have and "wall_of_mirrors" not in s.once and can_pay_energy(
        s, c, printed_cost(s, c, "wall_of_mirrors"), frozenset()
    ):
        out += [act("mirrors", (a.cid,)) for a in s.allies(c)]
    if "summon_imp" in have and "summon_imp" not in s.once and can_pay_energy(
        s, c, printed_cost(s, c, "summon_imp"), frozenset()
    ):
        if set_complete(s, c, "summon_imp"):
            out.append(act("imp"))
        else:
            out += [act("imp", (e.cid,)) for e in s.enemies(c)]
    if "shiny_red_button" in have and "shiny_red_button" not in s.once and can_pay_energy(
        s, c, BUTTON_COST, frozenset()
    ):
        out += [act("button", (e.cid,)) for e in s.enemies(c)]
    if "reflection" in have and "reflection" not in c.tokens:
        out.append(act("reflect"))
    if s.gash and "gash" in have and energy_ok and c.token("vertigo_powder", armed_only=True) is None:
        out += [act("gash", (s.champs[i].cid,)) for i in s.gash if not s.champs[i].defeated]
    return _power_twins(s, c, out) if c.energy() else out


def _power_twins(s: TundrusState, c: Champion, actions: list[Action]) -> list[Action]:
    """Each FREE ACTION that costs Energy, once more ending in `power`: pay with unused Power Glyphs
    of the Active Dice Pool before cubes (Reference > Power Glyph), as for an Ability. Offered only
    when both ways exist (with no cube, dice pay anyway)."""
    base = power_units(s.pool, frozenset())
    if not base:
        return actions
    out: list[Action] = []
    for a in actions:
        out.append(a)
        cost = _FREE_COST.get(a.verb, 0) or (printed_cost(s, c, _ITEM_OF[a.verb]) if a.verb in _ITEM_OF else 0)
        if cost and (a.verb not in ("fate", "garrison") or power_units(s.pool, _no_pay(s, a))):
            out.append(act(a.verb, a.args + ("power",)))
    return out


def _no_pay(s: TundrusState, a: Action) -> frozenset[int]:
    """Dice that may not pay this action's Energy: the die Twisted Fate turns, or those Garrison needs."""
    return frozenset((int(a.args[0]) - 1,)) if a.verb == "fate" else garrison_unpayers(s)


_FREE_COST = {"foresight": ONE, "garrison": ONE, "sworddance": ONE, "fate": ONE, "gash": ONE, "button": BUTTON_COST}
_ITEM_OF = {"mirrors": "wall_of_mirrors", "imp": "summon_imp"}  # a printed cost (0 with a set bonus)


GARRISON_GLYPHS = 3  # "convert 3 non-Defense Glyphs into 2 Defense Glyphs"
_CONVERTIBLE = frozenset((WAR, POWER, WEALTH, DESTRUCTION, ARCANA, WAR + DOUBLE, POWER + DOUBLE, WEALTH + DOUBLE))


def _glyphs(d: tuple) -> int:
    return 2 if d[3] >= DOUBLE else 1


def _convertible(s: TundrusState, out: tuple[int, ...] | list[int]) -> list[int]:
    return [i for i, d in enumerate(s.pool) if not d[4] and d[3] in _CONVERTIBLE and i not in out]


def garrison_unpayers(s: TundrusState) -> frozenset[int]:
    """Power dice that may not pay Garrison's Energy: without them fewer than 3 Glyphs are left to
    convert."""
    free = _convertible(s, ())
    total = _glyph_total(s, free)
    return frozenset([i for i in free if total - _glyphs(s.pool[i]) < GARRISON_GLYPHS])


def _glyph_total(s: TundrusState, dice: list[int]) -> int:
    """The Glyphs on these dice of the Active Dice Pool."""
    total = 0
    for i in dice:
        total += _glyphs(s.pool[i])
    return total


def _can_garrison(s: TundrusState, c: Champion) -> bool:
    """3 Glyphs to convert, and 1 Energy to pay without taking one of them."""
    free = _convertible(s, ())
    if _glyph_total(s, free) < GARRISON_GLYPHS:
        return False
    return c.energy() >= ONE or power_units(s.pool, garrison_unpayers(s)) >= ONE


def convert_options(s: TundrusState, c: Champion) -> list[int]:
    """Dice the player may name next for Garrison (a Double gives two Glyphs; one more than needed
    is lost, as a Double's second Glyph is). Its Energy is paid, so any pick can be completed."""
    return _convertible(s, ())


def repeat_reroll(s: TundrusState, c: Champion, how: str, events: list[Event], power: bool = False) -> None:
    if how == "foresight":
        pay_energy(s, c, ONE, power, set())
        s.turn[T_FORESIGHT] += 1
    else:
        s.turn[T_GAMBIT] = 1
    s.marks = []
    s.phase = REROLL
    events.append(public_event(f"{c.cid} repeats the REROLL step ({how})", data={"seat": c.seat}))


def garrison(s: TundrusState, c: Champion, events: list[Event], power: bool = False) -> None:
    """Garrison: 1 Energy is paid (never with a Power die the conversion needs), then the player
    names the converted dice (`convert <die>`). The program names them itself only when the choice
    cannot matter: every candidate die is identical, or the candidates hold exactly the Glyphs still
    needed, so all must go."""
    pay_energy(s, c, ONE, power, set(garrison_unpayers(s)))
    s.resume, s.phase, s.convert_left = s.phase, GARRISON, GARRISON_GLYPHS
    events.append(public_event(f"{c.cid} uses Garrison: 3 Glyphs become 2 Defense Glyphs", data={"seat": c.seat}))
    _auto_convert(s, c, events)


def _auto_convert(s: TundrusState, c: Champion, events: list[Event]) -> None:
    while s.phase == GARRISON:
        options = convert_options(s, c)
        keys = {(d[0], d[1], d[2], d[3], d[5]) for d in (s.pool[i] for i in options)}
        forced = sum(_glyphs(s.pool[i]) for i in options) == s.convert_left  # every candidate must go
        if len(keys) != 1 and not forced:
            return
        convert(s, c, options[0] + 1, events)


def convert_step(s: TundrusState, c: Champion, n: int, events: list[Event]) -> None:
    """`convert <die>`: the player's pick, then any picks that no longer need asking."""
    convert(s, c, n, events)
    _auto_convert(s, c, events)


def convert(s: TundrusState, c: Champion, n: int, events: list[Event]) -> None:
    """One die's Glyph(s) converted; after the third Glyph, 2 Defense Glyphs (not on dice, reference
    B7.21) are gained."""
    d = s.pool[n - 1]
    s.pool[n - 1] = (d[0], d[1], d[2], d[3], True, d[5])
    s.convert_left -= _glyphs(d)
    events.append(public_event(f"{c.cid} converts die {n} ({s.colour_name(d[0])} {GLYPHS[d[3]]})", data={"seat": c.seat}))
    if s.convert_left <= 0:
        s.convert_left = 0
        s.turn[T_VDEF] += 2
        s.phase = s.resume
        events.append(public_event(f"{c.cid} gains 2 Defense Glyphs (Garrison)", data={"seat": c.seat}))


def sword_dance(s: TundrusState, c: Champion, glyph: str, events: list[Event], power: bool = False) -> None:
    pay_energy(s, c, ONE, power, set())
    s.turn[T_VWAR if glyph == "war" else T_VDEF] += 1
    events.append(public_event(f"{c.cid} gains a {glyph} Glyph (Sword Dance)", data={"seat": c.seat}))


def fate(s: TundrusState, c: Champion, n: int, glyph: str, events: list[Event], power: bool = False) -> None:
    pay_energy(s, c, ONE, power, {n - 1})
    d = s.pool[n - 1]
    s.pool[n - 1] = (d[0], d[1], d[2], GLYPHS.index(glyph), d[4], d[5])
    s.once = s.once + ["twisted_fate"]
    events.append(public_event(f"{c.cid} turns die {n} to {glyph} (Twisted Fate)", data={"seat": c.seat}))


def mirrors(s: TundrusState, c: Champion, ally: Champion, events: list[Event], power: bool = False) -> None:
    pay_energy(s, c, printed_cost(s, c, "wall_of_mirrors"), power, set())
    s.once = s.once + ["wall_of_mirrors"]
    fill_armor(s, ally)
    events.append(public_event(f"{c.cid} fills {ally.cid}'s Armor Track (Wall of Mirrors)", data={"seat": c.seat, "target_seat": ally.seat}))


def imp(s: TundrusState, c: Champion, target: Champion | None, events: list[Event], power: bool = False) -> None:
    pay_energy(s, c, printed_cost(s, c, "summon_imp"), power, set())
    s.once = s.once + ["summon_imp"]
    victims = s.enemies(c) if target is None else [target]
    events.append(public_event(f"{c.cid} summons an imp", data={"seat": c.seat}))
    effects = {}
    for t in victims:
        effects[t.idx] = [magic(s, t, 1, events), []]
    reflect(s, c, effects, events)


def button(s: TundrusState, c: Champion, target: Champion, events: list[Event], power: bool = False) -> None:
    """Roll a single black die: Arcana hurts the chosen enemy, Destruction hurts the user."""
    pay_energy(s, c, BUTTON_COST, power, set())
    s.once = s.once + ["shiny_red_button"]
    g = roll(s, s.data.colour_index["black"])
    events.append(public_event(f"{c.cid} presses the Shiny Red Button: {GLYPHS[g]}", data={"seat": c.seat}))
    if g == ARCANA:
        reflect(s, c, {target.idx: [magic(s, target, 2, events), []]}, events)
    elif g == 5:
        magic(s, c, 2, events)


def reflection(s: TundrusState, c: Champion, events: list[Event]) -> None:
    tokens.place(s, c, "reflection", 1, events)


def gash(s: TundrusState, c: Champion, target: Champion, events: list[Event], power: bool = False) -> None:
    """A Basic Attack on the same enemy with 1 red die from the Stock, no reroll (ruling B7.6:
    rolled even when the Stock has none; Arcana counts as War)."""
    pay_energy(s, c, ONE, power, set())
    s.gash = []
    g = roll(s, s.data.colour_index["red"])
    war = units(g, WAR) + (g == ARCANA)
    events.append(public_event(f"{c.cid} gashes {target.cid}: the red die shows {GLYPHS[g]}",
                               data={"seat": c.seat, "target_seat": target.seat}))
    if war:
        attack(s, c, target, war, events)

