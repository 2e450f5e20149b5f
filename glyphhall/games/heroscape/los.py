# cython: annotation_typing=True
"""Range and line of sight between figures over levels (reference §1.6).

Each figure is a column on its hex: from its base (the hex level) up to base + height. The
printed Target Point and Hit Zone are pictures on the cards, so we model them (a reconstruction,
see README): the Target Point sits at `target_point` x height, the Hit Zone spans
`hit_zone` = (low, high) x height. Line of sight exists when a straight line from the attacker's
Target Point reaches some sample of the defender's Hit Zone without passing below the top of an
intervening terrain column or through an intervening figure's column. A line is tried on both
sides of hex edges (it only has to be clear on one). Gaps do not block: a line may pass over the
edge of the battlefield. "Clear sight" (auras) is looser: any part of the figure counts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from . import hexes

if TYPE_CHECKING:
    from .state import HeroscapeState

NUDGES = (1e-6, -1e-6)
HIT_SAMPLES = 3


def figure_hexes(s: HeroscapeState, f: cython.int) -> tuple:
    tail = s.f_tail[f]
    return (s.f_hex[f],) if tail < 0 else (s.f_hex[f], tail)


@cython.locals(ha=cython.Py_ssize_t, hb=cython.Py_ssize_t, ta=cython.Py_ssize_t, tb=cython.Py_ssize_t,
               x=cython.Py_ssize_t, row=list)
def fig_range(s: HeroscapeState, a: cython.int, b: cython.int) -> int:
    """Spaces from figure a to figure b, from whichever of their hexes is closest."""
    dmat = s.board.dmat
    ha, hb, ta, tb = s.f_hex[a], s.f_hex[b], s.f_tail[a], s.f_tail[b]
    row = dmat[ha]
    x = row[hb]
    if tb >= 0:
        x = min(x, row[tb])
    if ta >= 0:  # written out: listing attacks asks this for every pair of figures in reach
        row = dmat[ta]
        x = min(x, row[hb]) if tb < 0 else min(x, row[hb], row[tb])
    return x


def _geometry(board, src: int, dst: int) -> tuple:
    """The straight lines src -> dst, one per edge side (one only when both sides cross the same
    hexes), each as (walls, between): the ruin walls on the edges it crosses as (wall top,
    position sum at the wall), usually none, and the hexes strictly between src and dst as one
    flat tuple (hex, t, level, overhang underside, overhang top, hex, t, ...: one object for the
    garbage collector, see `_build_lines`). Terrain never changes, so this is kept with the
    sight lines (`board.sight_cache`), whatever the figures' heights."""
    key = ("geometry", src, dst)
    found = board.sight_cache.get(key)
    if found is not None:
        return found
    levels, walls, ceiling, ceiling_top = board.levels, board.walls, board.ceiling, board.ceiling_top
    by_coord, (aq, ar), (bq, br) = board.by_coord, board.coords[src], board.coords[dst]
    out = []
    seen = []
    for nudge in NUDGES:
        # the hexes that exist on the line (it may pass over gaps), as board.line_hexes gives
        # them, without keeping a second copy there
        crossed = [(t, h) for t, (q, r) in hexes.line_offsets(bq - aq, br - ar, nudge)
                   if (h := by_coord.get((aq + q, ar + r))) is not None]
        hexes_crossed = [h for _, h in crossed]
        if hexes_crossed in seen:  # both sides cross the same hexes: the same line
            continue
        seen.append(hexes_crossed)
        walls_crossed = []
        prev, prev_t = -1, 0.0
        for t, h in crossed:
            wall = walls.get((prev, h)) if walls else None
            if wall is not None:
                walls_crossed.append((wall, prev_t + t))
            prev, prev_t = h, t
        between: list[Any] = []
        for t, h in crossed[1:-1]:
            between += (h, t, levels[h], ceiling[h], ceiling_top[h])
        out.append((tuple(walls_crossed), tuple(between)))
    found = board.sight_cache[key] = tuple(out)
    return found


@cython.locals(k=cython.Py_ssize_t, between=tuple, z0=cython.double, z1=cython.double, rise=cython.double,
               t=cython.double, level=cython.double, under=cython.double, top=cython.double, z=cython.double)
