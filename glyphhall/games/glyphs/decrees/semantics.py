"""What a decree means, written once over an abstract glyph "model" with three back ends:
a Python glyph (the referee), a numpy batch of glyphs (fast screening of pools), and z3
variables (the mage's solver). Because all three run this same code, the solver and the referee
cannot disagree about a decree's meaning.

An abstract glyph is: shapes (slots) each with a kind and a rotation, the overlap graph, four
geometric flags (symmetric, holed, tall, wide) that only real geometry decides, and each shape's
centroid height (for "above"/"below": the referee and numpy read it from the real shapes; the
solver leaves it a free real number, see mage.py)."""

from __future__ import annotations

from functools import cache

import numpy as np

from ..shapes import FEATURES, ROTATIONS, shape_set
from .ast import (
    ABOVE_MARGIN,
    NP,
    And,
    Compare,
    GlyphIs,
    Has,
    HasFeature,
    IsA,
    IsAdj,
    Not,
    Or,
    Overlaps,
    Points,
    PointsAt,
    Quant,
    Quantified,
    Relation,
    That,
    Total,
    WithFeature,
)

_DIR_INDEX = {"right": 0, "up": 2, "left": 4, "down": 6}
#: Float slack when comparing centroid heights against the margin (centroids are computed).
HEIGHT_EPS = 1e-6


@cache
def orientation_table() -> dict[str, np.ndarray]:
    """name -> bool[kind, rot]: orientation adjectives and pointing directions per kind and rotation."""
    kinds = shape_set().kinds
    names = ("upright", "tilted", "horizontal", "vertical", "diagonal",
             "p:right", "p:up", "p:left", "p:down", "p:diagonally")
    t = {n: np.zeros((len(kinds), ROTATIONS), dtype=bool) for n in names}
    for k in kinds:
        for r in range(ROTATIONS):
            if r >= k.period:
                continue  # not a canonical rotation
            t["upright"][k.index, r] = r % 2 == 0
            t["tilted"][k.index, r] = r % 2 == 1
            if k.elongated:
                t["horizontal"][k.index, r] = r % 4 == 0
                t["vertical"][k.index, r] = r % 4 == 2
                t["diagonal"][k.index, r] = r % 2 == 1
            if k.points is not None:
                d = (k.points + r) % ROTATIONS
                for name, want in _DIR_INDEX.items():
                    t["p:" + name][k.index, r] = d == want
                t["p:diagonally"][k.index, r] = d % 2 == 1
    return t


@cache
def feature_table() -> dict[str, tuple[int, ...]]:
    kinds = shape_set().kinds
    t = {f: tuple(k.features[f] for k in kinds) for f in FEATURES}
    t["sides"] = tuple(k.features["segments"] + k.features["curves"] for k in kinds)
    return t


class KRSet:
    """A set of (kind, rotation) pairs: what a noun with adjectives (or one adjective) allows.
    Each back end tests membership its own way (set lookup, array lookup, z3 disjunction)."""

    __slots__ = ("arr", "pairs", "everything")

    def __init__(self, arr: np.ndarray) -> None:
        self.arr = arr
        self.pairs = frozenset(zip(*map(tuple, np.nonzero(arr)), strict=True))
        self.everything = bool(arr[_canonical_mask()].all())


@cache
def _canonical_mask() -> np.ndarray:
    kinds = shape_set().kinds
    mask = np.zeros((len(kinds), ROTATIONS), dtype=bool)
    for k in kinds:
        mask[k.index, : k.period] = True
    return mask


@cache
def _adj_array(adj: str) -> np.ndarray:
    families = shape_set().families
    if adj in families:
        arr = np.zeros_like(_canonical_mask())
        arr[sorted(families[adj]), :] = True
        return arr & _canonical_mask()
    return orientation_table()[adj]


@cache
def noun_set(noun_: str, adjs: tuple[str, ...]) -> KRSet:
    arr = _canonical_mask().copy()
    if noun_ != "shape":
        keep = np.zeros_like(arr)
        keep[shape_set().by_id(noun_).index, :] = True
        arr &= keep
    for a in adjs:
        arr &= _adj_array(a)
    return KRSet(arr)


@cache
def adj_set(adj: str) -> KRSet:
    return KRSet(_adj_array(adj) & _canonical_mask())


# --- the semantics -------------------------------------------------------------------------------

