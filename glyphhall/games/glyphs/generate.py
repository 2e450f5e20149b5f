"""Decree generation by difficulty level (levels in library.py), from a weighted grammar over
the AST: atoms of the library, joined by and/or, negated, or with geometric properties.
A decree is kept only if (1) it approves between 15 % and 85 % of the random glyph pool and
(2) no simpler decree is equivalent to it: every library atom of a lower level or smaller size
and every sub-part of the decree that agrees with it on the whole pool is checked with the
solver, and a proven (or search-decided) equivalence rejects the decree."""

from __future__ import annotations

import numpy as np

from glyphhall.engine import Rng

from .decrees.ast import And, Cond, GlyphIs, Not, Or, size
from .decrees.semantics import evaluate_batch
from .library import atoms, pool_truth
from .mage import find_counterexample
from .pool import pool_batch

MIN_RATE, MAX_RATE = 0.15, 0.85


def _pick(rng: Rng, levels) -> Cond:
    lib = [a for a in atoms() if a.level in levels]
    return rng.choice(lib).cond


def _join(rng: Rng, parts) -> Cond:
    return And(tuple(parts)) if rng.below(2) else Or(tuple(parts))


def _atom(*levels):
    return lambda rng: _pick(rng, levels)


def _pair(first, second):
    return lambda rng: _join(rng, (_pick(rng, first), _pick(rng, second)))


def _negated(*levels):
    return lambda rng: Not(_pick(rng, levels))


def _geometric(rng: Rng):
    geo = GlyphIs(rng.choice(("symmetric", "holed", "tall", "wide")))
    return _join(rng, (geo if rng.below(2) else Not(geo), _pick(rng, (1, 2, 3))))


def _three(rng: Rng):
    inner = _join(rng, (_pick(rng, (1, 2, 3)), _pick(rng, (1, 2))))
    outer = _pick(rng, (1, 2, 3))
    return And((inner, outer)) if isinstance(inner, Or) else Or((inner, outer))


#: The weighted grammar over the AST, per level: (weight, production). Atoms come from the
#: library (library.py), which enumerates the atom grammar with its levels.
GRAMMAR = {
    1: ((1, _atom(1)),),
    2: ((1, _atom(2)),),
    3: ((1, _atom(3)), (1, _pair((1, 2), (1, 2)))),
    4: ((1, _negated(3)), (3, _pair((3,), (1, 2)))),
    5: ((1, _geometric), (1, _three)),
}


def sample(level: int, rng: Rng):
    """One candidate decree of this level (not yet screened), drawn from the weighted grammar."""
    rules = GRAMMAR[level]
    x = rng.below(sum(w for w, _ in rules))
    for weight, produce in rules:
        if x < weight:
            return produce(rng)
        x -= weight
    raise AssertionError("unreachable")


def approval_rate(cond) -> float:
    return float(evaluate_batch(cond, pool_batch()).mean())


def _subparts(cond) -> list:
    if isinstance(cond, (And, Or)):
        out = list(cond.conds)
        for c in cond.conds:
            out += _subparts(c)
        return out
    if isinstance(cond, Not):
        return [cond.cond, *_subparts(cond.cond)]
    return []


def simpler_equivalent(cond, level: int, rng: Rng):
    """A simpler decree equivalent to `cond`, or None."""
    row = evaluate_batch(cond, pool_batch())
    truth = pool_truth()
    sz = size(cond)
    cands = [a.cond for i, a in enumerate(atoms()) if (a.level < level or a.size < sz) and a.cond != cond
             and np.array_equal(truth[i], row)]
    cands += [c for c in _subparts(cond) if np.array_equal(evaluate_batch(c, pool_batch()), row)]
    cands += [Not(c) for c in _subparts(cond) if np.array_equal(~evaluate_batch(c, pool_batch()), row)]
    for c in cands:
        if find_counterexample(cond, c, rng).equivalent:
            return c
    return None


def acceptable(cond, level: int, rng: Rng) -> bool:
    rate = approval_rate(cond)
    if not MIN_RATE <= rate <= MAX_RATE:
        return False
    return simpler_equivalent(cond, level, rng) is None


def generate(level: int, rng: Rng, tries: int = 500):
    """A screened decree of this level."""
    if level not in (1, 2, 3, 4, 5):
        raise ValueError(f"difficulty levels are 1 to 5, not {level}")
    for _ in range(tries):
        cond = sample(level, rng)
        if acceptable(cond, level, rng):
            return cond
    raise RuntimeError(f"no acceptable level-{level} decree found in {tries} tries")
