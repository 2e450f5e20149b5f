# cython: annotation_typing=True
"""A player's turn as small decisions (reference §1.3): move figures step by step, use powers
that come after moving, attack, end the turn and pass play on (the pending decisions that
interrupt play are in decisions.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event
from glyphhall.engine.events import public_event

from . import combat, engagement, glyph_effects, glyph_rules, los, movement, paths, powers
from .actions import END, act
from .glyph_effects import d20
from .glyphs import GLYPHS
from .standing import standing

if TYPE_CHECKING:
    from .state import HeroscapeState

RESERVE, ON, DEAD, UNUSED = 0, 1, 2, 3
# Turn stages: 0 moving allowed, 1 after moving (powers before attacking), 2 attacking,
# 3 no attacks left (Water Clone is used instead of attacking).
MOVE, AFTER_MOVE, ATTACK, DONE = 0, 1, 2, 3


def start_turn(s: HeroscapeState, c: int) -> None:
    s.active_card = c
    s.stage = MOVE
    s.moved = []
    s.moving = -1
    s.move_left = 0
    s.road_left = 0
    s.start_engaged = []
    s.swiped = []
    s.attacks = []
    s.zettian_target = -1
    s.used = []


def end_turn(s: HeroscapeState, events: list[Event]) -> None:
    c = s.active_card
    if s.c_grenade[c] == 1:
        s.set_card_field("c_grenade", c, 2)
    events.append(public_event(f"seat {s.c_owner[c]} ends the turn of {s.c_def[c].name}"))
    advance(s)


def advance(s: HeroscapeState) -> None:
    s.active_card = -1
    s.turn_pos += 1
    if s.turn_pos >= len(s.init_order):
        s.turn_pos = 0
        s.turn_no += 1


# ---------------------------------------------------------------------------- turn actions
def _lab(s: HeroscapeState, h: int) -> str:
    return s.board.labels[h]


@cython.locals(f=cython.Py_ssize_t, c=cython.Py_ssize_t, reach=cython.Py_ssize_t, row=list, f_hex=list, dmat=list,
               name=list, tails=list)
def turn_actions(s: HeroscapeState) -> list[Action]:
    c = s.active_card
    name = s.f_name
    out: list[Action] = []
    if s.moving >= 0:
        f = s.moving
        cached = s.step_cache
        steps = cached[1] if cached is not None and cached[0] == f else movement.step_options(s, f, s.move_left)
        out += step_actions(s, f, steps)
        if movement.stoppable(s, f, s.f_hex[f], s.f_tail[f]):
            out.append(act("stop", (name[f],)))
        if s.f_tail[f] >= 0 and f"flip{f}" not in s.used and movement.can_finish_flipped(s, f, s.move_left):
            out.append(act("flip", (name[f],)))
        if s.c_glyph[s.f_card[f]]:  # only a card with an Equipment Glyph has drops and passes
            out += _equipment_actions(s, [f])
        return out
    figs = [f for f in s.c_figs[c] if s.f_state[f] == ON]
    # every figure in `figs` belongs to card c: its powers and carried glyph are the card's
    card = s.c_def[c]
    card_powers = frozenset() if s.c_negated[c] else card.powers
    carrying = s.c_glyph[c] if card.hero else ""
    used = s.used
    seat = s.c_owner[c]
    # permanent glyphs (Valda, Thorian, Proftaka's pit, Dagmar...) act only with a figure on
    # them, which is rare: without one, their looks are skipped
    held = glyph_effects.glyph_held(s)
    if s.stage == MOVE:
        moved, tails = s.moved, s.f_tail
        valda = glyph_effects.permanent_amount(s, seat, "move_all") if held else 0  # the same for the whole card
        flying, ghost = bool(figs) and movement.flies(s, figs[0]), "ghost_walk" in card_powers  # the card's
        for f in figs:
            if f in moved or held and not movement.may_start_moving(s, f):
                continue
            road = movement.road_bonus(s, f)  # (as movement.start_move will give it)
            left = movement.move_allowance(s, f, valda) + road
            out += step_actions(s, f, movement.step_options(s, f, left, flying, ghost, road))
            if tails[f] >= 0 and f"flip{f}" not in used:
                out.append(act("flip", (name[f],)))
            if "grapple_gun" in card_powers:
                out += [Action("grapple", (name[f], _lab(s, h))) for h in powers.grapple_spaces(s, f)]
            if carrying == "boomtube":
                out += [Action("teleport", (name[f], _lab(s, h))) for h in powers.teleport_spaces(s, f)]
    if carrying:
        out += _equipment_actions(s, figs)
    if s.stage <= AFTER_MOVE:
        if "chomp" in card_powers and "chomp" not in used:
            for f in figs:
                out += [Action("chomp", (name[f], name[d])) for d in powers.chomp_targets(s, f)]
        if "mind_shackle" in card_powers and "shackle" not in used:
            for f in figs:
                out += [Action("shackle", (name[f], name[d])) for d in powers.shackle_targets(s, f)]
        if carrying == "rod" and "rod" not in used:
            for f in figs:
                out += [Action("rod", (name[f], name[d])) for d in powers.rod_targets(s, f)]
        # the card and FAQ: repeat the charge until a roll fails or the warriors attack
        if ("berserker_charge" in card_powers and s.moved and figs and "berserk failed" not in used
                and any([s.f_card[g] == c for g in s.moved])):
            out.append(Action("berserk"))
        if ("water_clone" in card_powers and figs
                and any([s.f_state[g] == DEAD for g in s.c_figs[c]])):
            out.append(Action("clone"))
    if s.stage <= ATTACK and figs:
        f_hex, dmat = s.f_hex, s.board.dmat
        thorian = powers.thorian_seats(s) if held else set()
        here = standing(s)
        # friends are never targets (unless friendly fire)
        foe_figs = here.on if s.options["friendly_fire"] else here.opposing[s.c_team[c]]
        attacks_allowed = 2 if "double_attack" in card_powers else 1  # powers.attack_left
        attacks = s.attacks
        base_range = card.range  # combat.effective_range, the card's part computed once
        if base_range >= 4 and held:
            base_range += glyph_effects.permanent_amount(s, seat, "range_long")
        guards = card.species == "soulborg" and card.klass == "guards"  # Range Enhancement
        special = "fire_line" in card_powers or "explosion" in card_powers or "grenade" in card_powers
        # the figures looked at below: those in range of some attack f has (8: Fire Line's length,
        # farther than the other special attacks reach)
        least_reach = max(8 if special else 0, GLYPHS["shuriken"].amount if carrying == "shuriken" else 0)
        for f in figs:
            if attacks.count(f) >= attacks_allowed:
                continue
            rng = combat.effective_range(s, f, base_range) if guards else base_range
            reach = max(rng, least_reach)
            if here.single:  # los.fig_range, inlined
                row = dmat[f_hex[f]]
                foes = [(d, x) for d in foe_figs if (x := row[f_hex[d]]) <= reach and d != f]
            else:
                foes = [(d, x) for d in foe_figs if (x := los.fig_range(s, f, d)) <= reach and d != f]
            # nothing to attack: the special attacks still need some other figure in reach (a
            # friend, as friends are not in `foes`)
            if not foes and (not special or f in attacks or not _figure_in_reach(s, f, here.on, reach)):
                continue
            eng = engagement.engaged_with(s, f) if foes else []
            out += [act("attack", (name[f], name[d])) for d in powers.attack_targets(s, f, foes, rng, eng, thorian)]
            if carrying == "shuriken":
                out += [act("shuriken", (name[f], name[d]))
                        for d in powers.attack_targets(s, f, foes, GLYPHS["shuriken"].amount, eng, thorian)]
            if f in attacks:
                continue
            if "fire_line" in card_powers:
                out += [Action("fireline", (name[f], _lab(s, h), powers.DIR_NAMES[di]))
                        for h, di, _ in powers.fire_lines(s, f)]
            if "explosion" in card_powers:
                out += [Action("explode", (name[f], name[d])) for d in powers.explosion_targets(s, f)]
            if "grenade" in card_powers and s.c_grenade[c] < 2:
                out += [Action("grenade", (name[f], name[d])) for d in powers.grenade_targets(s, f)]
    out.append(END)
    return out


def _figure_in_reach(s: HeroscapeState, f: int, figures: tuple[int, ...], reach: int) -> bool:
    """Some figure of `figures` other than f is within `reach` spaces of f."""
    for d in figures:  # (a loop: compiled, a generator expression makes a generator object)
        if d != f and los.fig_range(s, f, d) <= reach:
            return True
    return False


def step_actions(s: HeroscapeState, f: cython.int, hexes: list) -> list[Action]:
    """`step f h` for each h, from a per-map table (built as the steps are first offered)."""
    name = s.f_name[f]
    board = s.board
    table = board.figure_row(board.step_actions, name)
    out = []
    for h in hexes:
        a = table[h]
        if a is None:
            a = table[h] = Action("step", (name, board.labels[h]))
        out.append(a)
    return out


def _equipment_actions(s: HeroscapeState, figs: list[int]) -> list[Action]:
    out = []
    for f in figs:
        if not glyph_effects.carried(s, f):
            continue
        spaces = glyph_rules.drop_spaces(s, f)
        if s.f_tail[f] < 0:
            if spaces:
                out.append(act("drop", (s.f_name[f],)))
        else:  # a double-space figure names which of its spaces
            out += [act("drop", (s.f_name[f], s.board.labels[h])) for h in spaces]
        out += [act("pass", (s.f_name[f], s.f_name[g])) for g in glyph_rules.pass_targets(s, f)]
    return out


def apply_turn(s: HeroscapeState, action: Action, events: list[Event]) -> None:
    verb, args = action.verb, action.args
    if verb == "end":
        end_turn(s, events)
        return
    if verb == "berserk":
        s.used.append("berserk")
        f = [g for g in s.c_figs[s.active_card] if s.f_state[g] == ON][0]
        powers.berserk(s, f, events)
        return
    if verb == "clone":
        s.stage = DONE
        powers.water_clone(s, s.active_card, events)
        return
    f = s.fig_index(str(args[0]))
    board = s.board
    if verb == "step":
        to = board.index[str(args[1])]
        if s.moving < 0:
            movement.start_move(s, f)
        if movement.step(s, f, to, events):
            finish_move(s, f, events)
        elif s.f_state[f] == ON:
            steps = movement.step_options(s, f, s.move_left)
            if steps:
                s.step_cache = (f, steps)  # reused by the legal actions that follow at once
            else:
                finish_move(s, f, events)
    elif verb == "move":
        move(s, f, board.index[str(args[1])], board.index[str(args[2])] if len(args) > 2 else None, events)
    elif verb == "stop":
        finish_move(s, f, events)
    elif verb == "flip":
        # FAQ: a double-space figure may turn 180 degrees during its move at no cost (once
        # per move here, so that a move always ends)
        if s.moving < 0:
            movement.start_move(s, f)
        s.used.append(f"flip{f}")
        s.f_hex[f], s.f_tail[f] = s.f_tail[f], s.f_hex[f]
        events.append(public_event(f"{s.f_name[f]} turns around: it now leads from {board.labels[s.f_hex[f]]}", data={"seat": s.owner(f)}))
    elif verb == "grapple":
        to = board.index[str(args[1])]
        s.moving = f
        s.start_engaged = engagement.engaged_with(s, f)
        events.append(public_event(f"{s.f_name[f]} fires the Grapple Gun", data={"seat": s.owner(f)}))
        movement.step(s, f, to, events, cost=0)
        finish_move(s, f, events)
    elif verb == "teleport":
        to = board.index[str(args[1])]
        s.moving = f
        movement.place(s, f, to, -1)
        events.append(public_event(f"{s.f_name[f]} teleports through the Boom Tube to {board.labels[to]}", data={"seat": s.owner(f)}))
        finish_move(s, f, events)
    elif verb == "drop":
        glyph_rules.drop(s, f, board.index[str(args[1])] if len(args) > 1 else s.f_hex[f], events)
    elif verb == "pass":
        glyph_rules.pass_to(s, f, s.fig_index(str(args[1])), events)
    elif verb in ("chomp", "shackle", "rod"):
        s.stage = AFTER_MOVE
        s.used.append(verb)
        d = s.fig_index(str(args[1]))
        getattr(powers, verb)(s, f, d, events)
    elif verb in ("attack", "shuriken"):
        s.stage = ATTACK
        s.attacks.append(f)
        powers.normal_attack(s, f, s.fig_index(str(args[1])), events, shuriken=verb == "shuriken")
    elif verb == "fireline":
        s.stage = ATTACK
        s.attacks.append(f)
        start = board.index[str(args[1])]
        di = powers.DIR_NAMES.index(str(args[2]))
        hit = [h for st, d, h in powers.fire_lines(s, f) if st == start and d == di][0]
        combat.resolve(s, f, hit, 4, False, events, "Fire Line")
    elif verb == "explode":
        s.stage = ATTACK
        s.attacks.append(f)
        combat.resolve(s, f, powers.splash(s, s.fig_index(str(args[1]))), 3, False, events, "Explosion")
    elif verb == "grenade":
        s.stage = ATTACK
        s.attacks.append(f)
        s.set_card_field("c_grenade", s.active_card, 1)
        combat.resolve(s, f, powers.splash(s, s.fig_index(str(args[1]))), 2, False, events, "Grenade")


def move(s: HeroscapeState, f: int, head: int, tail: int | None, events: list[Event]) -> None:
    """`move f head [tail]`: the steps of the path chosen to head (paths.py), each applied as
    the `step` action, then the move ends there as `stop` ends it. It stops where play would stop
    between steps taken by hand: the figure is destroyed or its move ends (water, lava, a
    glyph), or a seat has a decision to take first (a lost glyph to place); the figure then
    goes on with its move, if it still can, with `step`, `move` or `stop`."""
    path = paths.path_to(s, f, head, tail)
    assert path is not None, "apply checked that the move is legal"
    for to in path.steps:
        cached = s.step_cache  # the steps the last one left open
        if s.moving == f and to not in (cached[1] if cached else movement.step_options(s, f, s.move_left)):
            return  # something on the way changed what it may do (never expected): it goes on by hand
        apply_turn(s, step_actions(s, f, [to])[0], events)
        if s.moving != f or s.pending or s.result is not None:
            return
    s.step_cache = None
    finish_move(s, f, events)


def finish_move(s: HeroscapeState, f: int, events: list[Event]) -> None:
    """The end of one figure's move: lava, glyphs under it, then the end-of-move swap."""
    s.moving = -1
    s.road_left = 0
    if f not in s.moved:
        s.moved.append(f)
    if s.f_state[f] != ON:
        return
    if s.board.terrain[s.f_hex[f]] == "l":
        roll = d20(s, s.owner(f))
        events.append(public_event(f"{s.f_name[f]} is in molten lava: d20 {roll}", data={"seat": s.owner(f)}))
        if roll < 20:
            combat.destroy(s, f, events)
            return
    glyph_rules.stop_on(s, f, events)
    glyph_rules.end_of_move_swap(s, f)