def _build_lines(board, src: int, dst: int, z0: float, z1s: tuple[float, ...], key: tuple):
    """The sight lines from height z0 over src to each height of z1s over dst (both edge sides)
    that terrain leaves open, each as the hexes where a figure could still block it, one flat
    tuple (hex, level, line height, hex, level, ...); True when some line is open whatever
    figures stand on the way. Terrain never changes, so this is cached per map under `key`
    (figures are checked by `_open`). Flat, a line is one object for the garbage collector to
    count and walk, not one per hex: building the cache was 60 % collections."""
    geometry = _geometry(board, src, dst)
    lines: list[tuple[float, ...]] = []
    always_open = False
    for z1 in z1s:
        rise = z1 - z0
        for walls_crossed, between in geometry:
            if walls_crossed and _under_a_wall(walls_crossed, z0, rise):
                continue
            line: list[float] = []
            for k in range(0, len(between), 5):  # (hex, t, level, underside, top) after each other
                # (compiled, the heights are C doubles: the same values as Python's floats)
                t, level, under, top = between[k + 1], between[k + 2], between[k + 3], between[k + 4]
                z = z0 + rise * t
                if level > z or under <= z <= top:
                    break  # under the terrain's top, or through an overhang
                line.append(between[k])
                line.append(between[k + 2])  # the level as the map holds it
                line.append(z)
            else:
                if not line:
                    always_open = True
                    break
                lines.append(tuple(line))
        if always_open:
            break
    out = True if always_open else tuple(lines)
    cache = board.sight_cache
    if len(cache) > 300_000:  # bound the memory of a long-running server
        cache.clear()
    cache[key] = out
    return out


def _under_a_wall(walls_crossed: tuple[tuple[int, float], ...], z0: float, rise: float) -> bool:
    """A ruin wall on an edge the line crosses stands above the line there."""
    for wall, at in walls_crossed:
        if wall > z0 + rise * at / 2:
            return True
    return False


@cython.locals(k=cython.Py_ssize_t, line=tuple)
def _open(s: HeroscapeState, lines, ignore: tuple) -> bool:
    """Some line is not blocked by a figure's column (other than those in `ignore`)."""
    if lines is True:
        return True
    occ, f_card, cards = s.occ, s.f_card, s.c_def
    for line in lines:
        for k in range(0, len(line), 3):  # (hex, level, line height) after each other
            o = occ[line[k]]
            if o >= 0 and o not in ignore and line[k + 1] + cards[f_card[o]].height > line[k + 2]:
                break
        else:
            return True
    return False


# Sight heights of a card relative to its base: (card, shape number, eye, hit zone samples,
# clear sight samples). Cards of the same shape (most are Medium 5 with the usual zones) share
# a shape number, and so their entries in the per-map line cache.
_PROFILES: dict[int, tuple] = {}
_SHAPES: dict[tuple, int] = {}
_EYE, _HIT, _CLEAR = 2, 3, 4
CLEAR_FRACTIONS = (0.1, 0.5, 0.99)


def _profile(card) -> tuple:
    p = _PROFILES.get(id(card))
    if p is None or p[0] is not card:
        low, high = card.hit_zone
        step = (high - low) / (HIT_SAMPLES - 1)
        hit = tuple([card.height * (low + step * i) for i in range(HIT_SAMPLES)])
        clear = tuple([card.height * frac for frac in CLEAR_FRACTIONS])
        eye = card.height * card.target_point
        shape = _SHAPES.setdefault((eye, hit, clear), len(_SHAPES) + 1)
        p = _PROFILES[id(card)] = (card, shape, eye, hit, clear)
    return p


def _sees(s: HeroscapeState, a: cython.int, b: cython.int, kind: cython.int) -> bool:
    """a's Target Point sees b at the heights of `kind` (_HIT or _CLEAR) of b's profile."""
    board = s.board
    cache, levels = board.sight_cache, board.levels
    pa, pb = _profile(s.c_def[s.f_card[a]]), _profile(s.c_def[s.f_card[b]])
    ignore = (a, b)
    for ah in figure_hexes(s, a):
        for bh in figure_hexes(s, b):
            key = (ah, bh, pa[1], pb[1], kind)
            lines = cache.get(key)
            if lines is None:
                z0 = levels[ah] + pa[_EYE]
                lines = _build_lines(board, ah, bh, z0, tuple([levels[bh] + x for x in pb[kind]]), key)
            if _open(s, lines, ignore):
                return True
    return False


def line_of_sight(s: HeroscapeState, a: cython.int, b: cython.int) -> bool:
    """Attack line of sight from a's Target Point to b's Hit Zone."""
    return _sees(s, a, b, _HIT)


def clear_sight(s: HeroscapeState, a: int, b: int, spaces: int) -> bool:
    """b is within `spaces` clear sight spaces of a: in range and any part of b visible."""
    if fig_range(s, a, b) > spaces:
        return False
    return _sees(s, a, b, _CLEAR)


def hex_clear_sight(s: HeroscapeState, a: int, h: int) -> bool:
    """a can see the top of hex h (used for lines of effect such as Fire Line)."""
    board = s.board
    cache, levels = board.sight_cache, board.levels
    pa = _profile(s.c_def[s.f_card[a]])
    for ah in figure_hexes(s, a):
        key = (ah, h, pa[1], 0, 0)
        lines = cache.get(key)
        if lines is None:
            lines = _build_lines(board, ah, h, levels[ah] + pa[_EYE], (levels[h] + 0.5,), key)
        if _open(s, lines, (a,)):
            return True
    return False
