"""Real geometry of glyphs (Shapely): outlines, overlaps, validity, and derived properties.

A shape is (kind, x, y, rot): kind index, anchor position in half units (so 3 means 1.5 grid
cells), rotation in 45-degree steps counter-clockwise. Two shapes are connected when their
interiors overlap by a clear area; touching along an edge or at a corner, barely overlapping or
almost touching is refused as ambiguous (rulebook, "Logistics Tips" and "About Glyphs").
Pairwise relations depend only on the two kinds, rotations and the offset, so they are memoized:
building and checking glyphs costs a dict lookup per pair once warm."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import shapely
import shapely.errors
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box

from glyphhall.engine import IllegalAction

from .shapes import ROTATIONS, shape_set

MAX_SHAPES = 6
#: Interiors overlapping by less than this area (square units) count as "barely touching".
MIN_OVERLAP = 0.02
#: Shapes closer than this without overlapping "almost touch".
MIN_GAP = 0.1
APART, AMBIGUOUS, OVERLAP = 0, 1, 2
#: Largest anchor offset (half units) at which two shapes can still overlap.
REACH = 9

Shape = tuple[int, int, int, int]  # kind, x (half units), y (half units), rot (45-degree steps)


class GlyphError(IllegalAction):
    """A glyph the rules refuse (empty, too big, disconnected, ambiguous contact, hidden shape)."""


@cache
def base_outline(kind: int, rot: int) -> Polygon:
    """The outline of a kind turned `rot` steps about its anchor at the origin."""
    k = shape_set().kinds[kind]
    p = k.params
    if k.outline == "polygon":
        poly = Polygon(p["polygon"])
    elif k.outline == "disc":
        poly = Point(0, 0).buffer(p["radius"], quad_segs=8)
    elif k.outline == "sector":
        a0, a1, r = math.radians(p["from"]), math.radians(p["to"]), p["radius"]
        steps = 16
        arc = [(r * math.cos(a0 + (a1 - a0) * i / steps), r * math.sin(a0 + (a1 - a0) * i / steps))
               for i in range(steps + 1)]
        poly = Polygon([(0.0, 0.0), *arc]) if abs(a1 - a0) < 2 * math.pi - 1e-9 else Polygon(arc)
    else:  # stick
        half_l, half_w = p["length"] / 2, p["width"] / 2
        poly = box(-half_l, -half_w, half_l, half_w)
    if rot % ROTATIONS:
        poly = affinity.rotate(poly, 45 * rot, origin=(0, 0))
    return poly


@cache
def _area(kind: int) -> float:
    return base_outline(kind, 0).area


@cache
def _centroid_offset(kind: int, rot: int) -> float:
    return base_outline(kind, rot).centroid.y


def centroid_height(shape: Shape) -> float:
    """The height of a placed shape's centroid in grid units (for "above" and "below")."""
    return shape[2] / 2 + _centroid_offset(shape[0], shape[3])


#: "points at": the ray must run at least this far (grid units) inside the target, so a ray
#: that only grazes a corner or runs along an edge does not count.
POINT_MIN_RUN = 0.05
_RAY_REACH = 100.0


@cache
def points_at(shapes: tuple[Shape, ...]) -> tuple[int, ...]:
    """Per shape, a bitmask of the shapes it points at: the ray from its centroid in its pointing
    direction (through its tip) crosses them. Shapes without a direction point at nothing."""
    kinds = shape_set().kinds
    polys = [outline(s) for s in shapes]
    out = []
    for i, s in enumerate(shapes):
        mask = 0
        d = kinds[s[0]].points
        if d is not None:
            angle = math.radians(45 * ((d + s[3]) % ROTATIONS))
            c = polys[i].centroid
            ray = LineString([(c.x, c.y), (c.x + _RAY_REACH * math.cos(angle), c.y + _RAY_REACH * math.sin(angle))])
            for j, p in enumerate(polys):
                if j != i and ray.intersection(p).length >= POINT_MIN_RUN:
                    mask |= 1 << j
        out.append(mask)
    return tuple(out)


def outline(shape: Shape) -> Polygon:
    kind, x, y, rot = shape
    return affinity.translate(base_outline(kind, rot), x / 2, y / 2)


@cache
def _pair_table(k1: int, r1: int, k2: int, r2: int) -> dict[tuple[int, int], tuple[int, float]]:
    """(relation, overlap area) for every offset within reach, computed in one vectorized pass."""
    a = base_outline(k1, r1)
    b = base_outline(k2, r2)
    ax0, ay0, ax1, ay1 = a.bounds
    bx0, by0, bx1, by1 = b.bounds
    table = {}
    near = []
    for dx in range(-REACH, REACH + 1):
        for dy in range(-REACH, REACH + 1):
            # bounding boxes further apart than the gap: certainly apart, no geometry needed
            if (bx0 + dx / 2 > ax1 + MIN_GAP or bx1 + dx / 2 < ax0 - MIN_GAP
                    or by0 + dy / 2 > ay1 + MIN_GAP or by1 + dy / 2 < ay0 - MIN_GAP):
                table[dx, dy] = (APART, 0.0)
            else:
                near.append((dx, dy))
    if near:
        shift = np.array(near, dtype=float)[:, None, :] / 2
        moved = shapely.polygons(shapely.get_coordinates(b)[None, :, :] + shift)
        areas = shapely.area(shapely.intersection(a, moved))
        gaps = shapely.distance(a, moved)
        for off, area, gap in zip(near, areas, gaps, strict=True):
            rel = OVERLAP if area >= MIN_OVERLAP else (AMBIGUOUS if gap < MIN_GAP else APART)
            table[off] = (rel, float(area))
    return table


