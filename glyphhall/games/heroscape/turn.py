"""A player's turn as small decisions (reference §1.3): move figures step by step, use powers
that come after moving, attack, end the turn; and the pending decisions that interrupt play
(placing figures, equipping or swapping glyphs, placing a lost glyph, spirits, Erland, Nilrend,
Wannok)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event

from . import combat, flow, glyph_rules, los, movement, powers
from .glyphs import GLYPHS
from .standing import standing
from .terrain import OBSTACLES

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
    s.start_engaged = []
    s.swiped = []
    s.attacks = []
    s.zettian_target = -1
    s.used = []


def end_turn(s: HeroscapeState, events: list[Event]) -> None:
    c = s.active_card
    if s.c_grenade[c] == 1:
        s.set_card_field("c_grenade", c, 2)
    events.append(Event(f"seat {s.c_owner[c]} ends the turn of {s.c_def[c].name}"))
    flow.advance(s)


# ---------------------------------------------------------------------------- turn actions
_ACTIONS: dict[tuple, Action] = {}


def act(verb: str, *args: str) -> Action:
    """Action(verb, args), shared: actions are immutable, and legal-move lists in playouts
    build the same few thousand over and over."""
    key = (verb, args)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) > 100_000:
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action(verb, args)
    return a


def _lab(s: HeroscapeState, h: int) -> str:
    return s.board.labels[h]


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
            out.append(act("stop", name[f]))
        if s.f_tail[f] >= 0 and f"flip{f}" not in s.used and movement.can_finish_flipped(s, f, s.move_left):
            out.append(act("flip", name[f]))
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
    held = glyph_rules.glyph_held(s)
    if s.stage == MOVE:
        moved, tails = s.moved, s.f_tail
        valda = glyph_rules.permanent_amount(s, seat, "move_all") if held else 0  # the same for the whole card
        flying, ghost = bool(figs) and movement.flies(s, figs[0]), "ghost_walk" in card_powers  # the card's
        for f in figs:
            if f in moved or held and not movement.may_start_moving(s, f):
                continue
            left = movement.move_allowance(s, f, valda)
            out += step_actions(s, f, movement.step_options(s, f, left, flying, ghost))
            if tails[f] >= 0 and f"flip{f}" not in used:
                out.append(act("flip", name[f]))
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
        if ("berserker_charge" in card_powers and s.moved and figs
                and any(s.f_card[g] == c for g in s.moved)):
            out.append(Action("berserk"))
        if ("water_clone" in card_powers and figs
                and any(s.f_state[g] == DEAD for g in s.c_figs[c])):
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
            base_range += glyph_rules.permanent_amount(s, seat, "range_long")
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
            eng = movement.engaged_with(s, f) if foes else []
            out += [act("attack", name[f], name[d]) for d in powers.attack_targets(s, f, foes, rng, eng, thorian)]
            if carrying == "shuriken":
                out += [act("shuriken", name[f], name[d])
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
    out.append(act("end"))
    return out


def _figure_in_reach(s: HeroscapeState, f: int, figures: tuple[int, ...], reach: int) -> bool:
    """Some figure of `figures` other than f is within `reach` spaces of f."""
    return any(d != f and los.fig_range(s, f, d) <= reach for d in figures)


def step_actions(s: HeroscapeState, f: int, hexes: list[int]) -> list[Action]:
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
        if not glyph_rules.carried(s, f):
            continue
        spaces = glyph_rules.drop_spaces(s, f)
        if s.f_tail[f] < 0:
            if spaces:
                out.append(act("drop", s.f_name[f]))
        else:  # a double-space figure names which of its spaces
            out += [act("drop", s.f_name[f], s.board.labels[h]) for h in spaces]
        out += [act("pass", s.f_name[f], s.f_name[g]) for g in glyph_rules.pass_targets(s, f)]
    return out


def apply_turn(s: HeroscapeState, action: Action, events: list[Event]) -> None:
    verb, args = action.verb, action.args
    if verb == "end":
        end_turn(s, events)
        return
    if verb == "berserk":
        s.used.append("berserk")
        f = next(g for g in s.c_figs[s.active_card] if s.f_state[g] == ON)
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
            s.moving = f
            s.move_left = movement.move_allowance(s, f)
            s.start_engaged = movement.engaged_with(s, f)
            s.swiped = []
        if movement.step(s, f, to, events):
            finish_move(s, f, events)
        elif s.f_state[f] == ON:
            steps = movement.step_options(s, f, s.move_left)
            if steps:
                s.step_cache = (f, steps)  # reused by the legal actions that follow at once
            else:
                finish_move(s, f, events)
    elif verb == "stop":
        finish_move(s, f, events)
    elif verb == "flip":
        # FAQ: a double-space figure may turn 180 degrees during its move at no cost (once
        # per move here, so that a move always ends)
        if s.moving < 0:
            s.moving = f
            s.move_left = movement.move_allowance(s, f)
            s.start_engaged = movement.engaged_with(s, f)
            s.swiped = []
        s.used.append(f"flip{f}")
        s.f_hex[f], s.f_tail[f] = s.f_tail[f], s.f_hex[f]
        events.append(Event(f"{s.f_name[f]} turns around: it now leads from {board.labels[s.f_hex[f]]}"))
    elif verb == "grapple":
        to = board.index[str(args[1])]
        s.moving = f
        s.start_engaged = movement.engaged_with(s, f)
        events.append(Event(f"{s.f_name[f]} fires the Grapple Gun"))
        movement.step(s, f, to, events, cost=0)
        finish_move(s, f, events)
    elif verb == "teleport":
        to = board.index[str(args[1])]
        s.moving = f
        movement.place(s, f, to, -1)
        events.append(Event(f"{s.f_name[f]} teleports through the Boom Tube to {board.labels[to]}"))
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
        hit = next(h for st, d, h in powers.fire_lines(s, f) if st == start and d == di)
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


def finish_move(s: HeroscapeState, f: int, events: list[Event]) -> None:
    """The end of one figure's move: lava, glyphs under it, then the end-of-move swap."""
    s.moving = -1
    if f not in s.moved:
        s.moved.append(f)
    if s.f_state[f] != ON:
        return
    if s.board.terrain[s.f_hex[f]] == "l":
        roll = s.d20(s.owner(f))
        events.append(Event(f"{s.f_name[f]} is in molten lava: d20 {roll}"))
        if roll < 20:
            combat.destroy(s, f, events)
            return
    glyph_rules.stop_on(s, f, events)
    glyph_rules.end_of_move_swap(s, f)


