"""Movement (reference §1.4, §1.5): step costs and height limits, passing friendly figures,
water and lava ending a move, double-space figures, flying, falls and leaving-engagement attacks.

A move is taken one step at a time (`step F H`), so every path choice is the player's and
every step has its consequences in order: leaving-engagement attacks, the step, a fall, a
forced stop on water, lava or a glyph."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event

from . import combat, engagement, glyph_effects
from .glyph_effects import d20
from .terrain import OBSTACLES, TERRAINS

if TYPE_CHECKING:
    from .state import HeroscapeState

ON = 1
_STOPPING = frozenset(k for k, t in TERRAINS.items() if t.stops)


# ---------------------------------------------------------------------------- abilities
def flies(s: HeroscapeState, f: int) -> bool:
    c = s.f_card[f]  # has_power(f, "flying") or has_power(f, "stealth_flying"), inlined: hot
    if s.c_negated[c]:
        return False
    p = s.c_def[c].powers
    return ("flying" in p or "stealth_flying" in p) and not glyph_effects.occupied_effect(s, "no_flying")


def move_allowance(s: HeroscapeState, f: int, bonus: int | None = None) -> int:
    """Move, with Valda's +2 unless f is the figure standing on Valda (moving off it).
    `bonus` (Valda's amount for f's controller) may be precomputed."""
    if bonus is None:
        bonus = glyph_effects.permanent_amount(s, s.owner(f), "move_all")
    if bonus and glyph_effects.stands_on_effect(s, f, "move_all"):
        bonus -= glyph_effects.glyph_amount_under(s, f, "move_all")
    return s.card_of(f).move + bonus


def may_start_moving(s: HeroscapeState, f: int) -> bool:
    """Proftaka's pit: the figure on it moves off only with a friendly figure adjacent."""
    if not glyph_effects.stands_on_effect(s, f, "pit_trap"):
        return True
    return any(s.f_state[g] == ON and g != f and not s.opposed(f, g) and engagement.adjacent(s, f, g)
               for g in range(len(s.f_card)))


# ---------------------------------------------------------------------------- steps
def _kelda_blocks(s: HeroscapeState, f: int, h: int) -> bool:
    """Kelda (rulebook wording): only a figure with a wound may stop on her."""
    g = s.glyph_at.get(h)
    return (g is not None and g[0] == "kelda" and s.options["kelda"] == "rulebook" and s.f_wounds[f] == 0)


def forced_stop(s: HeroscapeState, f: int, head: int, tail: int, flying: bool) -> bool:
    if flying:
        return False
    if head in s.glyph_at:
        return True
    t = TERRAINS[s.board.terrain[head]]
    if not t.stops:
        return False
    return tail < 0 or TERRAINS[s.board.terrain[tail]].stops


def stoppable(s: HeroscapeState, f: int, head: int, tail: int) -> bool:
    """f may end its move on (head, tail): no obstacle, it fits under any overhang (board.fits,
    inlined: this runs for every step looked at), the spaces are free, level, and not Kelda."""
    board = s.board
    terrain, levels, ceiling, occ = board.terrain, board.levels, board.ceiling, s.occ
    height = s.c_def[s.f_card[f]].height
    if terrain[head] in OBSTACLES or levels[head] + height >= ceiling[head]:
        return False
    o = occ[head]
    if o != -1 and o != f:
        return False
    if tail >= 0:
        if terrain[tail] in OBSTACLES or levels[tail] + height >= ceiling[tail] or levels[head] != levels[tail]:
            return False
        o = occ[tail]
        if o != -1 and o != f:
            return False
    glyphs = s.glyph_at
    if head not in glyphs and tail not in glyphs:  # (tail -1 is never a glyph space)
        return True
    return not (_kelda_blocks(s, f, head) or tail >= 0 and _kelda_blocks(s, f, tail))


def step_cost(s: HeroscapeState, f: int, frm: int, to: int, flying: bool) -> int:
    """Cost of one step, or 0 when the step is impossible (rising by the figure's height or more)."""
    if flying:
        return 1
    rise = s.board.levels[to] - s.board.levels[frm]
    if rise <= 0:
        return 1
    if rise >= s.card_of(f).height:
        return 0
    return 1 + rise


def walks(board, height: int) -> list[tuple[tuple[int, int], ...]]:
    """For a figure of this height on foot: from each hex, the (neighbour, cost) steps terrain
    allows - not across a ruin wall, not into an obstacle or under an overhang too low for it,
    rising less than its height, at 1 + the levels risen (`step_cost`). Terrain never
    changes: computed once per map and height, kept with the map; figures are checked by the
    callers."""
    found = board.walk_tables.get(height)
    if found is not None:
        return found
    levels, terrain, ceiling = board.levels, board.terrain, board.ceiling
    table = []
    for h, nbrs in enumerate(board.neighbours):
        steps = []
        for n in nbrs:
            rise = levels[n] - levels[h]
            if (n in board.wall_nbrs[h] or terrain[n] in OBSTACLES or levels[n] + height >= ceiling[n]
                    or rise >= height):
                continue
            steps.append((n, 1 + rise if rise > 0 else 1))
        table.append(tuple(steps))
    board.walk_tables[height] = table
    return table


