"""The computer mage: checks guesses against the board, finds counterexamples, decides
equivalence, and builds the opening board.

How a counterexample is found (smallest first):
1. z3 searches an abstract glyph of n = 1, 2, ... 6 shapes (kinds, rotations, overlap graph,
   geometric flags) on which the decree and the guess disagree; tree-shaped overlap graphs are
   tried first at each size because they are easy to build.
2. The abstract glyph is realized as real geometry (geometry.realize) and the referee re-checks
   it on the real shapes. A graph that cannot be built, or geometric flags the real glyph does
   not have, is blocked and the solver asked again (a CEGAR loop).
3. If that fails, the seeded random glyph pool is searched, smallest first.

How equivalence is decided:
- proven: z3 finds no abstract glyph of 1 to 6 shapes on which the two disagree. The geometric
  properties (symmetric, holed, taller than wide, wider than tall) are free variables in that
  model, so "no abstract disagreement" covers every real glyph: this proof is sound even for
  geometric decrees.
- by search (geometric decrees only): z3 found abstract disagreements, but none could be built
  with the required geometry and the pool search found none either. The guess is then accepted
  as equivalent and the verdict says it was decided by search, not proven.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import z3

from glyphhall.engine import Rng

from .decrees.ast import GEOMETRIC_PROPS, uses_geometry
from .decrees.semantics import evaluate, evaluate_batch, feature_table, holds, orientation_table
from .geometry import MAX_SHAPES, normalize, realize
from .pool import model_of, pool, pool_batch
from .shapes import ROTATIONS, shape_set

SOLVER_TIMEOUT_MS = 4000
MAX_REFINEMENTS = 12


class Z3Model:
    """n shape slots as z3 variables (the back end the solver runs decree semantics on)."""

    def __init__(self, n: int, tag: str = "") -> None:
        self.n = n
        self.slots = range(n)
        self.k = [z3.Int(f"k{i}{tag}") for i in self.slots]
        self.r = [z3.Int(f"r{i}{tag}") for i in self.slots]
        self.a = {(i, j): z3.Bool(f"a{i}_{j}{tag}") for i in self.slots for j in self.slots if i < j}
        self.g = {p: z3.Bool(f"g_{p}{tag}") for p in GEOMETRIC_PROPS}
        self._feat: dict = {}

    def constraints(self) -> list:
        kinds = shape_set().kinds
        out = []
        for i in self.slots:
            out.append(z3.And(self.k[i] >= 0, self.k[i] < len(kinds), self.r[i] >= 0))
            out.append(z3.Or([z3.And(self.k[i] == k.index, self.r[i] < k.period) for k in kinds]))
            if i:  # breadth-first order: every shape after the first overlaps an earlier one
                out.append(z3.Or([self.a[j, i] for j in range(i)]))
        out.append(z3.Not(z3.And(self.g["tall"], self.g["wide"])))
        return out

    def edge_count(self):
        return z3.Sum([z3.If(v, 1, 0) for v in self.a.values()]) if self.a else z3.IntVal(0)

    def present(self, i):
        return z3.BoolVal(True)

    def in_kinds(self, i, kinds):
        return z3.Or([self.k[i] == k for k in sorted(kinds)]) if kinds else z3.BoolVal(False)

    def orient(self, i, name):
        table = orientation_table()[name]
        parts = []
        for k in shape_set().kinds:
            rots = [r for r in range(k.period) if table[k.index, r]]
            if len(rots) == k.period:
                parts.append(self.k[i] == k.index)
            elif rots:
                parts.append(z3.And(self.k[i] == k.index, z3.Or([self.r[i] == r for r in rots])))
        return z3.Or(parts) if parts else z3.BoolVal(False)

    def feature(self, i, name):
        key = (i, name)
        if key not in self._feat:
            values = feature_table()[name]
            expr = z3.IntVal(values[-1])
            for k in range(len(values) - 2, -1, -1):
                expr = z3.If(self.k[i] == k, values[k], expr)
            self._feat[key] = expr
        return self._feat[key]

    def adj(self, i, j):
        return self.a[min(i, j), max(i, j)]

    def geo(self, name):
        return self.g[name]

    @staticmethod
    def and_(xs):
        xs = list(xs)
        return z3.And(xs) if xs else z3.BoolVal(True)

    @staticmethod
    def or_(xs):
        xs = list(xs)
        return z3.Or(xs) if xs else z3.BoolVal(False)

    @staticmethod
    def not_(x):
        return z3.Not(x)

    @staticmethod
    def ite(c, a, b):
        return z3.If(c, a, b)

    @staticmethod
    def sum_(xs):
        xs = list(xs)
        return z3.Sum(xs) if xs else z3.IntVal(0)

    def read(self, model) -> tuple[list[int], list[int], set, dict]:
        kinds = [model.eval(v, model_completion=True).as_long() for v in self.k]
        rots = [model.eval(v, model_completion=True).as_long() for v in self.r]
        edges = {e for e, v in self.a.items() if z3.is_true(model.eval(v, model_completion=True))}
        geo = {p: z3.is_true(model.eval(v, model_completion=True)) for p, v in self.g.items()}
        return kinds, rots, edges, geo

    def block(self, kinds, rots, edges, geo=None) -> object:
        """A clause excluding exactly this abstract glyph (and these geometric flags, if given)."""
        lits = [self.k[i] != kinds[i] for i in self.slots] + [self.r[i] != rots[i] for i in self.slots]
        lits += [z3.Not(v) if e in edges else v for e, v in self.a.items()]
        if geo is not None:
            lits += [z3.Not(v) if geo[p] else v for p, v in self.g.items()]
        return z3.Or(lits)


@dataclass(frozen=True)
class Found:
    """A glyph the search produced; `approved` is the decree's mark for it."""

    shapes: tuple
    approved: bool
    method: str  # "solver" or "search"