# ---------------------------------------------------------------------------- pending decisions
def _place_spaces(s: HeroscapeState, p: tuple) -> list[tuple[int, int]]:
    return list(_iter_place_spaces(s, p))


def _iter_place_spaces(s: HeroscapeState, p: tuple):
    """The (head, tail) spaces where the figure of placing decision p may be put, in hex order
    (a generator: `has_choice` stops at the first)."""
    seat, _, f, mode, where = p
    board = s.board
    occ, glyph_at, terrain = s.occ, s.glyph_at, board.terrain
    # a start zone's hexes are listed in hex order, like the whole board
    # teammates share a start zone: the team number is the seat whose zone it is
    candidates = board.zones.get(s.team[seat], ()) if mode == "zone" else range(len(board))
    empty = [h for h in candidates if occ[h] < 0 and h not in glyph_at and terrain[h] not in OBSTACLES]
    if mode == "drop":
        near = set()
        for g in range(len(s.f_card)):
            if s.f_state[g] == ON:
                for x in (s.f_hex[g], s.f_tail[g]):
                    if x >= 0:
                        near.add(x)
                        near.update(board.neighbours[x])
        empty = [h for h in empty if h not in near]
    elif mode == "adjacent":
        lv = board.levels[where] if where >= 0 else -1
        empty = [h for h in board.neighbours[where] if h in set(empty) and board.levels[h] == lv] if where >= 0 else []
    height = s.card_of(f).height
    empty = [h for h in empty if board.fits(h, height)]  # overhangs: only where it fits
    if not s.card_of(f).double_space:
        yield from ((h, -1) for h in empty)
        return
    free = set(empty)
    yield from ((h, t) for h in empty for t in board.neighbours[h]
                if t in free and board.levels[t] == board.levels[h] and t not in board.wall_nbrs[h])  # not astride a wall


