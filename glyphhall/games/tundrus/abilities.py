# cython: annotation_typing=True
"""Primary Actions (rulebook step 4): a champion Ability, an Item Ability, or the Basic Attack.

An Ability Matches its Glyph Combo with the Active Dice Pool and pays its Resource Cost (Energy
Cubes, or Power Glyphs straight from the pool; Health for the Blood Mage); its effect is a list of
steps in champions.toml. War Glyphs in an Attack Ability's combo also power its Basic Attack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from . import tokens
from .actions import act, act1
from .combat import acts_unarmored, armor_total, attack, lose_health, magic
from .data import SLOTS, WAR, Ability
from .dice import could_match, glyph_supply, match, power_dice, power_units, units
from .state import T_PRIMARY, T_VDEF, T_VWAR
from .tracks import HEALTH, fill_armor, gain_energy, gain_health, spend_energy, strip_temporary

if TYPE_CHECKING:
    from .champion import Champion
    from .state import TundrusState


# --- costs ---------------------------------------------------------------------------------------
def energy_cost(c: Champion, ab: Ability) -> int:
    """The Energy in the Resource Cost; an armed Enchantment token takes 1 off (reference B4)."""
    if c.token("enchantment", armed_only=True) is not None:
        return max(0, ab.energy - 1)
    return ab.energy


def can_pay_energy(s: TundrusState, c: Champion, amount: cython.int, skip: set[int] | frozenset[int]) -> bool:
    have = c.energy()
    return amount <= have or amount <= have + power_units(s.pool, skip)


def pay_energy(s: TundrusState, c: Champion, amount: int, power_first: bool, skip: set[int]) -> str:
    """Pay Energy with cubes and/or unused Power Glyphs (rulebook Reference > Power Glyph); what the
    player already paid for this action (`energy.pick`) counts first."""
    if s.prepaid:
        use = min(amount, s.prepaid)
        s.prepaid -= use
        amount -= use
    if amount <= 0:
        return "the Energy chosen"
    from_dice = min(amount, power_units(s.pool, skip)) if power_first else max(0, amount - c.energy())
    dice = power_dice(s.pool, from_dice, skip) if from_dice else []
    covered = sum([units(s.pool[i][3], 2) or 1 for i in dice])
    for i in dice:
        s.pool[i] = s.pool[i][:4] + (True,) + s.pool[i][5:]
        skip.add(i)
    cubes = max(0, amount - covered)
    spend_energy(s, c, cubes)
    parts = []
    if cubes:
        parts.append(f"{cubes} Energy")
    if dice:
        parts.append(f"{len(dice)} Power {'die' if len(dice) == 1 else 'dice'}")
    return " and ".join(parts)


def _mark(s: TundrusState, idx: list[int]) -> None:
    for i in idx:
        d = s.pool[i]
        s.pool[i] = (d[0], d[1], d[2], d[3], True, d[5])


# --- enumerating Primary Actions --------------------------------------------------------------
def target_sets(s: TundrusState, c: Champion, kind: str) -> list[tuple[Champion, ...]]:
    allies, enemies = s.allies(c), s.enemies(c)
    if kind == "none":
        return [()]
    if kind == "enemy":
        return [(e,) for e in enemies]
    if kind == "ally":
        return [(a,) for a in allies]
    if kind == "other_ally":
        others: list[tuple[Champion, ...]] = [(a,) for a in allies if a is not c]
        return others or [()]  # with no other ally, the Ability still affects its user
    if kind == "enemy_or_self":
        return [(e,) for e in enemies + [c]]
    if kind == "allies_up_to_2":
        out: list[tuple[Champion, ...]] = [(a,) for a in allies]
        out += [(a, b) for i, a in enumerate(allies) for b in allies[i + 1:]]
        return out
    raise ValueError(kind)


def primary_actions(s: TundrusState, c: Champion) -> list[Action]:
    out: list[Action] = []
    no_attack = c.token("vertigo_powder", armed_only=True) is not None
    virt = (s.turn[T_VWAR], s.turn[T_VDEF])
    held = frozenset(s.marks)  # dice the player holds back from the Primary Action
    if not no_attack:
        war = units_total(s, arcana=False)
        arcana = units_total(s, arcana=True) > war
        for e in s.enemies(c):
            if war:
                out.append(act1("attack", e.cid))
            if arcana:
                out.append(act("attack", (e.cid, "arcana")))
    # ability_for, inlined: each name is one of the champion's own abilities
    known = s.data.abilities
    named = [(name, item_ability(s, c, name) if name in SLOTS else known[name])
             for name in s.data.champions[c.cid].abilities]
    if c.token("disarm", armed_only=True) is None:
        for slot in SLOTS:  # each Item ability built once, not again by ability_for
            item_ab = item_ability(s, c, slot)
            if item_ab is not None:
                named.append((slot, item_ab))
    supply = glyph_supply(s.pool, held)
    for name, ab in named:
        assert ab is not None
        if no_attack and ab.is_attack:
            continue
        if not could_match(supply, ab.combo, virt):
            continue
        m = match(s.pool, ab.combo, virt, held)
        if m is None:
            continue
        skip = held.union(m[0])
        energy = energy_cost(c, ab)
        if not can_pay_energy(s, c, energy, skip) or (ab.health and c.health <= ab.health):
            continue
        verb = "ability" if ab.owner != "item" else "item"
        variants: list[tuple[str, ...]] = [()]
        if energy and c.energy() and power_units(s.pool, skip):
            variants.append(("power",))
        for targets in target_sets(s, c, ab.target):
            for extra in variants:
                out.append(act(verb, (name,) + tuple([t.cid for t in targets]) + extra))
    return out


def item_ability(s: TundrusState, c: Champion, slot: str) -> Ability | None:
    """The Primary-Action ability of the Item Equipped in `slot`, with the card's combo and cost."""
    iid = c.slots[SLOTS.index(slot)]
    if not iid:
        return None
    item = s.data.items[iid]
    known = _ITEM_ABILITIES.get(iid)
    if known is not None and known[0] is item:
        return known[1]
    ab: Ability | None = None
    if item and item.ability and s.data.item_abilities[item.ability].kind == "primary":
        base = s.data.abilities[item.ability]
        ab = Ability(base.id, base.name, "item", False, item.combo or base.combo, item.energy, 0, base.target,
                     base.steps, base.text)
    _ITEM_ABILITIES[iid] = (item, ab)
    return ab


