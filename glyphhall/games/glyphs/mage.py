"""The computer mage: checks guesses against the board, finds counterexamples, decides
equivalence, and builds the opening board.

How a counterexample is found (smallest first):
1. z3 searches an abstract glyph of n = 1, 2, ... 6 shapes (kinds, rotations, overlap graph,
   geometric flags) on which the decree and the guess disagree; tree-shaped overlap graphs are
   tried first at each size because they are easy to build.
2. The abstract glyph is realized as real geometry (geometry.realize) and the referee re-checks
   it on the real shapes. A graph that cannot be built, or geometric flags the real glyph does
   not have, is blocked and the solver asked again (a CEGAR loop).
3. The seeded glyph pool (every one-shape glyph plus random ones) is screened first with numpy:
   a one-shape difference there is already smallest; otherwise its smallest witness bounds the
   solver's search, and is the answer when the solver finds nothing smaller it can build.

How equivalence is decided:
- proven: z3 finds no abstract glyph of 1 to 6 shapes on which the two disagree. The geometric
  properties (symmetric, holed, taller than wide, wider than tall) are free variables in that
  model, so "no abstract disagreement" covers every real glyph: this proof is sound even for
  geometric decrees.
  Position relations ("above", "below") are decided on centroid heights, which z3 leaves free
  real numbers h_i ("i above j" is h_i - h_j >= 1/2), and "i points at j" is a free Boolean
  allowed only when shape i has a direction: again an over-approximation, so an unsat answer is
  a sound proof ("some shape is above a square" and "some square is below a shape"
  are proven equivalent; "every square is above no square" and "it has at most one square" are
  not: two squares level with each other satisfy the first only).
- by search (geometric decrees only): z3 found abstract disagreements, but none could be built
  with the required geometry and the pool search found none either. The guess is then accepted
  as equivalent and the verdict says it was decided by search, not proven.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import z3

from glyphhall.engine import Rng

from .decrees.ast import ABOVE_MARGIN, DIRECTIONS, GEOMETRIC_PROPS, uses_geometry, uses_relations
from .decrees.semantics import KRSet, evaluate, evaluate_batch, feature_table, holds, orientation_table
from .geometry import MAX_SHAPES, normalize, realize
from .pool import model_of, pool, pool_batch
from .shapes import ROTATIONS, shape_set

SOLVER_TIMEOUT_MS = 4000
MAX_REFINEMENTS = 12


class Z3Model:
    """Up to `slots` shapes as z3 variables (the back end the solver runs decree semantics on).
    Slot i is present iff p_i; present slots form a prefix, so "n shapes" is one constraint and
    the formula is built once for all sizes."""

    def __init__(self, slots: int, ctx: z3.Context | None = None) -> None:
        # A fresh context per query keeps answers reproducible: z3's choices depend on the
        # history of its context, and replays must rebuild identical counterexamples.
        self.ctx = ctx = ctx or z3.Context()
        self.slots = range(slots)
        self.memo: dict = {}
        # one integer per shape: code = 8 * kind + rotation (fewer z3 terms than two variables)
        self.c = [z3.Int(f"c{i}", ctx) for i in self.slots]
        self.p = [z3.Bool(f"p{i}", ctx) for i in self.slots]
        self.a = {(i, j): z3.Bool(f"a{i}_{j}", ctx) for i in self.slots for j in self.slots if i < j}
        self.g = {p: z3.Bool(f"g_{p}", ctx) for p in GEOMETRIC_PROPS}
        self._true = z3.BoolVal(True, ctx)
        self._false = z3.BoolVal(False, ctx)
        self._zero = z3.IntVal(0, ctx)
        self._feat: dict = {}
        self.n = z3.Sum([z3.If(p, 1, 0) for p in self.p])

    def constraints(self) -> list:
        kinds = shape_set().kinds
        out = [self.p[0]]
        for i in self.slots:
            if i:
                out.append(z3.Implies(self.p[i], self.p[i - 1]))
                # breadth-first order: every shape after the first overlaps an earlier one
                out.append(z3.Implies(self.p[i], z3.Or([self.a[j, i] for j in range(i)])))
            everything = [(k.index, r) for k in kinds for r in range(k.period)]
            out.append(z3.If(self.p[i], self._member(i, everything), self.c[i] == 0))
        for (_, j), v in self.a.items():
            out.append(z3.Implies(v, self.p[j]))
        out.append(z3.Not(z3.And(self.g["tall"], self.g["wide"])))
        return out

    def edge_count(self):
        return z3.Sum([z3.If(v, 1, 0) for v in self.a.values()]) if self.a else self._zero


    def present(self, i):
        return self.p[i]

    def _member(self, i, pairs):
        """c_i is one of these (kind, rotation) codes, written as few ranges as possible."""
        codes = sorted(ROTATIONS * k + r for k, r in pairs)
        ranges: list[list[int]] = []
        for code in codes:
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])
        c = self.c[i]
        parts = [c == lo if lo == hi else z3.And(c >= lo, c <= hi) for lo, hi in ranges]
        return z3.Or(parts) if parts else self._false

    def kr(self, i, krset):
        key = ("kr", i, krset.pairs)
        if key not in self._feat:
            # rotations a kind does not have are never taken, so they may join a range freely
            pairs = set(krset.pairs)
            for k in shape_set().kinds:
                if all((k.index, r) in pairs for r in range(k.period)):
                    pairs.update((k.index, r) for r in range(ROTATIONS))
            self._feat[key] = self._member(i, pairs)
        return self._feat[key]

    def feature(self, i, name):
        key = (i, name)
        if key not in self._feat:
            values = feature_table()[name]
            expr = z3.IntVal(values[-1], self.ctx)
            for k in range(len(values) - 2, -1, -1):
                if values[k] != values[k + 1]:  # equal neighbours share one branch
                    expr = z3.If(self.c[i] < ROTATIONS * (k + 1), values[k], expr)
            self._feat[key] = expr
        return self._feat[key]

    def adj(self, i, j):
        return self.a[min(i, j), max(i, j)]

    def above(self, i, j):
        """Centroid heights are free reals here (created on first use): every real glyph's
        heights are one assignment, so "no abstract disagreement" still covers every glyph."""
        if not hasattr(self, "h"):
            self.h = [z3.Real(f"h{k}", self.ctx) for k in self.slots]
            self._margin = z3.RealVal(ABOVE_MARGIN, self.ctx)
        return self.h[i] - self.h[j] >= self._margin

    def points_at(self, i, j):
        """A free Boolean per ordered pair, limited to shapes that have a direction (the only
        ones that point); the real ray test decides when the glyph is realized."""
        if not hasattr(self, "t"):
            self.t = {(a, b): z3.Bool(f"t{a}_{b}", self.ctx) for a in self.slots for b in self.slots if a != b}
            self._directional = KRSet(np.logical_or.reduce(
                [orientation_table()["p:" + d] for d in DIRECTIONS]))
        return z3.And(self.t[i, j], self.kr(i, self._directional), self.p[j])

    def geo(self, name):
        return self.g[name]

    def _bools(self, xs) -> list:
        return [x if z3.is_expr(x) else (self._true if x else self._false) for x in xs]

    def and_(self, xs):
        xs = self._bools(xs)
        return z3.And(xs) if xs else self._true

    def or_(self, xs):
        xs = self._bools(xs)
        return z3.Or(xs) if xs else self._false

    @staticmethod
    def not_(x):
        return z3.Not(x) if z3.is_expr(x) else not x

    def ite(self, c, a, b):
        if not z3.is_expr(c):
            return a if c else b
        return z3.If(c, a, b)

    def sum_(self, xs):
        xs = list(xs)
        return z3.Sum(xs) if xs else self._zero

    def read(self, model, n: int) -> tuple[list[int], list[int], set, dict]:
        codes = [model.eval(v, model_completion=True).as_long() for v in self.c[:n]]
        kinds = [code // ROTATIONS for code in codes]
        rots = [code % ROTATIONS for code in codes]
        edges = {e for e, v in self.a.items() if e[1] < n and z3.is_true(model.eval(v, model_completion=True))}
        geo = {p: z3.is_true(model.eval(v, model_completion=True)) for p, v in self.g.items()}
        return kinds, rots, edges, geo

    def block(self, kinds, rots, edges, geo=None) -> object:
        """A clause excluding exactly this abstract glyph (and these geometric flags, if given)."""
        n = len(kinds)
        lits = [self.c[i] != ROTATIONS * kinds[i] + rots[i] for i in range(n)]
        lits += [z3.Not(v) if e in edges else v for e, v in self.a.items() if e[1] < n]
        if n < len(self.slots):
            lits.append(self.p[n])
        if geo is not None:
            lits += [z3.Not(v) if geo[p] else v for p, v in self.g.items()]
        return z3.Or(lits)


@dataclass(frozen=True)
class Found:
    """A glyph the search produced; `approved` is the decree's mark for it."""

    shapes: tuple
    approved: bool
    method: str  # "solver", "pool" (the seeded glyph pool) or "search"


