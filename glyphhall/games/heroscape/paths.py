# cython: annotation_typing=True
"""Where a figure can move this turn, and by which path: the `move FIG HEX` action and the
table's one-click move (reference §1.4 Movement, §1.5 Engagement, §1.9 glyphs).

A move is still made of steps: `move` takes the steps of the chosen path one by one with the
same rules as `step` (leaving-engagement attacks, falls, water, lava and glyph stops), so its
events and end position are those of the same steps taken by hand. This module only finds the
paths, over the positions `movement.step_options` allows, without rolling anything.

**Which path.** Paths to the same end differ only in what the rules make happen on the way:
leaving-engagement attacks (one attack die for each enemy left, §1.5) and falls (§1.4: a die,
three dice for a major fall, a d20 survival roll for an extreme one). Walking figures cannot pass
over a glyph, water or lava (they stop there, so those are only ever the end of a path); a flyer
passes over them and over figures with no effect, so those never differ. Among the paths to an
end the one chosen has, in this order:

1. the fewest extreme falls;
2. the fewest attack dice rolled against the figure (leaving-engagement attacks plus falling dice);
3. the least movement spent (climbing costs more than a level step);
4. then the earliest hexes in board order (a1, a2, ..., b1, ...) step by step, so the choice
   never depends on anything else (never on dice still to be rolled).

The search keeps, with each position, the road's extra spaces still open (movement.py: they
last while the whole move stays on road), so a path leaving the road uses only the normal move.

A double-space figure's leading end goes to HEX and its other end follows the path; `move FIG
HEX TAIL` asks for a given other end. `move` never turns it around: `flip` first, then `move`
(it goes on with the move under way).
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import TYPE_CHECKING, NamedTuple

from . import glyph_effects, movement

if TYPE_CHECKING:
    from .state import HeroscapeState

ON = 1
MOVE = 0  # turn stage in which figures may move (turn.MOVE)


class Path(NamedTuple):
    """A way for a figure to move to `steps[-1]` (its leading end)."""

    steps: tuple[int, ...]  # the hexes the leading end steps onto, in order
    tail: int  # where a double-space figure's other end ends (-1 for a single-space figure)
    extreme_falls: int
    dice: int  # attack dice rolled against the figure on the way: leaving engagement and falls
    spent: int  # movement spent


def why_not_moving(s: HeroscapeState, f: int) -> str | None:
    """Why f may not move now (None: it may). Only the active card's figures move, one at a
    time, each once a turn, before any attack."""
    name = s.f_name[f]
    if s.phase != "turn" or s.active_card < 0 or s.pending:
        return "figures move only during a turn"
    if s.f_card[f] != s.active_card:
        return f"{name} is not on the card taking this turn ({s.c_def[s.active_card].name})"
    if s.f_state[f] != ON:
        return f"{name} is not on the battlefield"
    if s.moving >= 0:
        return None if s.moving == f else f"{s.f_name[s.moving]} is moving: stop it first"
    if s.stage != MOVE:
        return "moves come before attacks and powers: this turn's moving is over"
    if f in s.moved:
        return f"{name} has moved this turn"
    if glyph_effects.glyph_held(s) and not movement.may_start_moving(s, f):
        return f"{name} stands on Proftaka's pit: it moves off only with a friendly figure adjacent"
    return None


def reachable(s: HeroscapeState, f: int) -> dict[int, Path]:
    """Every hex f may end a move on this turn (going on with its move if it is moving), with
    the path chosen to it (see the module's doc); empty when f may not move."""
    out: dict[int, Path] = {}
    for (head, _), path in positions(s, f).items():
        if head not in out or _rank(path) < _rank(out[head]):
            out[head] = path
    return out


def paths_by_label(s: HeroscapeState, figure: str) -> dict[str, list[str]]:
    """`reachable` for a figure named by its id, JSON-ready: end hex label -> the hex labels
    stepped onto (for a table or a terminal to show the path before the move is sent)."""
    f = s.fig_index(figure)
    if f < 0:
        return {}
    labels = s.board.labels
    return {labels[h]: [labels[x] for x in p.steps] for h, p in sorted(reachable(s, f).items())}


def path_to(s: HeroscapeState, f: int, head: int, tail: int | None = None) -> Path | None:
    """The path chosen for f to `head` (and, for a double-space figure, `tail`), or None."""
    if tail is None:
        return reachable(s, f).get(head)
    return positions(s, f).get((head, tail))


def _rank(p: Path) -> tuple:
    return (p.extreme_falls, p.dice, p.spent, p.steps)


def positions(s: HeroscapeState, f: int) -> dict[tuple[int, int], Path]:
    """Every (head, tail) f may end its move on, other than where it stands, with the path chosen
    to it: the cheapest in the order of the module's doc (a shortest-path search over the
    positions the step rules allow, each with the movement left and, for a flyer, the enemies
    that attacked it already)."""
    if why_not_moving(s, f) is not None:
        return {}
    t = s.clone()  # a scratch copy the figure is put down on at each position looked at
    if t.moving < 0:  # as the first `step` sets it up (turn.apply_turn)
        movement.start_move(t, f)
    flying, ghost = movement.flies(t, f), t.has_power(f, "ghost_walk")
    levels, terrain = t.board.levels, t.board.terrain
    start = (t.f_hex[f], t.f_tail[f], t.move_left, tuple(sorted(t.swiped)), t.road_left)
    todo: list[tuple[int, int, int, tuple[int, ...], tuple]] = [(0, 0, 0, (), start)]
    done = set()
    out: dict[tuple[int, int], Path] = {}
    while todo:
        extreme, dice, spent, steps, node = heappop(todo)
        if node in done:
            continue
        done.add(node)
        head, tail, left, swiped, road = node
        if steps:
            if (head, tail) not in out and (head, tail) != start[:2] and movement.stoppable(t, f, head, tail):
                out[(head, tail)] = Path(steps, tail, extreme, dice, spent)
            if movement.forced_stop(t, f, head, tail, flying):
                continue  # the move ends here (water, lava, a glyph)
        movement.place(t, f, head, tail)
        t.move_left, t.road_left = left, road
        new_tail = head if tail >= 0 else -1
        for to in movement.step_options(t, f, left, flying, ghost):
            t.swiped = list(swiped)  # a flyer's leaving attacks: each enemy it started engaged with, once
            attackers = movement.leaving_swipers(t, f, to, new_tail, flying)
            falls = 0 if flying or levels[to] >= levels[head] or movement.on_ladder(t, f, head, to) \
                else movement.fall_dice(t, f, levels[head] - levels[to], to)
            cost = movement.step_cost(t, f, head, to, flying)
            on_road = terrain[to] == movement.ROAD
            heappush(todo, (extreme + (falls == movement.EXTREME_FALL), dice + len(attackers) + max(falls, 0),
                            spent + cost, steps + (to,), (to, new_tail, left - cost - (0 if on_road else road),
                                                          tuple(sorted(t.swiped)), road if on_road else 0)))
    return out


# ---------------------------------------------------------------------------- the move action
def figure_named(s: HeroscapeState, name: str) -> int:
    """The figure called `name` (normalized text): its id (finn, tarn2), or as the army cards
    name it: the card's name for a single figure (Finn the Viking Champion), the card's name
    and a number for a squad's figure (Tarn Viking Warriors 2). The active card's figures
    first; -1 if none."""
    f = s.fig_index(name)
    if f >= 0:
        return f
    order = sorted(range(len(s.c_def)), key=lambda c: c != s.active_card)
    for c in order:
        card, figs = " ".join(s.c_def[c].name.lower().split()), s.c_figs[c]
        if name == card and len(figs) == 1:
            return figs[0]
        number = name[len(card) + 1:] if name.startswith(card + " ") else ""
        if number.isdigit() and 1 <= int(number) <= len(figs):
            return figs[int(number) - 1]
    return -1


def parse_move(s: HeroscapeState, words: list[str]) -> tuple[int, int, int | None]:
    """`move <figure> <hex> [<other end's hex>]` (words after `move`, normalized) as (figure,
    head, tail or None). Raises ValueError saying what is wrong."""
    index = s.board.index
    hexes = 0
    while hexes < 2 and len(words) - hexes > 1 and words[len(words) - 1 - hexes] in index:
        hexes += 1
    if len(words) < 2:
        raise ValueError("write move <figure> <hex>, e.g. move finn c4")
    if hexes == 0:
        raise ValueError(f"{words[-1]!r} is not a hex of this map (hexes are a row letter and a column number, e.g. c4)")
    name = " ".join(words[:len(words) - hexes])
    f = figure_named(s, name)
    if f < 0 and hexes == 2:  # a figure whose name ends like a hex label
        hexes, f = 1, figure_named(s, " ".join(words[:-1]))
    if f < 0:
        mine = [s.f_name[g] for g in s.c_figs[s.active_card] if s.f_state[g] == ON] if s.active_card >= 0 else []
        raise ValueError(f"there is no figure {name!r}" + (f"; this turn's figures: {', '.join(mine)}" if mine else ""))
    head = index[words[-hexes]]
    tail = index[words[-1]] if hexes == 2 else None
    return f, head, tail


def _label_order(label: str) -> tuple[str, int, str]:
    """Hexes in reading order: a1, a2, ..., a10, then b1 (not a1, a10, a2)."""
    letters = "".join(ch for ch in label if ch.isalpha())
    digits = "".join(ch for ch in label if ch.isdigit())
    return (letters, int(digits) if digits else -1, label)


def move_error(s: HeroscapeState, f: int, head: int, tail: int | None) -> str | None:
    """Why f may not move to (head[, tail]) now, in words; None if it may."""
    reason = why_not_moving(s, f)
    if reason is not None:
        return reason
    name, labels = s.f_name[f], s.board.labels
    if tail is not None and s.f_tail[f] < 0:
        return f"{name} stands on one space: name only the hex it moves to"
    if path_to(s, f, head, tail) is not None:
        return None
    where = labels[head] + ("" if tail is None else f" with its other end on {labels[tail]}")
    ends = sorted((labels[h] for h in reachable(s, f)), key=_label_order)
    shown = ", ".join(ends)
    return (f"{name} cannot end a move on {where} this turn"
            + (f" (it can reach {len(ends)} hexes: {shown})" if ends else " (it cannot move anywhere)"))