#: Item id -> (the Item, its Primary-Action ability or None): built once per Item card (an
#: Ability is immutable), not on every listing of the Primary Actions.
_ITEM_ABILITIES: dict[str, tuple[Any, Ability | None]] = {}


def ability_for(s: TundrusState, c: Champion, name: str) -> Ability | None:
    """A champion ability id of `c`, or a slot name for the Item Ability equipped there."""
    if name in SLOTS:
        return item_ability(s, c, name)
    if name in s.data.champions[c.cid].abilities:
        return s.data.abilities[name]
    return None


def units_total(s: TundrusState, arcana: bool) -> int:
    n = s.turn[T_VWAR]
    for i, d in enumerate(s.pool):
        if not d[4] and i not in s.marks:
            n += units(d[3], WAR) + (arcana and d[3] == 4)
    return n


# --- resolving --------------------------------------------------------------------------------
def basic_attack(s: TundrusState, c: Champion, target: Champion, arcana: bool, events: list[Event]) -> None:
    """The plain Basic Attack (step 4c): every War Glyph powers it; Arcana only when asked and
    only as many as can still remove Armor or deal the damage."""
    war = s.turn[T_VWAR]
    s.turn[T_VWAR] = 0
    used = []
    for i, d in enumerate(s.pool):
        if not d[4] and units(d[3], WAR) and i not in s.marks:
            war += units(d[3], WAR)
            used.append(i)
    if arcana:
        cap = 2 if c.token("bear_form", armed_only=True) is not None else 1
        armor = 0 if acts_unarmored(s, c, target) else armor_total(s, target)
        for i, d in enumerate(s.pool):
            if war >= armor + cap:
                break
            if not d[4] and d[3] == 4 and i not in s.marks:
                war += 1
                used.append(i)
    _mark(s, used)
    s.turn[T_PRIMARY] = 1
    lost = attack(s, c, target, war, events)
    if lost and target.tribe != c.tribe:
        s.gash = [target.idx]


