# cython: annotation_typing=True
"""Combat (reference §1.6, §1.7): combat dice, attack and defense dice with every modifier,
height advantage, wounds, destruction, and the powers that change an attack's outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.events import public_event

from . import engagement, glyph_effects, los

if TYPE_CHECKING:
    from .state import HeroscapeState

ON, DEAD = 1, 2
# A combat die: faces 0-2 skulls, 3-4 shields, 5 blank (3 skulls, 2 shields, 1 blank).
SKULL_FACES = 3


def _count(n: int, one: str, many: str | None = None) -> str:
    """'1 skull', '2 skulls'."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def roll_skulls(s: HeroscapeState, n: int) -> int:
    return len([1 for _ in range(max(0, n)) if s.rng.below(6) < SKULL_FACES])


def roll_shields(s: HeroscapeState, n: int) -> int:
    return len([1 for _ in range(max(0, n)) if 3 <= s.rng.below(6) <= 4])


def height_bonus(s: HeroscapeState, hi: int, lo: int) -> int:
    """Dice figure `hi` gains from standing higher than `lo`: +1, or +2 for extreme height
    (classic: base 10+ levels above the top of the lower figure; aoa: above its base)."""
    levels = s.board.levels
    a, b = levels[s.f_hex[hi]], levels[s.f_hex[lo]]
    if a <= b:
        return 0
    reach = b + (s.card_of(lo).height if s.options["extreme_height"] == "classic" else 0)
    return 2 if a >= reach + 10 else 1


def effective_range(s: HeroscapeState, f: int, base: int | None = None) -> int:
    """Range with Lorja-style glyph bonuses and Range Enhancement; `base` (the card's Range
    with the glyph bonus of its controller) may be precomputed."""
    d = s.card_of(f)
    if base is not None:
        rng = base
    else:
        rng = d.range
        if rng >= 4:
            rng += glyph_effects.permanent_amount(s, s.owner(f), "range_long")
    if d.species == "soulborg" and d.klass == "guards":
        for g in range(len(s.f_card)):
            if (s.f_state[g] == ON and g != f and s.side(g) == s.side(f)
                    and s.has_power(g, "range_enhancement") and engagement.adjacent(s, f, g)):
                rng += 2
                break
    return rng


def _friends_adjacent_with(s: HeroscapeState, f: int, power: str) -> int:
    me = s.side(f)  # friendly figures: your own and your teammates' (reference §1.4)
    return len([g for g in range(len(s.f_card))
                if g != f and s.f_state[g] == ON and s.side(g) == me and s.has_power(g, power)
                and engagement.adjacent(s, f, g)])


def attack_dice(s: HeroscapeState, a: int, d: int, base: int) -> int:
    """Dice for a normal attack by a on d starting from `base` (the Attack number used)."""
    card = s.card_of(a)
    seat = s.owner(a)
    n = base + s.c_atk[s.f_card[a]] + height_bonus(s, a, d)
    n += glyph_effects.permanent_amount(s, seat, "attack_all")
    n += glyph_effects.permanent_amount(s, seat, "attack_unique" if card.unique else "attack_common")
    n += glyph_effects.carried_amount(s, a, "ring")
    if card.range == 1:
        n += _friends_adjacent_with(s, a, "attack_aura")
    if s.has_power(a, "sword_of_reckoning") and engagement.adjacent(s, a, d):
        n += 4
    if card.klass == "warriors" and card.species == "orc":
        n += _friends_adjacent_with(s, a, "orc_warrior_enhancement")
    if s.has_power(a, "zettian_targeting") and s.zettian_target == d:
        n += 1
    return n


def defense_dice(s: HeroscapeState, d: int) -> int:
    card = s.card_of(d)
    seat = s.owner(d)
    n = card.defense + s.c_dfn[s.f_card[d]]
    n += glyph_effects.permanent_amount(s, seat, "defense_all")
    n += glyph_effects.carried_amount(s, d, "ring")
    n += _friends_adjacent_with(s, d, "defensive_aura")
    if card.klass == "warriors" and card.species == "orc":
        n += _friends_adjacent_with(s, d, "orc_warrior_enhancement")
    for g in range(len(s.f_card)):
        # Raelin's card says "your other figures": her controller's, not a teammate's
        if (g != d and s.f_state[g] == ON and s.owner(g) == seat and s.has_power(g, "raelin_defensive_aura")
                and los.clear_sight(s, g, d, 4)):
            n += 2
            break
    n -= glyph_effects.kryptonite_penalty(s, d)
    return max(0, n)


