# cython: annotation_typing=True
"""The pending decisions that interrupt play, each taken by the seat it names (reference §1.2
placing figures, §1.9 and the Equipment Glyphs module: equipping or swapping glyphs, placing a
lost glyph; §2: spirits, Erland, Nilrend, Wannok, the order of a special attack's targets). A
decision with no possible choice lapses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Action, Event, Rng
from glyphhall.engine.events import public_event

from . import combat, glyph_effects, glyph_rules, movement
from .actions import act
from .glyphs import GLYPHS
from .terrain import OBSTACLES

if TYPE_CHECKING:
    from .maps import Board
    from .state import HeroscapeState

RESERVE, ON, UNUSED = 0, 1, 3


def _place_spaces(s: HeroscapeState, p: tuple) -> list[tuple[int, int]]:
    """The (head, tail) spaces where the figure of placing decision p may be put, in hex order."""
    empty, double = _place_heads(s, p)
    if not double:
        return [(h, -1) for h in empty]
    board = s.board
    free = set(empty)
    return [(h, t) for h in empty for t in board.neighbours[h]
            if t in free and board.levels[t] == board.levels[h] and t not in board.wall_nbrs[h]]  # not astride a wall


def _fixed_spaces(board: Board, zone: int | None, height: int) -> list[int]:
    """The hexes of a start zone (None: of the whole map) a figure of `height` may ever be placed
    on: no obstacle, room under any overhang; in hex order, kept with the map."""
    key = (zone, height)
    found = board.place_tables.get(key)
    if found is None:
        # a start zone's hexes are listed in hex order, like the whole board
        candidates = board.zones.get(zone, ()) if zone is not None else range(len(board))
        terrain = board.terrain
        found = board.place_tables[key] = [h for h in candidates if terrain[h] not in OBSTACLES
                                           and board.fits(h, height)]  # overhangs: only where it fits
    return found


def _place_heads(s: HeroscapeState, p: tuple) -> tuple[list[int], bool]:
    """The free hexes the figure of placing decision p may be put on (its head, for a
    double-space figure), in hex order, and whether it is a double-space figure."""
    seat, _, f, mode, where = p
    board = s.board
    occ, glyph_at = s.occ, s.glyph_at
    card = s.card_of(f)
    # teammates share a start zone: the team number is the seat whose zone it is
    fixed = _fixed_spaces(board, s.team[seat] if mode == "zone" else None, card.height)
    empty = [h for h in fixed if occ[h] < 0 and h not in glyph_at]
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
    return empty, card.double_space


def sample_place(s: HeroscapeState, rng: Rng) -> Action:
    """The placement `rng.choice(pending_actions(s))` draws, with the same draw, building one
    action instead of one per free space (rollouts place every figure of every army)."""
    empty, double = _place_heads(s, s.pending[0])
    lab = s.board.labels
    if not double:
        return act("place", (lab[rng.choice(empty)],))
    h, t = rng.choice(_place_spaces(s, s.pending[0]))
    return act("place", (lab[h], lab[t]))


def pending_actions(s: HeroscapeState) -> list[Action]:
    p = s.pending[0]
    kind = p[1]
    lab = s.board.labels
    if kind == "place":
        return [(act("place", (lab[h],)) if t < 0 else act("place", (lab[h], lab[t]))) for h, t in _place_spaces(s, p)]
    f = p[2]
    if kind in ("equip", "swapglyph"):
        if not _still(s, p):
            return []
        # decided now: a double-space hero that stopped on two Equipment Glyphs equips the
        # first and may only swap for the second (one glyph at a time)
        if glyph_effects.carried(s, f):
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
    decisions build no actions, and pair the spaces only for a double-space figure."""
    p = s.pending[0]
    if p[1] == "place":
        empty, double = _place_heads(s, p)
        return bool(empty) and (not double or bool(_place_spaces(s, p)))
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
        events.append(public_event(f"seat {seat} places {s.f_name[f]} on {board.labels[h]}"))
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
        events.append(public_event(f"seat {seat} places {GLYPHS[p[2]].name} on {board.labels[h]}"))
    elif kind == "spirit":
        c = s.card_index(str(args[0]))
        field = "c_atk" if p[2] == "atk" else "c_dfn"
        s.set_card_field(field, c, getattr(s, field)[c] + 1)
        events.append(public_event(f"the Warrior's {'Attack' if p[2] == 'atk' else 'Armor'} Spirit goes to {s.c_def[c].name}", data={"card": s.c_def[c].name, "card_seat": s.c_owner[c]}))
    elif kind == "summon" and verb == "summon":
        g = s.fig_index(str(args[0]))
        h = board.index[str(args[1])]
        movement.place(s, g, h, -1)
        events.append(public_event(f"Erland summons {s.f_name[g]} to {board.labels[h]}", data={"seat": s.owner(g)}))
    elif kind == "negate":
        glyph_rules.negate(s, seat, s.card_index(str(args[0])), events)
    elif kind == "wannok":
        combat.wound(s, s.fig_index(str(args[0])), 1, events)
    elif kind == "target_order":
        _, _, a, targets, dice, skulls, normal, what = p
        d = s.fig_index(str(args[0]))
        events.append(public_event(f"seat {seat} resolves the {what} against {s.f_name[d]} next", data={"seat": s.owner(d)}))
        combat.defend(s, a, d, dice, skulls, normal, events, what)
        combat.continue_resolving(s, a, [x for x in targets if x != d], dice, skulls, normal, events, what)
    elif kind == "placer":
        chosen = int(args[0])
        events.append(public_event(f"seat {seat} chooses seat {chosen} to place {GLYPHS[p[2]].name}"))
        s.pending.insert(0, (chosen, "lostglyph", p[2], p[3], p[4]))
    elif kind == "wannokpick":
        chosen = int(args[0])
        events.append(public_event(f"Wannok: seat {chosen} must wound one of their figures"))
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
            events.append(public_event(f"{s.f_name[f]} does not fit in the start zone and is not used", data={"seat": s.owner(f)}))
        elif s.f_state[f] == RESERVE and p[3] == "drop":
            events.append(public_event(f"{s.f_name[f]} finds no space to drop and stays off the battlefield", data={"seat": s.owner(f)}))
    elif kind == "lostglyph":
        events.append(public_event(f"no space for {GLYPHS[p[2]].name}: it is removed from the game"))