def resolve(
    s: TundrusState, c: Champion, ab: Ability, targets: tuple[Champion, ...], power_first: bool, events: list[Event]
) -> None:
    """Match, pay, then apply the ability's steps; Reflection answers afterwards."""
    held = frozenset(s.marks)
    m = match(s.pool, ab.combo, (s.turn[T_VWAR], s.turn[T_VDEF]), held)
    assert m is not None, "resolve() called for an ability that does not Match"
    used, vused = m
    _mark(s, used)
    s.turn[T_VWAR] -= vused[0]
    s.turn[T_VDEF] -= vused[1]
    skip = set(used) | held
    paid = pay_energy(s, c, energy_cost(c, ab), power_first, skip)
    if ab.health:
        c.health -= ab.health
        s.cubes[HEALTH] += ab.health
        paid = (paid + " and " if paid else "") + f"{ab.health} Health"
    s.turn[T_PRIMARY] = 1
    where = "" if not targets else " on " + ", ".join(t.cid for t in targets)
    events.append(public_event(f"{c.cid} uses {ab.name}{where}" + (f", paying {paid}" if paid else ""),
                               data={"seat": c.seat, "owners": (c.seat, *(t.seat for t in targets))}))
    war = 0
    if ab.is_attack:  # the combo's War Glyphs and every other unused one power the attack
        war = ab.combo[WAR] + s.turn[T_VWAR]
        s.turn[T_VWAR] = 0
        more = [i for i, d in enumerate(s.pool) if not d[4] and units(d[3], WAR) and i not in held]
        war += sum(units(s.pool[i][3], WAR) for i in more)
        _mark(s, more)
    effects: dict[int, list[Any]] = {}  # champion idx -> [health lost, [(token, side)]]
    run_steps(s, c, ab, targets, war, events, effects)
    reflect(s, c, effects, events)
    s.gash = [i for i, (lost, _) in effects.items() if lost and s.champs[i].tribe != c.tribe
              and not s.champs[i].defeated]


def run_steps(
    s: TundrusState, c: Champion, ab: Ability, targets: tuple[Champion, ...], war: int,
    events: list[Event], effects: dict[int, list[Any]],
) -> None:
    def note(t: Champion, lost: int = 0, token: tuple[str, int] | None = None) -> None:
        e = effects.setdefault(t.idx, [0, []])
        e[0] += lost
        if token:
            e[1].append(token)

    lost_total = 0
    for step in ab.steps:
        op, who = step["op"], step.get("who", "target")
        if op == "attack":
            mode = step.get("mode", "single")
            victims = s.enemies(c) if mode == "each_enemy" else list(targets)
            for t in victims:
                if t.defeated or s.phase == "over":
                    continue
                if t is c:  # Sacrificial Offering on himself: automatic success, 1 damage
                    lost = lose_health(s, c, 1, events)
                else:
                    lost = attack(s, c, t, war, events, "unlimited" if mode == "unlimited" else "single")
                lost_total += lost
                note(t, lost)
            continue
        group = _who(s, c, who, targets)
        for t in group:
            if t.defeated or s.phase == "over":
                continue
            if op == "magic":
                lost = magic(s, t, int(step["amount"]), events)
                lost_total += lost
                note(t, lost)
            elif op == "fill_armor":
                fill_armor(s, t)
                events.append(public_event(f"{t.cid}'s Armor Track is filled", data={"seat": t.seat}))
            elif op == "heal":
                got = gain_health(s, t, int(step["amount"]))
                events.append(public_event(f"{t.cid} gains {got} Health", data={"seat": t.seat}))
            elif op == "token":
                side = int(step.get("side", 1))
                tokens.place(s, t, step["token"], side, events)
                note(t, 0, (step["token"], side))
            elif op == "strip_temporary_armor":
                n = strip_temporary(s, t)
                events.append(public_event(f"{t.cid} loses {n} Temporary Armor", data={"seat": t.seat}))
        if op == "energy_if_damaged" and lost_total and not c.defeated:
            got = gain_energy(s, c, int(step["amount"]))
            events.append(public_event(f"{c.cid} gains {got} Energy", data={"seat": c.seat}))


def _who(s: TundrusState, c: Champion, who: str, targets: tuple[Champion, ...]) -> list[Champion]:
    if who == "target":
        return list(targets)
    if who == "self":
        return [c]
    if who == "each_enemy":
        return s.enemies(c)
    if who == "other_enemies":
        return [e for e in s.enemies(c) if e not in targets]
    if who == "each_ally":
        return s.allies(c)
    if who == "each_other_ally":
        return [a for a in s.allies(c) if a is not c]
    if who == "all":  # enemies first: a Tribe wins the moment the other is gone
        return s.enemies(c) + s.allies(c)
    return []


def reflect(s: TundrusState, c: Champion, effects: dict[int, list[Any]], events: list[Event]) -> None:
    """Reflection: the same result is applied to the active champion (glossary; ruling: the
    Health lost, as Magic Damage, and the same tokens)."""
    for idx, (lost, toks) in effects.items():
        t = s.champs[idx]
        if t.tribe == c.tribe or "reflection" not in t.tokens or s.phase == "over":
            continue
        del t.tokens["reflection"]
        events.append(public_event(f"{t.cid}'s Reflection turns the result back on {c.cid}", data={"seat": t.seat, "target_seat": c.seat}))
        if lost:
            magic(s, c, lost, events)
        for tid, side in toks:
            tokens.place(s, c, tid, side, events)

