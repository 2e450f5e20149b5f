# cython: annotation_typing=True
"""Movement (reference §1.4, §1.5): step costs and height limits, passing friendly figures,
water and lava ending a move, double-space figures, flying, falls and leaving-engagement attacks;
the road's 3 extra spaces and castle ladders (rulings and sources in the heroscape README,
"Terrain of the expansions").

The road (heroscape.fandom.com/wiki/Terrain, Road: "If you begin your movement on a road space
(for double spaced figures, both spaces must be on the road) then you may move up to three
additional spaces. The additional spaces must also all be on road spaces"; the Heroscape Quick
Start Guide: "If your entire move consists of road tiles you can add 3 to your figures move
number"): a figure starting its move with every space it occupies on road may move 3 more,
as long as its whole move stays on road. `road_left` holds those 3 while it does: a step onto
any other terrain is allowed only within the normal move, and gives the 3 up.

Ladders (our rule, after the FAQ's "only small or medium single-space figures can use a
ladder"): a ladder joins the two hexes across its edge for small and medium single-space
figures on foot. Our format has one surface per hex, so there are no rungs to stop on: a figure
goes up or down the whole ladder in one step, which costs half a space per level between its
ends (rounded up, at least 1: a ladder doubles the rate of climbing), whatever the figure's
height; it never falls, and crosses a battlement on that edge.

A move is taken one step at a time (`step F H`), so every path choice is the player's and
every step has its consequences in order: leaving-engagement attacks, the step, a fall, a
forced stop on water, lava or a glyph."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Event
from glyphhall.engine.events import public_event

from . import combat, engagement, glyph_effects
from .glyph_effects import d20
from .terrain import OBSTACLES, TERRAINS

if TYPE_CHECKING:
    from .state import HeroscapeState

ON = 1
_STOPPING = frozenset(k for k, t in TERRAINS.items() if t.stops)
ROAD, ROAD_BONUS = "d", 3
LADDER_SIZES = ("small", "medium")


# ---------------------------------------------------------------------------- abilities
def flies(s: HeroscapeState, f: cython.int) -> bool:
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


def road_bonus(s: HeroscapeState, f: cython.int) -> int:
    """The road's extra spaces: 3 when every space f occupies is road, else 0."""
    terrain = s.board.terrain
    if terrain[s.f_hex[f]] != ROAD or (s.f_tail[f] >= 0 and terrain[s.f_tail[f]] != ROAD):
        return 0
    return ROAD_BONUS


def start_move(s: HeroscapeState, f: int) -> None:
    """f starts its move: its movement (and the road's extra spaces), the enemies it is engaged with."""
    s.moving = f
    s.road_left = road_bonus(s, f)
    s.move_left = move_allowance(s, f) + s.road_left
    s.start_engaged = engagement.engaged_with(s, f)
    s.swiped = []


def uses_ladders(s: HeroscapeState, f: cython.int) -> bool:
    return s.f_tail[f] < 0 and s.c_def[s.f_card[f]].size in LADDER_SIZES


def on_ladder(s: HeroscapeState, f: cython.int, frm: cython.int, to: cython.int) -> bool:
    """The step frm -> to goes up or down a ladder (f on foot)."""
    return to in s.board.ladders[frm] and uses_ladders(s, f)


