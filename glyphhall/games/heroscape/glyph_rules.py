# cython: annotation_typing=True
"""Glyphs on the battlefield (reference §1.9, §2.1) and Equipment Glyphs (the module,
heroscape-equipment-glyphs.txt): stopping on a glyph, permanent and temporary powers,
equipping, dropping, passing, swapping and losing Equipment Glyphs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.events import public_event

from . import combat, engagement, glyph_effects
from .glyph_effects import d20
from .glyphs import GLYPHS
from .terrain import TERRAINS

if TYPE_CHECKING:
    from .state import HeroscapeState

ON, DEAD = 1, 2

# ---------------------------------------------------------------------------- setup
#: The glyphs a map's unknown glyph ("?", e.g. Virtualscape's '?' glyph) may turn out to be: the
#: classic power glyphs (Brandar has no power of its own, equipment glyphs are a module).
UNKNOWN_GLYPH_CHOICES = tuple(k for k, g in GLYPHS.items() if not g.equipment and g.kind != "artifact")


def place_map_glyphs(s: HeroscapeState) -> None:
    which = s.options["glyphs"]
    for h, key, face in s.board.glyph_spots:
        if key == "?":  # the table draws it: a classic glyph not yet on the map, symbol side up
            on_map = {k for k, _ in s.glyph_at.values()} | {k for _, k, _ in s.board.glyph_spots}
            fresh = [k for k in UNKNOWN_GLYPH_CHOICES if k not in on_map]
            key = s.rng.choice(fresh or UNKNOWN_GLYPH_CHOICES)
        g = GLYPHS[key]
        if which == "none" or (which == "classic" and g.equipment) or (which == "equipment" and not g.equipment):
            continue
        up = face == "power" and s.options["glyph_faces"] == "map"
        s.glyph_at[h] = (key, up)


# ---------------------------------------------------------------------------- stopping
def stop_on(s: HeroscapeState, f: int, events: list[Event]) -> None:
    """f has ended its move: activate any glyph under it (module: Glyphs)."""
    for h in (s.f_hex[f], s.f_tail[f]):
        if h < 0 or h not in s.glyph_at or s.f_state[f] != ON:
            continue
        key, up = s.glyph_at[h]
        g = GLYPHS[key]
        if not up:
            s.glyph_at[h] = (key, True)
            events.append(public_event(f"{s.f_name[f]} turns the glyph on {s.board.labels[h]}: it is {g.name}", data={"seat": s.owner(f)}))
        else:
            events.append(public_event(f"{s.f_name[f]} stops on {g.name}", data={"seat": s.owner(f)}))
        if not up and key == "kelda" and s.options["kelda"] == "rulebook" and s.f_wounds[f] == 0:
            # Ruling: an unwounded figure revealed her by stopping there (it could not know);
            # she heals only a wounded figure, so she stays, power side up, for one.
            events.append(public_event(f"Kelda heals only a wounded figure: {s.f_name[f]} has no wound, so she stays"))
            continue
        if g.kind == "temporary":
            del s.glyph_at[h]
            temporary(s, f, key, h, events)
        elif g.equipment:
            if key == "timebomb" and not s.bomb_armed:
                s.bomb_armed = True
                events.append(public_event("the Time Bomb is armed"))
            if glyph_effects.can_equip(s, f, key):
                # equip, or swap when it carries one by then (turn.pending_actions decides)
                s.pending.append((s.owner(f), "swapglyph" if glyph_effects.carried(s, f) else "equip", f, h))


def end_of_move_swap(s: HeroscapeState, f: int) -> None:
    """Module, Swapping: a figure ending its move next to a friendly equipped figure may swap
    glyphs with it when both can equip both glyphs. A hero that may still equip the glyph it
    stopped on gets the offer after that choice (the partners are found when it is asked)."""
    equipping = bool([p for p in s.pending if p[2] == f and p[1] in ("equip", "swapglyph")])
    if swap_partners(s, f) or (equipping and _equipped_friend_adjacent(s, f)):
        s.pending.append((s.owner(f), "swapfig", f, -1))


def _equipped_friend_adjacent(s: HeroscapeState, f: int) -> bool:
    for g in range(len(s.f_card)):
        if g != f and s.f_state[g] == ON and not s.opposed(f, g) and glyph_effects.carried(s, g) and engagement.adjacent(s, f, g):
            return True
    return False


def swap_partners(s: HeroscapeState, f: int) -> list[int]:
    mine = glyph_effects.carried(s, f) if s.f_state[f] == ON else ""
    if not mine:
        return []
    out = []
    for g in range(len(s.f_card)):
        if g == f or s.f_state[g] != ON or s.opposed(f, g):
            continue
        theirs = glyph_effects.carried(s, g)
        if theirs and engagement.adjacent(s, f, g) and glyph_effects.can_equip(s, f, theirs) and glyph_effects.can_equip(s, g, mine):
            out.append(g)
    return out


def pass_targets(s: HeroscapeState, f: int) -> list[int]:
    key = glyph_effects.carried(s, f)
    if not key:
        return []
    return [g for g in range(len(s.f_card))
            if g != f and s.f_state[g] == ON and not s.opposed(f, g) and not glyph_effects.carried(s, g)
            and glyph_effects.can_equip(s, g, key) and engagement.adjacent(s, f, g)]


def drop_spaces(s: HeroscapeState, f: int) -> list[int]:
    """Module, Dropping: the spaces f occupies (either one of a double-space figure) that can
    take its Equipment Glyph: none with another glyph on it; not a space f is only passing
    through (a friend stands there); not lava (§1.4)."""
    if not glyph_effects.carried(s, f):
        return []
    return [h for h in (s.f_hex[f], s.f_tail[f])
            if h >= 0 and s.occ[h] == f and h not in s.glyph_at and TERRAINS[s.board.terrain[h]].holds_glyphs]


def equip(s: HeroscapeState, f: int, h: int, events: list[Event]) -> None:
    key = s.glyph_at.pop(h)[0]
    s.set_card_field("c_glyph", s.f_card[f], key)
    events.append(public_event(f"{s.f_name[f]} equips {GLYPHS[key].name}", data={"seat": s.owner(f)}))


def swap_with_ground(s: HeroscapeState, f: int, h: int, events: list[Event]) -> None:
    """Module, Swapping: the old glyph goes power-side up on the hero's space, the new one on its card."""
    new = s.glyph_at.pop(h)[0]
    old = s.c_glyph[s.f_card[f]]
    s.set_card_field("c_glyph", s.f_card[f], new)
    s.glyph_at[h] = (old, True)
    events.append(public_event(f"{s.f_name[f]} swaps {GLYPHS[old].name} for {GLYPHS[new].name}", data={"seat": s.owner(f)}))