def _can_finish(s: HeroscapeState, f: int, head: int, tail: int, left: int, flying: bool, ghost: bool) -> bool:
    """From (head, tail) with `left` movement, f can reach a position it may end its move in,
    through positions where nothing forces it to stop: a search over the steps terrain allows
    (`walks`; flyers go anywhere for 1), never through enemies or engaged friends (flyers and
    Ghost Walk pass anyone). It runs for every step that passes a figure and every step of a
    double-space figure; the answer does not depend on the search order."""
    occ, c_team, f_card = s.occ, s.c_team, s.f_card
    me = c_team[f_card[f]]
    # flyers step anywhere for 1 (over obstacles, walls, any height); on foot, as terrain allows
    nbrs = s.board.neighbours
    steps = None if flying else walks(s.board, s.c_def[f_card[f]].height)
    double = tail >= 0
    if stoppable(s, f, head, tail):
        return True
    if forced_stop(s, f, head, tail, flying):
        return False
    engaged: dict[int, bool] = {}  # friends passed: engaged or not, asked once per search
    # positions are checked as they are found (the usual answer is a free space next to the
    # start), and only those it may move on from are searched further
    todo = [(head, tail, left)]
    seen = set(todo)
    while todo:
        head, tail, left = todo.pop()
        new_tail = head if double else -1
        for n, cost in (((n, 1) for n in nbrs[head]) if steps is None else steps[head]):
            if n == tail or cost > left:
                continue
            o = occ[n]
            if o >= 0 and o != f and not (flying or ghost):
                if c_team[f_card[o]] != me:
                    continue  # never through enemies
                busy = engaged.get(o)
                if busy is None:
                    busy = engaged[o] = engagement.is_engaged(s, o)
                if busy:
                    continue  # nor through engaged friends
            if stoppable(s, f, n, new_tail):
                return True
            position = (n, new_tail, left - cost)
            if position not in seen and not forced_stop(s, f, n, new_tail, flying):
                seen.add(position)
                todo.append(position)
    return False


def can_finish_flipped(s: HeroscapeState, f: int, left: int) -> bool:
    """A double-space figure turned around could still end its move somewhere legal."""
    return _can_finish(s, f, s.f_tail[f], s.f_hex[f], left, flies(s, f), s.has_power(f, "ghost_walk"))


def step_options(s: HeroscapeState, f: int, left: int, flying: bool | None = None,
                 ghost: bool | None = None) -> list[int]:
    """Hexes the leading end of f may step to now, never into a position it could not end in.
    `flying` (flies) and `ghost` (Ghost Walk) may be precomputed."""
    if flying is None:
        flying = flies(s, f)
    if ghost is None:
        ghost = s.has_power(f, "ghost_walk")
    head, tail = s.f_hex[f], s.f_tail[f]
    double = tail >= 0
    new_tail = head if double else -1
    board = s.board
    occ, c_team, f_card = s.occ, s.c_team, s.f_card
    height = s.c_def[f_card[f]].height
    out = []
    if flying:
        # a flyer crosses walls, figures, obstacles and low overhangs for 1, but may only pass
        # over what it could not end on
        levels, terrain, ceiling = board.levels, board.terrain, board.ceiling
        for n in board.neighbours[head]:
            if n == tail or left < 1:
                continue
            o = occ[n]
            passing = (o >= 0 and o != f) or terrain[n] in OBSTACLES or ceiling[n] <= levels[n] + height
            if passing:
                if not _can_finish(s, f, n, new_tail, left - 1, flying, ghost):
                    continue
            elif double and not stoppable(s, f, n, new_tail) and not _can_finish(
                    s, f, n, new_tail, left - 1, flying, ghost):
                continue
            out.append(n)
        return out
    glyphs, terrain = s.glyph_at, board.terrain
    me = c_team[f_card[f]]  # passing: own or teammates' figures (reference §1.4)
    for n, cost in walks(board, height)[head]:  # walls, obstacles, overhangs, climbing: terrain
        if n == tail or cost > left:
            continue
        o = occ[n]
        passing = o >= 0 and o != f
        if passing and not ghost and (c_team[f_card[o]] != me or engagement.is_engaged(s, o)):
            continue
        if (n in glyphs or terrain[n] in _STOPPING) and (
                forced_stop(s, f, n, new_tail, flying) or _kelda_blocks(s, f, n)):
            if stoppable(s, f, n, new_tail):
                out.append(n)
            continue
        if passing:  # it may pass, but must be able to end its move beyond
            if not _can_finish(s, f, n, new_tail, left - cost, flying, ghost):
                continue
        elif double and not stoppable(s, f, n, new_tail) and not _can_finish(
                s, f, n, new_tail, left - cost, flying, ghost):
            continue  # (stoppable first: the usual answer, without starting a search)
        out.append(n)
    return out