def ladder_cost(rise: int) -> int:
    return max(1, (abs(rise) + 1) // 2)


def _road_after(terrain: list, n: cython.int, left: cython.int, road: cython.int, cost: cython.int) -> tuple[int, int]:
    """(movement left, road extra left) after a step costing `cost` onto n: off the road the
    extra spaces are given up."""
    if terrain[n] == ROAD:
        return left - cost, road
    return left - cost - road, 0


def may_start_moving(s: HeroscapeState, f: int) -> bool:
    """Proftaka's pit: the figure on it moves off only with a friendly figure adjacent."""
    if not glyph_effects.stands_on_effect(s, f, "pit_trap"):
        return True
    return any(s.f_state[g] == ON and g != f and not s.opposed(f, g) and engagement.adjacent(s, f, g)
               for g in range(len(s.f_card)))


# ---------------------------------------------------------------------------- steps
def _kelda_blocks(s: HeroscapeState, f: int, h: int) -> bool:
    """Kelda (rulebook wording): only a figure with a wound may stop on her, when she lies power
    side up. Face down she is a glyph like any other: what may move there must not depend on
    which glyph she is (it told the mover which face-down glyph was Kelda); glyph_rules.stop_on
    resolves her at the reveal."""
    g = s.glyph_at.get(h)
    return (g is not None and g[1] and g[0] == "kelda" and s.options["kelda"] == "rulebook" and s.f_wounds[f] == 0)


def forced_stop(s: HeroscapeState, f: cython.int, head: cython.int, tail: cython.int, flying: bool) -> bool:
    if flying:
        return False
    if head in s.glyph_at:
        return True
    t = TERRAINS[s.board.terrain[head]]
    if not t.stops:
        return False
    return tail < 0 or TERRAINS[s.board.terrain[tail]].stops


@cython.locals(o=cython.Py_ssize_t, height=cython.Py_ssize_t)
def stoppable(s: HeroscapeState, f: cython.Py_ssize_t, head: cython.Py_ssize_t, tail: cython.Py_ssize_t) -> bool:
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


def step_cost(s: HeroscapeState, f: cython.int, frm: cython.int, to: cython.int, flying: bool) -> int:
    """Cost of one step, or 0 when the step is impossible (rising by the figure's height or more)."""
    if flying:
        return 1
    rise = s.board.levels[to] - s.board.levels[frm]
    if on_ladder(s, f, frm, to):
        return ladder_cost(rise)
    if rise <= 0:
        return 1
    if rise >= s.card_of(f).height:
        return 0
    return 1 + rise


def walks(board, height: cython.int, ladders: bool = False) -> list[tuple[tuple[int, int], ...]]:
    """For a figure of this height on foot: from each hex, the (neighbour, cost) steps terrain
    allows - not across a ruin wall, not into an obstacle or under an overhang too low for it,
    rising less than its height, at 1 + the levels risen (`step_cost`); with `ladders` (a
    figure that uses them) also up and down ladders (`ladder_cost`). Terrain never changes:
    computed once per map, height and use of ladders, kept with the map; figures are checked
    by the callers."""
    key = height if ladders else -height
    found = board.walk_tables.get(key)
    if found is not None:
        return found
    levels, terrain, ceiling = board.levels, board.terrain, board.ceiling
    table = []
    for h, nbrs in enumerate(board.neighbours):
        steps = []
        for n in nbrs:
            rise = levels[n] - levels[h]
            if terrain[n] in OBSTACLES or levels[n] + height >= ceiling[n]:
                continue
            if ladders and n in board.ladders[h]:
                steps.append((n, ladder_cost(rise)))
            elif n not in board.wall_nbrs[h] and rise < height:
                steps.append((n, 1 + rise if rise > 0 else 1))
        table.append(tuple(steps))
    board.walk_tables[key] = table
    return table


def _can_finish(s: HeroscapeState, f: cython.int, head: cython.int, tail: cython.int, left: cython.int, flying: bool, ghost: bool,
                road: cython.int = 0) -> bool:
    """From (head, tail) with `left` movement (`road` of it only on road), f can reach a position it may end its move in,
    through positions where nothing forces it to stop: a search over the steps terrain allows
    (`walks`; flyers go anywhere for 1), never through enemies or engaged friends (flyers and
    Ghost Walk pass anyone). It runs for every step that passes a figure and every step of a
    double-space figure; the answer does not depend on the search order."""
    occ, c_team, f_card = s.occ, s.c_team, s.f_card
    me = c_team[f_card[f]]
    # flyers step anywhere for 1 (over obstacles, walls, any height); on foot, as terrain allows
    nbrs, terrain = s.board.neighbours, s.board.terrain
    steps = None if flying else walks(s.board, s.c_def[f_card[f]].height, uses_ladders(s, f))
    double = tail >= 0
    if stoppable(s, f, head, tail):
        return True
    if forced_stop(s, f, head, tail, flying):
        return False
    engaged: dict[int, bool] = {}  # friends passed: engaged or not, asked once per search
    # positions are checked as they are found (the usual answer is a free space next to the
    # start), and only those it may move on from are searched further
    todo = [(head, tail, left, road)]
    seen = set(todo)
    while todo:
        head, tail, left, road = todo.pop()
        new_tail = head if double else -1
        for n, cost in ([(n, 1) for n in nbrs[head]] if steps is None else steps[head]):
            n_left, n_road = _road_after(terrain, n, left, road, cost)
            if n == tail or n_left < 0:
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
            position = (n, new_tail, n_left, n_road)
            if position not in seen and not forced_stop(s, f, n, new_tail, flying):
                seen.add(position)
                todo.append(position)
    return False


def can_finish_flipped(s: HeroscapeState, f: int, left: int) -> bool:
    """A double-space figure turned around could still end its move somewhere legal."""
    return _can_finish(s, f, s.f_tail[f], s.f_hex[f], left, flies(s, f), s.has_power(f, "ghost_walk"), s.road_left)


# Asked for every figure that may move whenever a turn's actions are listed: compiled, the hexes,
# costs and movement left are C integers.
@cython.locals(f=cython.Py_ssize_t, left=cython.Py_ssize_t, head=cython.Py_ssize_t, tail=cython.Py_ssize_t,
               new_tail=cython.Py_ssize_t, rd=cython.Py_ssize_t, n=cython.Py_ssize_t, cost=cython.Py_ssize_t,
               n_left=cython.Py_ssize_t, n_road=cython.Py_ssize_t, o=cython.Py_ssize_t, me=cython.Py_ssize_t)
def step_options(s: HeroscapeState, f: int, left: int, flying: bool | None = None,
                 ghost: bool | None = None, road: int | None = None) -> list[int]:
    """Hexes the leading end of f may step to now with `left` movement (`road` of it only on
    road, s.road_left unless given), never into a position it could not end in. `flying`
    (flies) and `ghost` (Ghost Walk) may be precomputed."""
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
    terrain = board.terrain
    if road is None:
        road = s.road_left
    out = []
    if flying:
        # a flyer crosses walls, figures, obstacles and low overhangs for 1, but may only pass
        # over what it could not end on
        levels, ceiling = board.levels, board.ceiling
        for n in board.neighbours[head]:
            n_left, n_road = _road_after(terrain, n, left, road, 1)
            if n == tail or n_left < 0:
                continue
            o = occ[n]
            passing = (o >= 0 and o != f) or terrain[n] in OBSTACLES or ceiling[n] <= levels[n] + height
            if passing:
                if not _can_finish(s, f, n, new_tail, n_left, flying, ghost, n_road):
                    continue
            elif double and not stoppable(s, f, n, new_tail) and not _can_finish(
                    s, f, n, new_tail, n_left, flying, ghost, n_road):
                continue
            out.append(n)
        return out
    glyphs = s.glyph_at
    me = c_team[f_card[f]]  # passing: own or teammates' figures (reference §1.4)
    rd = road
    for n, cost in walks(board, height, uses_ladders(s, f))[head]:  # walls, obstacles, overhangs, climbing, ladders
        if terrain[n] == ROAD:  # _road_after, inlined
            n_left, n_road = left - cost, rd
        else:
            n_left, n_road = left - cost - rd, 0
        if n == tail or n_left < 0:
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
            if not _can_finish(s, f, n, new_tail, n_left, flying, ghost, n_road):
                continue
        elif double and not stoppable(s, f, n, new_tail) and not _can_finish(
                s, f, n, new_tail, n_left, flying, ghost, n_road):
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
        events.append(public_event(f"{s.f_name[e]} strikes {s.f_name[f]} as it leaves engagement: "
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


def place(s: HeroscapeState, f: cython.int, head: cython.int, tail: cython.int) -> None:
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
    s.move_left, s.road_left = _road_after(s.board.terrain, to, s.move_left, s.road_left, cost)
    levels = s.board.levels
    events.append(_moved(s.board, s.f_name[f], s.owner(f), to))
    drop = levels[head] - levels[to]
    if not flying and drop > 0 and not on_ladder(s, f, head, to) and fall(s, f, drop, to, events):
        return True
    return forced_stop(s, f, to, new_tail, flying)


def _moved(board, figure: str, seat: cython.int, to: cython.int) -> Event:
    """`<figure> moves to <hex>`, with its owner's seat for the log: the same few thousand events
    come up again and again in playouts, so they are kept per map (events are never changed)."""
    table = board.figure_row(board.moved_events, f"{figure} {seat}")
    event = table[to]
    if event is None:
        label = board.labels[to]
        event = table[to] = public_event(f"{figure} moves to {label}", data={"figure": figure, "to": label, "seat": seat})
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
        events.append(public_event(f"{s.f_name[f]} takes an extreme fall of {drop} levels: d20 {roll}", data={"seat": s.owner(f)}))
        if roll < 19:
            combat.destroy(s, f, events)
        return s.f_state[f] != ON
    skulls = combat.roll_skulls(s, dice)
    events.append(public_event(f"{s.f_name[f]} falls {drop} levels: {skulls} wound{'s' if skulls != 1 else ''}", data={"seat": s.owner(f)}))
    combat.wound(s, f, skulls, events, blockable=False)
    return s.f_state[f] != ON