def swap_between(s: HeroscapeState, f: int, g: int, events: list[Event]) -> None:
    cf, cg = s.f_card[f], s.f_card[g]
    s.c_glyph = s.c_glyph[:]  # shared between clones
    s.c_glyph[cf], s.c_glyph[cg] = s.c_glyph[cg], s.c_glyph[cf]
    events.append(public_event(f"{s.f_name[f]} and {s.f_name[g]} swap Equipment Glyphs", data={"seat": s.owner(f), "target_seat": s.owner(g)}))


def drop(s: HeroscapeState, f: int, h: int, events: list[Event]) -> None:
    c = s.f_card[f]
    key = s.c_glyph[c]
    s.set_card_field("c_glyph", c, "")
    s.glyph_at[h] = (key, True)
    events.append(public_event(f"{s.f_name[f]} drops {GLYPHS[key].name} on {s.board.labels[h]}", data={"seat": s.owner(f)}))


def pass_to(s: HeroscapeState, f: int, g: int, events: list[Event]) -> None:
    cf, cg = s.f_card[f], s.f_card[g]
    key = s.c_glyph[cf]
    s.c_glyph = s.c_glyph[:]  # shared between clones
    s.c_glyph[cf], s.c_glyph[cg] = "", key
    events.append(public_event(f"{s.f_name[f]} passes {GLYPHS[key].name} to {s.f_name[g]}", data={"seat": s.owner(f), "target_seat": s.owner(g)}))


def lost_glyph_spaces(s: HeroscapeState, h: int, level: int) -> list[int]:
    row = s.board.dist_row(h)
    levels = s.board.levels
    return [x for x in range(len(s.board)) if row[x] <= 5 and levels[x] <= level + 5 and glyph_effects.empty_for_glyph(s, x)]


# ---------------------------------------------------------------------------- temporary glyphs
def temporary(s: HeroscapeState, f: int, key: str, h: int, events: list[Event]) -> None:
    effect = GLYPHS[key].effect
    seat = s.owner(f)
    if effect == "heal":
        c = s.f_card[f]
        if s.options["kelda"] == "wiki" and not s.c_def[c].hero:
            events.append(public_event("Kelda heals only Heroes: nothing happens"))
            return
        for g in s.c_figs[c]:
            s.f_wounds[g] = 0
        events.append(public_event(f"Kelda heals {s.c_def[c].name} of every wound", data={"card": s.c_def[c].name, "card_seat": s.c_owner[c]}))
    elif effect == "summon":
        s.pending.append((seat, "summon", f, -1))
    elif effect == "massive_curse":
        for g in range(len(s.f_card)):
            if s.f_state[g] == ON:
                roll = d20(s, s.owner(g))
                if roll <= 1:
                    events.append(public_event(f"Mitonsoul: {s.f_name[g]} rolls {roll}", data={"seat": s.owner(g)}))
                    combat.destroy(s, g, events)
        events.append(public_event("Mitonsoul's curse has passed"))
    elif effect == "revive":
        need = int(s.options["sturla"])
        for g in range(len(s.f_card)):
            if s.f_state[g] == DEAD:
                roll = d20(s, s.owner(g))
                if roll >= need:
                    events.append(public_event(f"Sturla: {s.f_name[g]} rolls {roll} and returns", data={"seat": s.owner(g)}))
                    s.f_wounds[g] = 0
                    s.pending.append((s.owner(g), "place", g, "zone", -1))
    elif effect == "negation":
        s.pending.append((seat, "negate", f, -1))
    elif effect == "intercept_order":
        roll = d20(s, seat)
        theirs = [(o, m) for o in s.opponents(seat)
                  for m in range(4) if s.markers[o][m] >= 0 and not s.revealed[o][m]]
        if roll >= GLYPHS[key].amount and theirs:
            o, m = theirs[s.rng.below(len(theirs))]
            card = s.markers[o][m]
            s.set_marker(o, m, -2, revealed=True)
            events.append(public_event(f"Oreld ({roll}): order marker {'123X'[m]} of seat {o} on "
                                       f"{s.c_def[card].name} is removed"))
        else:
            events.append(public_event(f"Oreld: roll {roll}, no effect"))