def resolve(s: HeroscapeState, a: int, targets: list[int], dice: int, normal: bool,
            events: list[Event], what: str) -> None:
    """One attack roll of `dice` against each target in turn (one roll for all targets of a
    special attack); each target rolls its own defense."""
    skulls = roll_skulls(s, dice)
    continue_resolving(s, a, targets, dice, skulls, normal, events, what)


def continue_resolving(s: HeroscapeState, a: int, targets: list[int] | tuple[int, ...], dice: int, skulls: int,
                       normal: bool, events: list[Event], what: str) -> None:
    """Resolve the roll against the targets left. With two or more, the attacker's player picks
    which defends next (reference §1.6: multi-target special attacks, attacker picks the
    resolution order): a pending decision, answered by `resolve <figure>`."""
    while True:
        live = [d for d in targets if s.f_state[d] == ON]
        if not live:
            return
        if len(live) >= 2 and a >= 0:
            s.pending.append((s.c_owner[s.f_card[a]], "target_order", a, tuple(live), dice, skulls, normal, what))
            return
        defend(s, a, live[0], dice, skulls, normal, events, what)
        targets = live[1:]


def defend(s: HeroscapeState, a: int, d: int, dice: int, skulls: int, normal: bool,
           events: list[Event], what: str) -> None:
    """Target d rolls its defense against `skulls`; wounds, Stealth Dodge, Counter Strike."""
    block = defense_dice(s, d) + height_bonus(s, d, a) if a >= 0 else defense_dice(s, d)
    shields = roll_shields(s, block)
    wounds = max(0, skulls - shields)
    note = ""
    if (wounds and shields and s.has_power(d, "stealth_dodge") and a >= 0
            and not engagement.adjacent(s, a, d)):
        wounds, note = 0, " (Stealth Dodge)"
    events.append(public_event(
        f"{what}: {s.f_name[a] if a >= 0 else 'it'} rolls {_count(dice, 'die', 'dice')}, {_count(skulls, 'skull')}; "
        f"{s.f_name[d]} rolls {block}, {_count(shields, 'shield')}{note}" + ("; no wound" if wounds <= 0 else ""),
        data={"attacker": s.f_name[a] if a >= 0 else None, "defender": s.f_name[d],
              "skulls": skulls, "shields": shields,
              "seat": s.owner(a) if a >= 0 else None, "target_seat": s.owner(d)}))
    wound(s, d, wounds, events)
    if (normal and a >= 0 and shields > skulls and s.has_power(d, "counter_strike")
            and s.card_of(a).klass != "samurai" and s.f_state[a] == ON and engagement.adjacent(s, a, d)):
        back = shields - skulls
        events.append(public_event(f"{s.f_name[d]} counter strikes {s.f_name[a]} for {back}", data={"seat": s.owner(d), "target_seat": s.owner(a)}))
        wound(s, a, back, events)


def wound(s: HeroscapeState, f: int, n: int, events: list[Event], *, blockable: bool = True) -> bool:
    """Put n wound markers on f; it loses its equipment glyph and is destroyed at its Life.
    Returns True if destroyed."""
    if n <= 0 or s.f_state[f] != ON:
        return False
    s.f_wounds[f] += n
    events.append(public_event(f"{s.f_name[f]} takes {n} wound{'s' if n != 1 else ''}",
                               data={"figure": s.f_name[f], "wounds": n, "seat": s.owner(f)}))
    glyph_effects.lose_equipment(s, f, events)
    if s.f_wounds[f] >= s.card_of(f).life:
        destroy(s, f, events)
        return True
    return False


def destroy(s: HeroscapeState, f: int, events: list[Event]) -> None:
    if s.f_state[f] != ON:
        return
    glyph_effects.lose_equipment(s, f, events)
    for h in (s.f_hex[f], s.f_tail[f]):
        if h >= 0 and s.occ[h] == f:
            s.occ[h] = -1
    s.f_state[f] = DEAD
    s.f_hex[f] = s.f_tail[f] = -1
    events.append(public_event(f"{s.f_name[f]} is destroyed", data={"destroyed": s.f_name[f], "seat": s.owner(f)}))
    if s.moving == f:
        s.moving = -1
        s.moved.append(f)
    seat = s.owner(f)
    for power, kind in (("attack_spirit", "atk"), ("armor_spirit", "dfn")):
        if s.has_power(f, power):
            s.pending.append((seat, "spirit", kind, s.f_card[f]))