def pair_info(k1: int, r1: int, k2: int, r2: int, dx: int, dy: int) -> tuple[int, float]:
    """(APART, AMBIGUOUS or OVERLAP; overlap area) for shape 2 placed (dx, dy) half units from shape 1."""
    if max(abs(dx), abs(dy)) > REACH:
        return APART, 0.0
    return _pair_table(k1, r1, k2, r2)[dx, dy]


def pair_relation(k1: int, r1: int, k2: int, r2: int, dx: int, dy: int) -> int:
    return pair_info(k1, r1, k2, r2, dx, dy)[0]


def relation(a: Shape, b: Shape) -> int:
    return pair_relation(a[0], a[3], b[0], b[3], b[1] - a[1], b[2] - a[2])


@cache
def overlap_offsets(k1: int, r1: int, k2: int, r2: int) -> tuple[tuple[int, int], ...]:
    """Every offset (half units) at which shape 2 clearly overlaps shape 1."""
    return tuple(off for off, (rel, _) in _pair_table(k1, r1, k2, r2).items() if rel == OVERLAP)


def normalize(shapes) -> tuple[Shape, ...]:
    """Canonical form: rotations reduced by each kind's symmetry, translated so the smallest
    anchor coordinates are 0, shapes sorted. Decrees never see absolute position."""
    kinds = shape_set().kinds
    shapes = [(k, x, y, kinds[k].canonical_rot(r)) for k, x, y, r in shapes]
    if not shapes:
        return ()
    mx = min(s[1] for s in shapes)
    my = min(s[2] for s in shapes)
    return tuple(sorted((k, x - mx, y - my, r) for k, x, y, r in shapes))


def adjacency(shapes) -> tuple[int, ...]:
    """Per shape, a bitmask of the shapes its interior overlaps."""
    n = len(shapes)
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if relation(shapes[i], shapes[j]) == OVERLAP:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return tuple(adj)


def problems(shapes) -> list[str]:
    """Why the rules refuse this glyph (empty list: it is a valid glyph)."""
    kinds = shape_set().kinds
    n = len(shapes)
    if n == 0:
        return ["a glyph needs at least one shape"]
    if n > MAX_SHAPES:
        return [f"a glyph has at most {MAX_SHAPES} shapes, not {n}"]

    def name(i: int) -> str:
        return f"shape {i + 1} ({kinds[shapes[i][0]].singular})"

    out = []
    for i in range(n):
        for j in range(i + 1, n):
            if relation(shapes[i], shapes[j]) == AMBIGUOUS:
                out.append(f"{name(i)} and {name(j)} only touch along an edge or at a corner, barely "
                           "overlap or almost touch, which is ambiguous: overlap them clearly or move them apart")
    if out:
        return out
    adj = adjacency(shapes)
    seen, todo = 1, [0]
    while todo:
        i = todo.pop()
        for j in range(n):
            if adj[i] >> j & 1 and not seen >> j & 1:
                seen |= 1 << j
                todo.append(j)
    if seen != (1 << n) - 1:
        cut = [str(j + 1) for j in range(n) if not seen >> j & 1]
        return [f"the glyph is not connected: shape{'s' if len(cut) > 1 else ''} {', '.join(cut)} "
                "overlap nothing joined to shape 1 (shapes connect only by overlapping)"]
    for i in range(n):
        # cheap bound first: the overlaps together must cover the shape for it to be hidden
        a = shapes[i]
        covered = sum(pair_info(a[0], a[3], b[0], b[3], b[1] - a[1], b[2] - a[2])[1]
                      for j, b in enumerate(shapes) if adj[i] >> j & 1)
        if covered < _area(a[0]) - MIN_OVERLAP:
            continue
        others = [outline(shapes[j]) for j in range(n) if adj[i] >> j & 1]
        if outline(a).difference(shapely.union_all(others)).area < MIN_OVERLAP:
            out.append(f"{name(i)} is hidden entirely behind other shapes")
    return out


def validate(shapes) -> tuple[Shape, ...]:
    """The glyph in canonical form, or GlyphError saying what the rules refuse."""
    found = problems(shapes)
    if found:
        raise GlyphError("invalid glyph: " + "; ".join(found))
    return normalize(shapes)


def union(shapes) -> Polygon:
    return shapely.union_all([outline(s) for s in shapes])


