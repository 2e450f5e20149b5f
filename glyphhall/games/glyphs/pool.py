"""A fixed, seeded pool of random valid glyphs and their abstract form as numpy arrays.

Used to measure approval rates ("random glyphs"), to screen decrees cheaply before the solver,
as the search fallback of the mage, and as the apprentice's catalogue of glyphs to try.
Random glyph sizes: 1 to 6 shapes with weights 1, 2, 3, 3, 2, 1; kinds and rotations uniform;
each shape overlaps a random earlier one."""

from __future__ import annotations

from functools import cache

import numpy as np

from glyphhall.engine import Rng

from .decrees.semantics import BatchModel, GlyphModel
from .geometry import MAX_SHAPES, adjacency, geo_flags, random_glyph

POOL_SIZE = 1200
POOL_SEED = 0x61795048
SIZE_WEIGHTS = (1, 2, 3, 3, 2, 1)


def random_size(rng: Rng) -> int:
    x = rng.below(sum(SIZE_WEIGHTS))
    for n, w in enumerate(SIZE_WEIGHTS, start=1):
        if x < w:
            return n
        x -= w
    return MAX_SHAPES


def model_of(shapes) -> GlyphModel:
    """The abstract glyph the referee evaluates decrees on."""
    shapes = tuple(shapes)
    return GlyphModel([s[0] for s in shapes], [s[3] for s in shapes], adjacency(shapes), lambda: geo_flags(shapes))


def batch_of(glyphs) -> BatchModel:
    g = len(glyphs)
    kinds = np.full((g, MAX_SHAPES), -1, dtype=np.int64)
    rots = np.zeros((g, MAX_SHAPES), dtype=np.int64)
    adj = np.zeros((g, MAX_SHAPES, MAX_SHAPES), dtype=bool)
    for gi, shapes in enumerate(glyphs):
        masks = adjacency(shapes)
        for i, s in enumerate(shapes):
            kinds[gi, i] = s[0]
            rots[gi, i] = s[3]
            for j in range(len(shapes)):
                adj[gi, i, j] = bool(masks[i] >> j & 1)

    def geo():
        flags = [geo_flags(tuple(s)) for s in glyphs]
        return {name: np.array([f[name] for f in flags], dtype=bool) for name in ("symmetric", "holed", "tall", "wide")}

    return BatchModel(kinds, rots, adj, geo)


@cache
def pool() -> tuple[tuple, ...]:
    """The glyphs of the pool, smallest first (stable: the same on every machine)."""
    rng = Rng(POOL_SEED)
    seen = set()
    out = []
    while len(out) < POOL_SIZE:
        g = random_glyph(rng, random_size(rng))
        if g not in seen:
            seen.add(g)
            out.append(g)
    return tuple(sorted(out, key=lambda s: (len(s), s)))


@cache
def pool_batch() -> BatchModel:
    return batch_of(pool())


@cache
def pool_sizes() -> np.ndarray:
    return np.array([len(g) for g in pool()])