def pending_actions(s: HeroscapeState) -> list[Action]:
    p = s.pending[0]
    kind = p[1]
    lab = s.board.labels
    if kind == "place":
        return [(act("place", lab[h]) if t < 0 else act("place", lab[h], lab[t])) for h, t in _iter_place_spaces(s, p)]
    f = p[2]
    if kind in ("equip", "swapglyph"):
        if not _still(s, p):
            return []
        # decided now: a double-space hero that stopped on two Equipment Glyphs equips the
        # first and may only swap for the second (one glyph at a time)
        if glyph_rules.carried(s, f):
            return [Action("swap", (s.f_name[f],)), Action("keep", (s.f_name[f],))]
        return [Action("equip", (s.f_name[f],)), Action("leave", (s.f_name[f],))]
    if kind == "swapfig":
        partners = glyph_rules.swap_partners(s, f)
        if not partners:
            return []
        return [Action("swap", (s.f_name[f], s.f_name[g])) for g in partners] + [Action("keep", (s.f_name[f],))]
    if kind == "lostglyph":
        return [Action("glyph", (lab[h],)) for h in glyph_rules.lost_glyph_spaces(s, p[3], p[4])]
    if kind == "spirit":
        return [Action("spirit", (s.c_def[c].key,)) for c in _spirit_cards(s, p)]
    if kind == "summon":
        choices = glyph_rules.summon_choices(s, f)
        return [Action("summon", (s.f_name[g], lab[h])) for g, h in choices] + ([Action("decline")] if choices else [])
    if kind == "negate":
        return [Action("negate", (s.c_def[c].key,)) for c in glyph_rules.negate_choices(s, p[0])]
    if kind == "wannok":
        return [Action("wound", (s.f_name[g],)) for g in s.figures_on(p[0])]
    if kind == "target_order":
        return [Action("resolve", (s.f_name[d],)) for d in p[3] if s.f_state[d] == ON]
    if kind in ("placer", "wannokpick"):
        return [Action("opponent", (o,)) for o in s.opponents(p[0]) if s.figures_on(o)]
    return []


def has_choice(s: HeroscapeState) -> bool:
    """The first pending decision offers some choice (`pending_actions` is not empty); placing
    decisions stop looking at the first space found."""
    p = s.pending[0]
    if p[1] == "place":
        return next(_iter_place_spaces(s, p), None) is not None
    return bool(pending_actions(s))


def _still(s: HeroscapeState, p: tuple) -> bool:
    """The hero is still on the glyph it stopped on (it may have been destroyed meanwhile)."""
    f, h = p[2], p[3]
    return s.f_state[f] == ON and h in s.glyph_at and h in (s.f_hex[f], s.f_tail[f])


def _spirit_cards(s: HeroscapeState, p: tuple) -> list[int]:
    seat, dead_card = p[0], p[3]
    return [c for c in range(len(s.c_def)) if c != dead_card and s.c_owner[c] == seat and s.c_def[c].unique
            and any(s.f_state[f] == ON for f in s.c_figs[c])]