@cache
def geo_flags(shapes: tuple[Shape, ...]) -> dict[str, bool]:
    """The properties only real geometry decides: mirror symmetry, an enclosed hole, taller
    than wide, wider than tall."""
    u = shapely.make_valid(shapely.set_precision(union(shapes), 1e-6))
    minx, miny, maxx, maxy = u.bounds
    w, h = maxx - minx, maxy - miny
    holes = any(Polygon(r).area >= MIN_OVERLAP for p in getattr(u, "geoms", [u]) for r in p.interiors)
    return {"symmetric": _symmetric(u), "holed": holes, "tall": h > w + 0.1, "wide": w > h + 0.1}


def _symmetric(u: Polygon) -> bool:
    c = u.centroid
    area = u.area
    for deg in range(0, 180, 15):  # shapes turn in 45-degree steps; triangles add 30-degree axes
        t = math.radians(deg)
        cos2, sin2 = math.cos(2 * t), math.sin(2 * t)
        # reflection across the line through c at angle t
        m = [cos2, sin2, sin2, -cos2, c.x - cos2 * c.x - sin2 * c.y, c.y - sin2 * c.x + cos2 * c.y]
        try:
            diff = u.symmetric_difference(affinity.affine_transform(u, m)).area
        except shapely.errors.GEOSException:  # a degenerate sliver: measure on a cleaned copy
            diff = u.buffer(0).symmetric_difference(affinity.affine_transform(u, m).buffer(0)).area
        if diff < 0.01 * area + 0.02:
            return True
    return False


def is_connected_adj(adj: tuple[int, ...]) -> bool:
    n = len(adj)
    seen, todo = 1, [0]
    while todo:
        i = todo.pop()
        fresh = adj[i] & ~seen
        seen |= fresh
        todo.extend(j for j in range(n) if fresh >> j & 1)
    return seen == (1 << n) - 1


def realize(kinds, rots, edges: set, rng, tries: int = 4) -> tuple[Shape, ...] | None:
    """Real shapes with exactly these kinds, rotations and overlap graph (edges: set of (i, j),
    i < j; the graph must be connected), or None if none is found. Shapes are placed in
    breadth-first order, each overlapping its parent and pushed outward from the glyph's
    centre, with a little backtracking."""
    n = len(kinds)
    nbrs: list[set[int]] = [set() for _ in range(n)]
    for i, j in edges:
        nbrs[i].add(j)
        nbrs[j].add(i)
    order = [0]
    parent: dict[int, int | None] = {0: None}
    for i in order:
        for j in sorted(nbrs[i]):
            if j not in parent:
                parent[j] = i
                order.append(j)
    if len(order) != n:
        return None
    for _ in range(tries):
        placed: dict[int, Shape] = {order[0]: (kinds[order[0]], 0, 0, rots[order[0]])}
        if _place(1, order, parent, nbrs, kinds, rots, placed, rng, [0]):
            shapes = tuple(placed[i] for i in range(n))
            if not problems(shapes):
                return shapes
    return None


def _place(step, order, parent, nbrs, kinds, rots, placed, rng, budget) -> bool:
    if step == len(order):
        return True
    budget[0] += 1
    if budget[0] > 400:
        return False
    i = order[step]
    p = placed[parent[i]]
    cx = sum(s[1] for s in placed.values()) / len(placed)
    cy = sum(s[2] for s in placed.values()) / len(placed)
    cands = []
    for dx, dy in overlap_offsets(p[0], p[3], kinds[i], rots[i]):
        s = (kinds[i], p[1] + dx, p[2] + dy, rots[i])
        ok = True
        for j, other in placed.items():
            want = OVERLAP if j in nbrs[i] else APART
            if relation(other, s) != want:
                ok = False
                break
        if ok:
            cands.append(((s[1] - cx) ** 2 + (s[2] - cy) ** 2 + rng.random() * 6, s))
    cands.sort(reverse=True)
    for _, s in cands[:5]:
        placed[i] = s
        if _place(step + 1, order, parent, nbrs, kinds, rots, placed, rng, budget):
            return True
        del placed[i]
    return False


def random_glyph(rng, n: int, kinds_pool=None) -> tuple[Shape, ...]:
    """A random valid glyph of n shapes, grown by overlapping a random earlier shape."""
    ss = shape_set()
    pool = kinds_pool or range(len(ss.kinds))
    while True:
        shapes: list[Shape] = []
        for _ in range(n):
            k = rng.choice(list(pool))
            r = rng.below(ss.kinds[k].period)
            if not shapes:
                shapes.append((k, 0, 0, r))
                continue
            for _attempt in range(20):
                p = rng.choice(shapes)
                offs = overlap_offsets(p[0], p[3], k, r)
                dx, dy = rng.choice(offs)
                s = (k, p[1] + dx, p[2] + dy, r)
                if all(relation(o, s) != AMBIGUOUS for o in shapes) and s not in shapes:
                    shapes.append(s)
                    break
            else:
                break
        if len(shapes) == n and not problems(shapes):
            return normalize(shapes)