def _swipe(s: HeroscapeState, f: int, swipers: list[int], events: list[Event]) -> bool:
    """Leaving-engagement attacks: each enemy left rolls 1 attack die, each skull a wound.
    Returns True if f was destroyed."""
    for e in swipers:
        if s.f_state[f] != ON:
            return True
        skulls = combat.roll_skulls(s, 1)
        events.append(Event(f"{s.f_name[e]} strikes {s.f_name[f]} as it leaves engagement: "
                            f"{skulls} skull{'s' if skulls != 1 else ''}", data={"seat": s.owner(e), "target_seat": s.owner(f)}))
        combat.wound(s, f, skulls, events)
    return s.f_state[f] != ON


def leaving_swipers(s: HeroscapeState, f: int, new_head: int, new_tail: int,
                    flying: bool | None = None) -> list[int]:
    """The enemies f leaves engagement with by moving to (new_head, new_tail); `flying`
    (flies(s, f)) may be precomputed."""
    if flying is None:
        flying = flies(s, f)
    c = s.f_card[f]
    card = s.c_def[c]
    if not s.c_negated[c] and ("disengage" in card.powers or flying and "stealth_flying" in card.powers):
        return []
    height = card.height
    if flying:
        out = [e for e in s.start_engaged if e not in s.swiped and s.f_state[e] == ON
               and not engagement.adjacent_at(s, new_head, new_tail, height, e)]
        s.swiped.extend(out)
        return out
    return [e for e in engagement.engaged_with(s, f) if not engagement.adjacent_at(s, new_head, new_tail, height, e)]


def place(s: HeroscapeState, f: int, head: int, tail: int) -> None:
    """Put f on (head, tail) in the occupancy table, sharing hexes it only passes through."""
    occ = s.occ
    for h in (s.f_hex[f], s.f_tail[f]):
        if h >= 0 and occ[h] == f:
            occ[h] = -1
    s.f_hex[f], s.f_tail[f] = head, tail
    for h in (head, tail):
        if h >= 0 and occ[h] == -1:
            occ[h] = f


def step(s: HeroscapeState, f: int, to: int, events: list[Event], *, cost: int | None = None,
         swipes: bool = True) -> bool:
    """Move f's leading end to `to`. Returns True when the move must end here (destroyed, water,
    lava, or a glyph)."""
    flying = flies(s, f)
    head, tail = s.f_hex[f], s.f_tail[f]
    new_tail = head if tail >= 0 else -1
    if cost is None:
        cost = step_cost(s, f, head, to, flying)
    if swipes:
        swipers = leaving_swipers(s, f, to, new_tail, flying)
        if _swipe(s, f, swipers, events) if swipers else s.f_state[f] != ON:
            return True
    place(s, f, to, new_tail)
    s.move_left -= cost
    levels = s.board.levels
    events.append(_moved(s.board, s.f_name[f], s.owner(f), to))
    drop = levels[head] - levels[to]
    if not flying and drop > 0 and fall(s, f, drop, to, events):  # (no fall without a drop)
        return True
    return forced_stop(s, f, to, new_tail, flying)


def _moved(board, figure: str, seat: int, to: int) -> Event:
    """`<figure> moves to <hex>`, with its owner's seat for the log: the same few thousand events
    come up again and again in playouts, so they are kept per map (events are never changed)."""
    table = board.figure_row(board.moved_events, f"{figure} {seat}")
    event = table[to]
    if event is None:
        label = board.labels[to]
        event = table[to] = Event(f"{figure} moves to {label}", data={"figure": figure, "to": label, "seat": seat})
    return event


EXTREME_FALL = -1


def fall_dice(s: HeroscapeState, f: int, drop: int, to: int) -> int:
    """What a drop of `drop` levels onto `to` rolls against f (not flying): 0 nothing (less than
    its height, onto water, or falling damage off), 1 combat die, 3 for a major fall of height
    + 10, EXTREME_FALL for an extreme fall of height + 20 (a d20 survival roll of 19+)."""
    height = s.card_of(f).height
    if drop < height or s.board.terrain[to] == "w" or not s.options["falling"]:
        return 0
    if drop >= height + 20:
        return EXTREME_FALL
    return 3 if drop >= height + 10 else 1


def fall(s: HeroscapeState, f: int, drop: int, to: int, events: list[Event]) -> bool:
    """Falling (`fall_dice` says what is rolled). Returns True if f was destroyed."""
    dice = fall_dice(s, f, drop, to)
    if not dice:
        return False
    if dice == EXTREME_FALL:
        roll = d20(s, s.owner(f))
        events.append(Event(f"{s.f_name[f]} takes an extreme fall of {drop} levels: d20 {roll}", data={"seat": s.owner(f)}))
        if roll < 19:
            combat.destroy(s, f, events)
        return s.f_state[f] != ON
    skulls = combat.roll_skulls(s, dice)
    events.append(Event(f"{s.f_name[f]} falls {drop} levels: {skulls} wound{'s' if skulls != 1 else ''}", data={"seat": s.owner(f)}))
    combat.wound(s, f, skulls, events, blockable=False)
    return s.f_state[f] != ON