@dataclass(frozen=True)
class Verdict:
    """The mage's answer to a valid guess: a counterexample, or equivalent (proven or by search)."""

    equivalent: bool
    proven: bool
    counterexample: Found | None = None


def _tries(*conds) -> int:
    """Realizations tried per abstract glyph: the realizer builds the overlap graph, not the
    geometry, so geometric flags and (more often) height relations may need a few placements."""
    if any(uses_relations(c) for c in conds):
        return 8
    return 3 if any(uses_geometry(c) for c in conds) else 1


def _solve(build, accept, rng: Rng, geometric: bool, max_n: int = MAX_SHAPES,
           tries: int | None = None) -> tuple[Found | None, bool]:
    """Smallest glyph whose abstract model satisfies build(m) and whose real geometry passes
    accept(shapes). Returns (found, complete): complete is True when the solver proved that no
    abstract glyph satisfies build at all (so the search fallback is not needed)."""
    complete = True
    m = Z3Model(max_n)
    s = z3.Solver(ctx=m.ctx)
    s.set("timeout", SOLVER_TIMEOUT_MS)
    s.add(m.constraints())
    s.add(build(m))
    for n in range(1, max_n + 1):
        s.push()
        s.add(m.p[n - 1])
        if n < max_n:
            s.add(z3.Not(m.p[n]))
        for tree_only in (True, False):
            s.push()  # trees first (easy to build), then graphs with a cycle
            s.add(m.edge_count() == n - 1 if tree_only else m.edge_count() >= n)
            for _ in range(MAX_REFINEMENTS):
                verdict = s.check()
                if verdict == z3.unknown:
                    complete = False
                if verdict != z3.sat:
                    break
                kinds, rots, edges, geo = m.read(s.model(), n)
                shapes = None
                for _attempt in range(tries or (3 if geometric else 1)):
                    shapes = realize(kinds, rots, edges, rng)
                    shapes = normalize(shapes) if shapes is not None else None
                    if shapes is not None and accept(shapes):
                        return Found(shapes, True, "solver"), True
                    if shapes is None:
                        break
                complete = False  # a model existed that we could not turn into a real glyph
                s.add(m.block(kinds, rots, edges, geo if geometric else None))
            else:
                complete = False
            s.pop()
        s.pop()
    return None, complete


