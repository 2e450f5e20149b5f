# cython: annotation_typing=True
"""Army card special powers that are choices in a turn (reference §3): attacks and special
attacks with their targets, and the powers used after moving and before attacking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.events import public_event

from . import combat, engagement, los, movement
from .glyph_effects import d20
from .glyphs import GLYPHS
from .terrain import OBSTACLES

if TYPE_CHECKING:
    from .state import HeroscapeState

ON, DEAD = 1, 2
DIR_NAMES = ("e", "ne", "nw", "w", "sw", "se")
SMALL_OR_MEDIUM = ("small", "medium")


# ---------------------------------------------------------------------------- normal attacks
def may_target(s: HeroscapeState, a: int, d: int, rng: int, *, normal: bool = True) -> bool:
    """Range, line of sight, the engagement limit and Thorian rules for an attack by a on d."""
    if d == a or s.f_state[d] != ON:
        return False
    if s.c_team[s.f_card[d]] == s.c_team[s.f_card[a]] and not s.options["friendly_fire"]:
        return False
    if los.fig_range(s, a, d) > rng:
        return False
    engaged = engagement.engaged_with(s, a)
    if engaged and d not in engaged:
        return False
    adjacent = d in engaged or engagement.adjacent(s, a, d)
    if normal and not adjacent and (s.c_owner[s.f_card[d]] in thorian_seats(s) or s.has_power(d, "thorian_speed")):
        return False
    return adjacent or los.line_of_sight(s, a, d)


def attack_targets(s: HeroscapeState, a: int, foes: list[tuple[int, int]], rng: int, engaged: list[int],
                   thorian: set[int]) -> list[int]:
    """The figures among `foes` that a may attack with a normal attack of range `rng`: what
    `may_target` answers for each, for a whole list at once (listing attacks asks for every
    figure in reach). `foes`: (figure, range from a) for figures on the battlefield other than
    a that its side may attack; `engaged`, `thorian`: as for may_target."""
    if engaged:  # only figures a is engaged with: adjacent, so no line of sight is needed
        return [d for d, dist in foes if dist <= rng and d in engaged]
    owner, card = s.c_owner, s.f_card
    out = []
    for d, dist in foes:
        if dist > rng:
            continue
        adjacent = dist <= 1 and engagement.adjacent(s, a, d)  # (a teammate, with friendly fire)
        shielded = owner[card[d]] in thorian or s.has_power(d, "thorian_speed")
        if adjacent or not shielded and los.line_of_sight(s, a, d):
            out.append(d)
    return out


_THORIAN = frozenset(k for k, g in GLYPHS.items() if g.effect == "thorian")


def thorian_seats(s: HeroscapeState) -> set[int]:
    """Seats with a figure on a Thorian glyph (power side up): only adjacent figures may
    attack their figures with normal attacks."""
    # Thorian's amount is 0 in the data (it is a rule, not a number): look for occupancy.
    out = set()
    occ = s.occ
    for h, (key, up) in s.glyph_at.items():
        if up and occ[h] >= 0 and key in _THORIAN:  # usually no glyph has a figure on it
            out.add(s.owner(occ[h]))
    return out


def attack_left(s: HeroscapeState, f: int) -> bool:
    used = s.attacks.count(f)
    return used < (2 if s.has_power(f, "double_attack") else 1)


def normal_attack(s: HeroscapeState, a: int, d: int, events: list[Event], *, shuriken: bool = False) -> None:
    base = GLYPHS["shuriken"].attack if shuriken else s.card_of(a).attack
    dice = combat.attack_dice(s, a, d, base)
    combat.resolve(s, a, [d], dice, True, events, "attack")
    if s.has_power(a, "zettian_targeting"):
        s.zettian_target = d


# ---------------------------------------------------------------------------- special attacks
def fire_lines(s: HeroscapeState, f: int) -> list[tuple[int, int, list[int]]]:
    """Mimring's Fire Line: (from hex, direction, affected figures) for each line that would
    affect a figure: 8 spaces straight from either hex; figures on them in line of sight."""
    out = []
    rays = s.board.rays
    head, tail = s.f_hex[f], s.f_tail[f]
    for start in (head, tail):
        for di, ray in enumerate(rays[start]):
            hit = []
            for h in ray:
                if h in (head, tail):
                    continue
                o = s.occ[h]
                if o >= 0 and o != f and o not in hit and los.line_of_sight(s, f, o):
                    hit.append(o)
            if hit:
                out.append((start, di, hit))
    return out


def explosion_targets(s: HeroscapeState, f: int) -> list[int]:
    return [d for d in range(len(s.f_card)) if may_target(s, f, d, 7, normal=False)]


def splash(s: HeroscapeState, d: int) -> list[int]:
    """The target and every figure adjacent to it (Explosion, Grenade)."""
    return [d] + [g for g in range(len(s.f_card)) if g != d and s.f_state[g] == ON and engagement.adjacent(s, d, g)]


def grenade_targets(s: HeroscapeState, f: int) -> list[int]:
    """Range 5, Lob 12: no line of sight needed, but no column on the straight line may be
    more than 12 levels above the thrower's base."""
    out = []
    top = s.level(f) + 12
    for d in range(len(s.f_card)):
        if d == f or s.f_state[d] != ON or los.fig_range(s, f, d) > 5:
            continue
        if not s.opposed(d, f) and not s.options["friendly_fire"]:
            continue
        if engagement.is_engaged(s, f) and not engagement.engaged(s, f, d):
            continue
        line = [h for _, h in s.board.line_hexes(s.f_hex[f], s.f_hex[d], 1e-6)]
        walls = s.board.walls
        if all(s.board.levels[h] <= top for h in line) and all(
                walls.get((a, b), 0) <= top for a, b in zip(line, line[1:], strict=False)):  # ruin walls
            out.append(d)
    return out