def apply_pending(s: HeroscapeState, action: Action, events: list[Event]) -> None:
    p = s.pending.pop(0)
    seat, kind = p[0], p[1]
    verb, args = action.verb, action.args
    board = s.board
    if kind == "place":
        f = p[2]
        h = board.index[str(args[0])]
        t = board.index[str(args[1])] if len(args) > 1 else -1
        s.f_state[f] = ON
        s.f_hex[f] = s.f_tail[f] = -1
        movement.place(s, f, h, t)
        events.append(Event(f"seat {seat} places {s.f_name[f]} on {board.labels[h]}"))
        return
    f = p[2]
    if kind in ("equip", "swapglyph") and verb == "equip":
        glyph_rules.equip(s, f, p[3], events)
    elif kind in ("equip", "swapglyph") and verb == "swap":
        glyph_rules.swap_with_ground(s, f, p[3], events)
    elif kind == "swapfig" and verb == "swap":
        glyph_rules.swap_between(s, f, s.fig_index(str(args[1])), events)
    elif kind == "lostglyph":
        h = board.index[str(args[0])]
        s.glyph_at[h] = (p[2], True)
        events.append(Event(f"seat {seat} places {GLYPHS[p[2]].name} on {board.labels[h]}"))
    elif kind == "spirit":
        c = s.card_index(str(args[0]))
        field = "c_atk" if p[2] == "atk" else "c_dfn"
        s.set_card_field(field, c, getattr(s, field)[c] + 1)
        events.append(Event(f"the Warrior's {'Attack' if p[2] == 'atk' else 'Armor'} Spirit goes to {s.c_def[c].name}"))
    elif kind == "summon" and verb == "summon":
        g = s.fig_index(str(args[0]))
        h = board.index[str(args[1])]
        movement.place(s, g, h, -1)
        events.append(Event(f"Erland summons {s.f_name[g]} to {board.labels[h]}"))
    elif kind == "negate":
        glyph_rules.negate(s, seat, s.card_index(str(args[0])), events)
    elif kind == "wannok":
        combat.wound(s, s.fig_index(str(args[0])), 1, events)
    elif kind == "target_order":
        _, _, a, targets, dice, skulls, normal, what = p
        d = s.fig_index(str(args[0]))
        events.append(Event(f"seat {seat} resolves the {what} against {s.f_name[d]} next"))
        combat.defend(s, a, d, dice, skulls, normal, events, what)
        combat.continue_resolving(s, a, [x for x in targets if x != d], dice, skulls, normal, events, what)
    elif kind == "placer":
        chosen = int(args[0])
        events.append(Event(f"seat {seat} chooses seat {chosen} to place {GLYPHS[p[2]].name}"))
        s.pending.insert(0, (chosen, "lostglyph", p[2], p[3], p[4]))
    elif kind == "wannokpick":
        chosen = int(args[0])
        events.append(Event(f"Wannok: seat {chosen} must wound one of their figures"))
        s.pending.insert(0, (chosen, "wannok", -1, -1))


def skip_pending(s: HeroscapeState, events: list[Event]) -> None:
    """A pending decision with no possible choice lapses (a figure that does not fit is not used,
    a lost glyph with no legal space is removed from the game, ...)."""
    p = s.pending.pop(0)
    kind = p[1]
    if kind == "place":
        f = p[2]
        if s.f_state[f] != ON and p[3] in ("zone",) and s.phase in ("draft", "place"):
            s.f_state[f] = UNUSED
            events.append(Event(f"{s.f_name[f]} does not fit in the start zone and is not used"))
        elif s.f_state[f] == RESERVE and p[3] == "drop":
            events.append(Event(f"{s.f_name[f]} finds no space to drop and stays off the battlefield"))
    elif kind == "lostglyph":
        events.append(Event(f"no space for {GLYPHS[p[2]].name}: it is removed from the game"))


def the_drop(s: HeroscapeState, events: list[Event]) -> None:
    """The Drop: cards with figures off the battlefield roll d20 at the start of the round; on
    13+ every such figure is placed (not adjacent to any figure, not on a glyph)."""
    for c in range(len(s.c_def)):
        waiting = [f for f in s.c_figs[c] if s.f_state[f] == RESERVE]
        if not waiting or not s.card_has_power(c, "the_drop"):
            continue
        seat = s.c_owner[c]
        roll = s.d20(seat)
        events.append(Event(f"The Drop: {s.c_def[c].name} rolls {roll}" + (", they drop" if roll >= 13 else "")))
        if roll >= 13:
            for f in waiting:
                s.pending.append((seat, "place", f, "drop", -1))