@dataclass(frozen=True)
class Verdict:
    """The mage's answer to a valid guess: a counterexample, or equivalent (proven or by search)."""

    equivalent: bool
    proven: bool
    counterexample: Found | None = None


def _solve(build, accept, rng: Rng, geometric: bool, max_n: int = MAX_SHAPES) -> tuple[Found | None, bool]:
    """Smallest glyph whose abstract model satisfies build(m) and whose real geometry passes
    accept(shapes). Returns (found, complete): complete is True when the solver proved that no
    abstract glyph satisfies build at all (so the search fallback is not needed)."""
    complete = True
    for n in range(1, max_n + 1):
        m = Z3Model(n)
        s = z3.Solver()
        s.set("timeout", SOLVER_TIMEOUT_MS)
        s.add(m.constraints())
        s.add(build(m))
        for tree_only in (True, False):
            s.push()
            if tree_only:
                s.add(m.edge_count() == n - 1)
            for _ in range(MAX_REFINEMENTS):
                verdict = s.check()
                if verdict == z3.unknown:
                    complete = False
                if verdict != z3.sat:
                    break
                kinds, rots, edges, geo = m.read(s.model())
                shapes = None
                for _attempt in range(3 if geometric else 1):
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
    return None, complete


def _pool_search(mask: np.ndarray) -> tuple | None:
    hits = np.flatnonzero(mask)
    return pool()[hits[0]] if len(hits) else None  # the pool is sorted smallest first


def find_counterexample(decree, guess, rng: Rng) -> Verdict:
    """A glyph on which `guess` and `decree` disagree, smallest first; or equivalence."""
    geometric = uses_geometry(decree) or uses_geometry(guess)

    def accept(shapes) -> bool:
        m = model_of(shapes)
        return evaluate(decree, m) != evaluate(guess, m)

    found, complete = _solve(lambda m: z3.Xor(holds(decree, m), holds(guess, m)), accept, rng, geometric)
    if found is not None:
        return Verdict(False, False, Found(found.shapes, evaluate(decree, model_of(found.shapes)), "solver"))
    if complete:
        return Verdict(True, True)
    batch = pool_batch()
    shapes = _pool_search(evaluate_batch(decree, batch) != evaluate_batch(guess, batch))
    if shapes is not None:
        return Verdict(False, False, Found(shapes, evaluate(decree, model_of(shapes)), "search"))
    return Verdict(True, False)


def find_glyph(decree, approved: bool, rng: Rng, avoid=()) -> Found | None:
    """The smallest glyph the decree marks `approved` (and not in `avoid`), or None if none exists."""
    geometric = uses_geometry(decree)

    def accept(shapes) -> bool:
        return shapes not in avoid and evaluate(decree, model_of(shapes)) == approved

    def build(m):
        h = holds(decree, m)
        return h if approved else z3.Not(h)

    found, _ = _solve(build, accept, rng, geometric)
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


def rotations() -> int:
    return ROTATIONS