def holds(cond, m):
    """The truth of a decree condition on model m (a bool, a bool array or a z3 formula)."""
    if isinstance(cond, Has):
        return quant(cond.quant, count(cond.np, m), m)
    if isinstance(cond, Total):
        if cond.feature == "overlaps":
            return quant(cond.quant, edges(m), m)
        return quant(cond.quant, m.sum_([m.ite(m.present(i), m.feature(i, cond.feature), 0) for i in m.slots]), m)
    if isinstance(cond, Compare):
        a, b = count(cond.left, m), count(cond.right, m)
        return a > b if cond.op == "more" else a == b
    if isinstance(cond, Quantified):
        if cond.det == "every":
            return m.and_([m.or_([m.not_(m.present(i)), m.not_(noun(cond.np, i, m)), verb(cond.vp, i, m)])
                           for i in m.slots])
        some = m.or_([m.and_([m.present(i), noun(cond.np, i, m), verb(cond.vp, i, m)]) for i in m.slots])
        return some if cond.det == "some" else m.not_(some)
    if isinstance(cond, GlyphIs):
        if cond.prop == "chain":
            return m.and_([edges(m) == m.n - 1] + [m.or_([m.not_(m.present(i)), degree(i, m) <= 2]) for i in m.slots])
        if cond.prop == "loop":
            return edges(m) >= m.n
        return m.geo(cond.prop)
    if isinstance(cond, Not):
        return m.not_(holds(cond.cond, m))
    if isinstance(cond, And):
        return m.and_([holds(c, m) for c in cond.conds])
    if isinstance(cond, Or):
        return m.or_([holds(c, m) for c in cond.conds])
    raise TypeError(f"not a decree condition: {cond!r}")


def quant(q: Quant, x, m):
    if q.op == "eq":
        return x == q.a
    if q.op == "ge":
        return x >= q.a
    if q.op == "le":
        return x <= q.a
    if q.op == "between":
        return m.and_([x >= q.a, x <= q.b])
    if q.op == "even":
        return x % 2 == 0
    if q.op == "odd":
        return x % 2 == 1
    if q.op == "mult":
        return x % q.a == 0
    raise ValueError(q.op)


def _memo(fn):
    """Remember results per model: many decrees share counts and clauses, and a model
    (one glyph, one batch, one solver query) is evaluated against hundreds of them."""

    def wrapper(*args):
        m = args[-1]
        key = (fn.__name__, *args[:-1])
        try:
            return m.memo[key]
        except KeyError:
            value = m.memo[key] = fn(*args)
            return value

    wrapper.__name__ = fn.__name__
    return wrapper


@_memo
def count(np_: NP, m):
    return m.sum_([m.ite(m.and_([m.present(i), noun(np_, i, m)]), 1, 0) for i in m.slots])


@_memo
def edges(m):
    return m.sum_([m.ite(m.and_([m.present(i), m.present(j), m.adj(i, j)]), 1, 0)
                   for i in m.slots for j in m.slots if i < j])


@_memo
def degree(i, m):
    return m.sum_([m.ite(m.and_([m.present(j), m.adj(i, j)]), 1, 0) for j in m.slots if j != i])


def feature(i, name, m):
    return degree(i, m) if name == "overlaps" else m.feature(i, name)


@_memo
def noun(np_: NP, i, m):
    parts = []
    kr = noun_set(np_.noun, np_.adjs)
    if not kr.everything:
        parts.append(m.kr(i, kr))
    if isinstance(np_.rel, WithFeature):
        parts.append(quant(np_.rel.quant, feature(i, np_.rel.feature, m), m))
    elif isinstance(np_.rel, That):
        parts.append(verb(np_.rel.vp, i, m))
    return m.and_(parts) if parts else True


@_memo
def verb(vp, i, m):
    if isinstance(vp, Overlaps):
        others = [j for j in m.slots if j != i]
        if vp.det == "every":
            return m.and_([m.or_([m.not_(m.present(j)), m.not_(noun(vp.np, j, m)), m.adj(i, j)]) for j in others])
        some = m.or_([m.and_([m.present(j), m.adj(i, j), noun(vp.np, j, m)]) for j in others])
        return some if vp.det == "some" else m.not_(some)
    if isinstance(vp, (Relation, PointsAt)):
        others = [j for j in m.slots if j != i]

        def rel(j):
            if isinstance(vp, PointsAt):
                return m.points_at(i, j)
            return m.above(i, j) if vp.rel == "above" else m.above(j, i)

        if vp.det == "every":
            return m.and_([m.or_([m.not_(m.present(j)), m.not_(noun(vp.np, j, m)), rel(j)]) for j in others])
        some = m.or_([m.and_([m.present(j), rel(j), noun(vp.np, j, m)]) for j in others])
        return some if vp.det == "some" else m.not_(some)
    if isinstance(vp, Points):
        return m.kr(i, adj_set("p:" + vp.direction))
    if isinstance(vp, IsAdj):
        return m.kr(i, adj_set(vp.adj))
    if isinstance(vp, IsA):
        return noun(vp.np, i, m)
    if isinstance(vp, HasFeature):
        return quant(vp.quant, feature(i, vp.feature, m), m)
    raise TypeError(f"not a verb phrase: {vp!r}")