def _b(x, m: Z3Model):
    """A z3 Boolean in m's context (semantics may return a plain Python bool for trivial parts)."""
    return x if z3.is_expr(x) else (m._true if x else m._false)


def _pool_search(mask: np.ndarray) -> tuple | None:
    hits = np.flatnonzero(mask)
    return pool()[hits[0]] if len(hits) else None  # the pool is sorted smallest first


def find_counterexample(decree, guess, rng: Rng) -> Verdict:
    """A glyph on which `guess` and `decree` disagree, smallest first; or equivalence.

    The seeded pool is screened first (numpy, milliseconds): it holds every one-shape glyph, so
    a one-shape difference there is a smallest counterexample. Otherwise the solver searches
    below the pool's smallest witness (or up to six shapes when the pool has none)."""
    geometric = uses_geometry(decree) or uses_geometry(guess)

    def accept(shapes) -> bool:
        m = model_of(shapes)
        return evaluate(decree, m) != evaluate(guess, m)

    batch = pool_batch()
    witness = _pool_search(evaluate_batch(decree, batch) != evaluate_batch(guess, batch))
    if witness is not None and len(witness) == 1:
        return Verdict(False, False, Found(witness, evaluate(decree, model_of(witness)), "pool"))
    limit = MAX_SHAPES if witness is None else len(witness) - 1
    found, complete = _solve(lambda m: z3.Xor(_b(holds(decree, m), m), _b(holds(guess, m), m)), accept, rng,
                             geometric, max_n=limit, tries=_tries(decree, guess))
    if found is not None:
        return Verdict(False, False, Found(found.shapes, evaluate(decree, model_of(found.shapes)), "solver"))
    if witness is not None:
        return Verdict(False, False, Found(witness, evaluate(decree, model_of(witness)), "pool"))
    if complete:
        return Verdict(True, True)
    return Verdict(True, False)


def find_glyph(decree, approved: bool, rng: Rng, avoid=()) -> Found | None:
    """The smallest glyph the decree marks `approved` (and not in `avoid`), or None if none exists."""
    geometric = uses_geometry(decree)

    def accept(shapes) -> bool:
        return shapes not in avoid and evaluate(decree, model_of(shapes)) == approved

    def build(m):
        h = _b(holds(decree, m), m)
        return h if approved else z3.Not(h)

    found, _ = _solve(build, accept, rng, geometric, tries=_tries(decree))
    if found is not None:
        return Found(found.shapes, approved, "solver")
    mask = evaluate_batch(decree, pool_batch()) == approved
    for i in np.flatnonzero(mask):
        if pool()[i] not in avoid:
            return Found(pool()[i], approved, "search")
    return None


def opening_board(decree, rng: Rng) -> list[Found]:
    """One approved and one rejected glyph, each as small as possible (rulebook, Game Setup)."""
    yes = find_glyph(decree, True, rng)
    no = find_glyph(decree, False, rng)
    if yes is None or no is None:
        raise ValueError("no glyph obeys that decree" if yes is None else "every glyph obeys that decree")
    return [yes, no]


def contradictions(guess, board) -> list[int]:
    """Indexes of board glyphs (shapes, approved) whose mark the guess contradicts."""
    return [i for i, (shapes, approved) in enumerate(board) if evaluate(guess, model_of(shapes)) != approved]