# ---------------------------------------------------------------------------- before attacking
def chomp_targets(s: HeroscapeState, f: int) -> list[int]:
    return [d for d in range(len(s.f_card)) if s.f_state[d] == ON and s.opposed(d, f)
            and s.card_of(d).size in SMALL_OR_MEDIUM and engagement.adjacent(s, f, d)]


def chomp(s: HeroscapeState, f: int, d: int, events: list[Event]) -> None:
    if not s.card_of(d).hero:
        events.append(public_event(f"{s.f_name[f]} chomps {s.f_name[d]}", data={"seat": s.owner(f), "target_seat": s.owner(d)}))
        combat.destroy(s, d, events)
        return
    roll = d20(s, s.owner(f))
    events.append(public_event(f"{s.f_name[f]} tries to chomp {s.f_name[d]}: d20 {roll}", data={"seat": s.owner(f), "target_seat": s.owner(d)}))
    if roll >= 16:
        combat.destroy(s, d, events)


def shackle_targets(s: HeroscapeState, f: int) -> list[int]:
    return [d for d in range(len(s.f_card)) if s.f_state[d] == ON and s.opposed(d, f)
            and s.card_of(d).unique and engagement.adjacent(s, f, d)]


def shackle(s: HeroscapeState, f: int, d: int, events: list[Event]) -> None:
    """Mind Shackle 20: take the card and all its figures; its order markers are removed.
    Ruling: an Equipment Glyph on that card goes with it."""
    seat = s.owner(f)
    roll = d20(s, seat)
    c = s.f_card[d]
    if roll < 20:
        events.append(public_event(f"{s.f_name[f]} tries Mind Shackle on {s.f_name[d]}: d20 {roll}, it resists", data={"seat": s.owner(f), "target_seat": s.owner(d)}))
        return
    old = s.c_owner[c]
    for m in range(4):
        if s.markers[old][m] == c:
            s.set_marker(old, m, -2, revealed=True)
    s.set_card_field("c_owner", c, seat)
    s.set_card_field("c_team", c, s.team[seat])
    events.append(public_event(f"{s.f_name[f]} Mind Shackles {s.c_def[c].name} (d20 {roll}): seat {seat} takes control",
                               data={"seat": seat, "card": s.c_def[c].name, "card_seat": old}))


def berserk(s: HeroscapeState, f: int, events: list[Event]) -> None:
    roll = d20(s, s.owner(f))
    if roll >= 15:
        events.append(public_event(f"Berserker Charge: d20 {roll}, Tarn Viking Warriors move again",
                                   data={"card": "Tarn Viking Warriors", "card_seat": s.owner(f)}))
        card = s.f_card[f]
        s.moved = [g for g in s.moved if s.f_card[g] != card]
        s.stage = 0
    else:
        events.append(public_event(f"Berserker Charge: d20 {roll}, no charge"))
        s.used.append("berserk failed")  # no further charge this turn (the card's FAQ)
        s.stage = 1


def water_clone(s: HeroscapeState, c: int, events: list[Event]) -> None:
    seat = s.c_owner[c]
    dead = [f for f in s.c_figs[c] if s.f_state[f] == DEAD]
    for f in s.c_figs[c]:
        if s.f_state[f] != ON or not dead:
            continue
        need = 10 if s.board.terrain[s.f_hex[f]] == "w" else 15
        roll = d20(s, seat)
        events.append(public_event(f"Water Clone: {s.f_name[f]} rolls {roll} (needs {need})", data={"seat": s.owner(f)}))
        if roll >= need:
            g = dead.pop(0)
            s.f_wounds[g] = 0
            s.pending.append((seat, "place", g, "adjacent", s.f_hex[f]))


def rod_targets(s: HeroscapeState, f: int) -> list[int]:
    reach = GLYPHS["rod"].amount
    return [d for d in range(len(s.f_card)) if s.f_state[d] == ON and s.opposed(d, f)
            and los.clear_sight(s, f, d, reach)]


def rod(s: HeroscapeState, f: int, d: int, events: list[Event]) -> None:
    roll = d20(s, s.owner(f))
    wounds = 0 if roll <= 10 else (1 if roll <= 18 else 2)
    events.append(public_event(f"Cosmic Control Rod: {s.f_name[f]} targets {s.f_name[d]}, d20 {roll}", data={"seat": s.owner(f), "target_seat": s.owner(d)}))
    combat.wound(s, d, wounds, events)


def grapple_spaces(s: HeroscapeState, f: int) -> list[int]:
    """Grapple Gun 25: exactly one space, up to 25 levels higher (single-space figures)."""
    if s.f_tail[f] >= 0:
        return []
    lv = s.board.levels
    here = s.f_hex[f]
    return [n for n in s.board.neighbours[here] if s.occ[n] < 0 and lv[n] - lv[here] <= 25
            and s.board.terrain[n] not in OBSTACLES and n not in s.board.wall_nbrs[here]
            and s.board.fits(n, s.card_of(f).height)
            and not movement._kelda_blocks(s, f, n)]


def teleport_spaces(s: HeroscapeState, f: int) -> list[int]:
    """Boom Tube (carried, proposal): any empty space (no figure, no glyph) within 10 spaces."""
    if s.f_tail[f] >= 0:
        return []
    row = s.board.dist_row(s.f_hex[f])
    reach = GLYPHS["boomtube"].amount
    height = s.card_of(f).height
    return [h for h in range(len(s.board)) if 0 < row[h] <= reach and s.occ[h] < 0 and h not in s.glyph_at
            and s.board.terrain[h] not in OBSTACLES and s.board.fits(h, height)]
