"""The decree library: every atom (one-condition decree) of levels 1-3, enumerated from the
AST, with its truth on the random glyph pool. The generator draws decrees from it and the
apprentice's hypothesis space is built from it (so a level 1-3 computer decree is always
inside the apprentice's space).

Levels (difficulty, see README):
1 one presence/absence or shape-count atom      "it has at least one oval", "it has exactly three shapes"
2 one counting, parity, total or orientation atom "it has exactly two squares", "the total number of angles is even", "every triangle points up"
3 one relational/graph/comparison atom, or two level 1-2 atoms joined by and/or
4 a level-3 atom with a level 1-2 atom (and/or), or a negated level-3 atom
5 three atoms, or a geometric property (symmetric, holed, taller/wider) with another atom"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .decrees.ast import (
    NP,
    GlyphIs,
    Has,
    IsAdj,
    Not,
    Overlaps,
    Points,
    Quant,
    Quantified,
    Total,
    WithFeature,
    size,
)
from .decrees.semantics import evaluate_batch, orientation_table
from .pool import pool_batch
from .shapes import shape_set

LEVELS = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class Atom:
    cond: object
    level: int
    size: int


def _base_nps() -> list[NP]:
    ss = shape_set()
    return [NP(k.id) for k in ss.kinds] + [NP("shape", (adj,)) for adj in ss.families]


def _q(op: str, a: int = 0) -> Quant:
    return Quant("eq", 0) if op == "le" and a == 0 else Quant(op, a)  # the parser's canonical form


@cache
def atoms() -> tuple[Atom, ...]:
    """Every library atom whose truth varies over the pool (tautologies and contradictions out)."""
    ss = shape_set()
    base = _base_nps()
    shape = NP("shape")
    out: list[tuple[object, int]] = []
    # level 1
    for np_ in base:
        out += [(Has(_q("ge", 1), np_), 1), (Has(_q("eq", 0), np_), 1)]
    for n in range(1, 5):
        out.append((Has(_q("eq", n), shape), 1))
    for n in range(2, 6):
        out.append((Has(_q("ge", n), shape), 1))
    # level 2
    for np_ in base:
        for q in (_q("eq", 1), _q("eq", 2), _q("ge", 2), _q("ge", 3), _q("le", 1), _q("le", 2),
                  Quant("even"), Quant("odd")):
            out.append((Has(q, np_), 2))
    for adj in ("upright", "tilted"):
        out += [(Has(_q("ge", 1), NP("shape", (adj,))), 2), (Has(_q("eq", 0), NP("shape", (adj,))), 2)]
    for f in ("angles", "right_angles", "segments", "curves", "sides"):
        out += [(Total(f, Quant("even")), 2), (Total(f, Quant("odd")), 2)]
    thresholds = {"angles": (4, 6, 8, 10, 12), "segments": (3, 4, 6, 8), "curves": (2, 3),
                  "right_angles": (1, 4, 8), "sides": (4, 6, 8, 10)}
    for f, ts in thresholds.items():
        for t in ts:
            out += [(Total(f, _q("ge", t)), 2), (Total(f, _q("le", t - 1)), 2)]
    table = orientation_table()
    for np_ in base:
        kinds = [k.index for k in ss.kinds if (np_.noun == k.id) or (np_.noun == "shape" and k.index in ss.families[np_.adjs[0]])]
        if any(table["tilted"][k].any() for k in kinds):
            out += [(Quantified("every", np_, IsAdj("upright")), 2), (Quantified("every", np_, IsAdj("tilted")), 2)]
        if any(table["p:up"][k].any() for k in kinds):
            for d in ("up", "down", "left", "right"):
                out.append((Quantified("every", np_, Points(d)), 2))
        if any(table["horizontal"][k].any() for k in kinds):
            for adj in ("horizontal", "vertical", "diagonal"):
                out.append((Quantified("every", np_, IsAdj(adj)), 2))
    out += [(Has(_q("ge", 1), NP("shape", (), WithFeature(_q("eq", a), "angles"))), 2) for a in (0, 3, 4)]
    # level 3
    for i, x in enumerate(base):
        for y in base[i:]:
            out.append((Quantified("some", x, Overlaps("some", y)), 3))
            out.append((Quantified("no", x, Overlaps("some", y)), 3))
        for y in base:
            if x != y:
                out.append((Quantified("every", x, Overlaps("some", y)), 3))
                out.append((_compare("more", x, y), 3))
                if base.index(x) < base.index(y):
                    out.append((_compare("same", x, y), 3))
    for prop in ("chain", "loop"):
        out += [(GlyphIs(prop), 3), (Not(GlyphIs(prop)), 3)]
    for q in (_q("ge", 2), _q("ge", 3), _q("ge", 4), Quant("even"), Quant("odd")):
        out.append((Total("overlaps", q), 3))
    for x in base[: len(ss.kinds)]:
        out.append((Has(_q("ge", 1), NP(x.noun, (), WithFeature(_q("ge", 2), "overlaps"))), 3))
    # level 5: the geometric properties (the generator joins them with another atom)
    for prop in ("symmetric", "holed", "tall", "wide"):
        out += [(GlyphIs(prop), 5), (Not(GlyphIs(prop)), 5)]
    atoms_ = []
    truth = []
    seen = set()
    batch = pool_batch()
    for cond, level in out:
        if cond in seen:
            continue
        seen.add(cond)
        row = evaluate_batch(cond, batch)
        if row.all() or not row.any():
            continue
        atoms_.append(Atom(cond, level, size(cond)))
        truth.append(row)
    _TRUTH[0] = np.array(truth)
    return tuple(atoms_)


def _compare(op, x, y):
    from .decrees.ast import Compare

    return Compare(op, x, y)


_TRUTH: list = [None]


def pool_truth() -> np.ndarray:
    """bool[atom, pool glyph]: each library atom's truth on the pool."""
    atoms()
    return _TRUTH[0]