# --- back end 1: one glyph in Python ----------------------------------------------------------

class GlyphModel:
    """An abstract glyph for the referee: kinds, rotations, overlap bitmasks, geometric flags
    (a dict, or a callable computing it on first use)."""

    __slots__ = ("kinds", "rots", "adjm", "_geo", "n", "slots", "memo", "heights", "_pointing")

    def __init__(self, kinds, rots, adjm, geo, heights=(), pointing=()) -> None:
        self.kinds, self.rots, self.adjm, self._geo = tuple(kinds), tuple(rots), tuple(adjm), geo
        self.heights = tuple(heights)  # centroid heights in grid units (position relations)
        self._pointing = pointing  # bitmasks of the shapes each points at (or a callable computing them)
        self.memo: dict = {}
        self.n = len(self.kinds)
        self.slots = range(self.n)

    def present(self, i):
        return True

    def kr(self, i, krset: KRSet):
        return (self.kinds[i], self.rots[i]) in krset.pairs

    def feature(self, i, name):
        return feature_table()[name][self.kinds[i]]

    def adj(self, i, j):
        return bool(self.adjm[i] >> j & 1)

    def above(self, i, j):
        return self.heights[i] - self.heights[j] >= ABOVE_MARGIN - HEIGHT_EPS

    def points_at(self, i, j):
        if callable(self._pointing):
            self._pointing = self._pointing()
        return bool(self._pointing[i] >> j & 1)

    def geo(self, name):
        if callable(self._geo):
            self._geo = self._geo()
        return self._geo[name]

    @staticmethod
    def and_(xs):
        return all(xs)

    @staticmethod
    def or_(xs):
        return any(xs)

    @staticmethod
    def not_(x):
        return not x

    @staticmethod
    def ite(c, a, b):
        return a if c else b

    @staticmethod
    def sum_(xs):
        return sum(xs)


def evaluate(cond, model: GlyphModel) -> bool:
    return bool(holds(cond, model))


# --- back end 2: many glyphs at once with numpy ------------------------------------------------

class BatchModel:
    """G glyphs as arrays: kinds/rots int[G, 6] (-1 where absent), adj bool[G, 6, 6], n int[G],
    geo: dict name -> bool[G] (or a callable returning it, computed on first use)."""

    def __init__(self, kinds: np.ndarray, rots: np.ndarray, adj: np.ndarray, geo, heights=None,
                 pointing=None) -> None:
        self.kinds, self.rots, self.adjm, self._geo = kinds, rots, adj, geo
        self.heights = heights  # float[G, 6]: centroid heights in grid units (position relations)
        self._pointing = pointing  # bool[G, 6, 6] "i points at j" (or a callable computing it)
        self.memo: dict = {}
        self.mask = kinds >= 0
        self.n = self.mask.sum(axis=1)
        self.slots = range(kinds.shape[1])
        self._safe_k = np.where(self.mask, kinds, 0)
        self._safe_r = np.where(self.mask, rots, 0)

    def present(self, i):
        return self.mask[:, i]

    def kr(self, i, krset: KRSet):
        return krset.arr[self._safe_k[:, i], self._safe_r[:, i]] & self.mask[:, i]

    def feature(self, i, name):
        return np.asarray(feature_table()[name])[self._safe_k[:, i]] * self.mask[:, i]

    def adj(self, i, j):
        return self.adjm[:, i, j]

    def above(self, i, j):
        return self.heights[:, i] - self.heights[:, j] >= ABOVE_MARGIN - HEIGHT_EPS

    def points_at(self, i, j):
        if callable(self._pointing):
            self._pointing = self._pointing()
        return self._pointing[:, i, j]

    def geo(self, name):
        if callable(self._geo):
            self._geo = self._geo()
        return self._geo[name]

    def and_(self, xs):
        out = np.ones(len(self.n), dtype=bool)
        for x in xs:
            out = out & x
        return out

    def or_(self, xs):
        out = np.zeros(len(self.n), dtype=bool)
        for x in xs:
            out = out | x
        return out

    @staticmethod
    def not_(x):
        return ~np.asarray(x, dtype=bool)

    @staticmethod
    def ite(c, a, b):
        return np.where(c, a, b)

    def sum_(self, xs):
        out = np.zeros(len(self.n), dtype=np.int64)
        for x in xs:
            out = out + x
        return out


def evaluate_batch(cond, batch: BatchModel) -> np.ndarray:
    return np.broadcast_to(np.asarray(holds(cond, batch), dtype=bool), batch.n.shape).copy()