def summon_choices(s: HeroscapeState, f: int) -> list[tuple[int, int]]:
    """Erland: any one other single-space figure to an empty space adjacent to the summoner."""
    if s.f_state[f] != ON:
        return []
    spaces: set[int] = set()
    for x in (s.f_hex[f], s.f_tail[f]):
        if x >= 0:
            spaces.update(n for n in s.board.neighbours[x] if s.occ[n] < 0 and n not in s.glyph_at
                          and not TERRAINS[s.board.terrain[n]].obstacle)
    return [(g, h) for g in range(len(s.f_card)) if g != f and s.f_state[g] == ON and s.f_tail[g] < 0
            for h in sorted(spaces) if s.board.fits(h, s.card_of(g).height)]


def negate_choices(s: HeroscapeState, seat: int) -> list[int]:
    return [c for c in range(len(s.c_def)) if s.c_team[c] != s.team[seat] and s.c_def[c].unique
            and not s.c_negated[c]]


def negate(s: HeroscapeState, seat: int, c: int, events: list[Event]) -> None:
    roll = d20(s, seat)
    if roll >= GLYPHS["nilrend"].amount:
        s.set_card_field("c_negated", c, True)
        events.append(public_event(f"Nilrend ({roll}): the special powers of {s.c_def[c].name} are negated", data={"card": s.c_def[c].name, "card_seat": s.c_owner[c]}))
    else:
        events.append(public_event(f"Nilrend: roll {roll}, no effect"))


# ---------------------------------------------------------------------------- round and marker hooks
def wannok(s: HeroscapeState, events: list[Event]) -> None:
    for h, (key, up) in list(s.glyph_at.items()):
        if not up or GLYPHS[key].effect != "wannok" or s.occ[h] < 0:
            continue
        f = s.occ[h]
        seat = s.owner(f)
        roll = d20(s, seat)
        if roll <= 1:
            events.append(public_event(f"Wannok ({roll}): {s.f_name[f]} takes a wound", data={"seat": s.owner(f)}))
            combat.wound(s, f, 1, events)
        else:
            if len(s.opponents(seat)) == 1:
                other = s.opponents(seat)[0]
                events.append(public_event(f"Wannok ({roll}): seat {other} must wound one of their figures"))
                s.pending.append((other, "wannok", -1, -1))
            else:
                events.append(public_event(f"Wannok ({roll}): seat {seat} chooses an opponent to take a wound"))
                s.pending.append((seat, "wannokpick", -1, -1))


def time_bomb_tick(s: HeroscapeState, seat: int, events: list[Event]) -> None:
    """Time Bomb (armed): roll whenever an order marker is revealed. Area from its space, or
    from its carrier's space when equipped (module: area of effect)."""
    if not s.bomb_armed:
        return
    where = -1
    for h, (key, _) in s.glyph_at.items():
        if key == "timebomb":
            where = h
    holder = -1
    for c, key in enumerate(s.c_glyph):
        if key == "timebomb":
            holder = next((f for f in s.c_figs[c] if s.f_state[f] == ON), -1)
            where = s.f_hex[holder] if holder >= 0 else -1
    if where < 0:
        return
    roll = s.rng.randint(1, 20)
    if 4 <= roll <= 19:
        events.append(public_event(f"Time Bomb: roll {roll}, it keeps ticking"))
        return
    if holder >= 0:
        s.set_card_field("c_glyph", s.f_card[holder], "")
    else:
        del s.glyph_at[where]
    s.bomb_armed = False
    if roll == 20:
        events.append(public_event("Time Bomb: roll 20, defused and removed"))
        return
    wounds = 6 if roll == 1 else 2
    events.append(public_event(f"Time Bomb: roll {roll}, it explodes: {wounds} wounds within 3 spaces"))
    row = s.board.dist_row(where)
    hit = [g for g in range(len(s.f_card)) if s.f_state[g] == ON
           and min(row[x] for x in (s.f_hex[g], s.f_tail[g]) if x >= 0) <= GLYPHS["timebomb"].amount]
    for g in hit:
        combat.wound(s, g, wounds, events, blockable=False)
