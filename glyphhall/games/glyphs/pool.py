"""A fixed, seeded pool of random valid glyphs and their abstract form as numpy arrays.

Used to measure approval rates ("random glyphs"), to screen decrees cheaply before the solver,
as the search fallback of the mage, and as the apprentice's catalogue of glyphs to try.
It holds every one-shape glyph, then random glyphs: 1 to 6 shapes with weights 1, 2, 3, 3, 2, 1;
kinds and rotations uniform; each shape overlaps a random earlier one."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import numpy as np

from glyphhall.engine import DataError, IllegalAction, Rng

from .decrees.semantics import BatchModel, GlyphModel
from .geometry import MAX_SHAPES, adjacency, centroid_height, geo_flags, normalize, points_at, random_glyph
from .notation import format_glyph, parse_glyph
from .shapes import DATA_FILE, shape_set

POOL_FILE = Path(__file__).parent / "data" / "pool.txt"
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
    return GlyphModel([s[0] for s in shapes], [s[3] for s in shapes], adjacency(shapes), lambda: geo_flags(shapes),
                      [centroid_height(s) for s in shapes], lambda: points_at(shapes))


def batch_of(glyphs, known_adjacency=None) -> BatchModel:
    g = len(glyphs)
    kinds = np.full((g, MAX_SHAPES), -1, dtype=np.int64)
    rots = np.zeros((g, MAX_SHAPES), dtype=np.int64)
    adj = np.zeros((g, MAX_SHAPES, MAX_SHAPES), dtype=bool)
    heights = np.zeros((g, MAX_SHAPES), dtype=np.float64)
    for gi, shapes in enumerate(glyphs):
        masks = (known_adjacency[gi] if known_adjacency and known_adjacency[gi] is not None
                 else adjacency(shapes))
        for i, s in enumerate(shapes):
            kinds[gi, i] = s[0]
            rots[gi, i] = s[3]
            heights[gi, i] = centroid_height(s)
            for j in range(len(shapes)):
                adj[gi, i, j] = bool(masks[i] >> j & 1)

    def geo():
        flags = [_GEO_CACHE.get(s) or geo_flags(tuple(s)) for s in glyphs]
        return {name: np.array([f[name] for f in flags], dtype=bool) for name in GEO_NAMES}

    def pointing():  # Shapely ray tests, only when a decree says "points at"
        out = np.zeros((g, MAX_SHAPES, MAX_SHAPES), dtype=bool)
        for gi, shapes in enumerate(glyphs):
            for i, mask in enumerate(points_at(tuple(shapes))):
                for j in range(len(shapes)):
                    out[gi, i, j] = bool(mask >> j & 1)
        return out

    return BatchModel(kinds, rots, adj, geo, heights, pointing)


def shapes_fingerprint() -> str:
    return hashlib.sha256(DATA_FILE.read_bytes()).hexdigest()[:16]


@cache
def pool() -> tuple[tuple, ...]:
    """The glyphs of the pool, smallest first (stable: the same on every machine). Read from
    data/pool.txt when it was made from the current shapes.toml, else generated (seconds)."""
    stored = _read_pool_file()
    if stored is not None:
        return stored
    return generate_pool()


def generate_pool() -> tuple[tuple, ...]:
    rng = Rng(POOL_SEED)
    # every single shape (each kind in each of its rotations) is in the pool, so the pool is
    # complete for one-shape glyphs and a one-shape difference found there is a smallest one
    out: list[tuple[tuple[int, int, int, int], ...]] = [
        ((k.index, 0, 0, r),) for k in shape_set().kinds for r in range(k.period)]
    seen = set(out)
    while len(out) < POOL_SIZE:
        g = random_glyph(rng, random_size(rng))
        if g not in seen:
            seen.add(g)
            out.append(g)
    return tuple(sorted(out, key=lambda s: (len(s), s)))


@cache
def pool_batch() -> BatchModel:
    glyphs = pool()
    return batch_of(glyphs, [_ADJ_CACHE.get(g) for g in glyphs])


_ADJ_CACHE: dict = {}
_GEO_CACHE: dict = {}
GEO_NAMES = ("symmetric", "holed", "tall", "wide")


def _read_pool_file():
    """The stored pool, or None if the file is missing or made from another shape set."""
    if not POOL_FILE.exists():
        return None
    lines = POOL_FILE.read_text().splitlines()
    if not lines or lines[0] != f"# shapes {shapes_fingerprint()}":
        return None
    out = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            text, masks, flags = line.split("|")
            glyph = normalize(parse_glyph(text))
            _ADJ_CACHE[glyph] = tuple(int(m) for m in masks.split())
            if len(flags) != len(GEO_NAMES) or set(flags) - {"0", "1"}:
                raise ValueError(f"geometric flags must be {len(GEO_NAMES)} digits 0/1")
            _GEO_CACHE[glyph] = {name: f == "1" for name, f in zip(GEO_NAMES, flags, strict=True)}
        except (ValueError, IllegalAction) as err:
            raise DataError(f"{POOL_FILE.name}: line {number}: {err}") from None
        out.append(glyph)
    return tuple(out)


def write_pool_file() -> None:
    """Regenerate data/pool.txt (run `python -m glyphhall.games.glyphs.pool` after editing shapes.toml)."""
    glyphs = generate_pool()
    lines = [f"# shapes {shapes_fingerprint()}"]
    lines += [f"{format_glyph(g)}|{' '.join(map(str, adjacency(g)))}|"
              + "".join("1" if geo_flags(g)[n] else "0" for n in GEO_NAMES) for g in glyphs]
    POOL_FILE.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    write_pool_file()


@cache
def pool_sizes() -> np.ndarray:
    return np.array([len(g) for g in pool()])
