"""The hypothesis space over decrees and what the marked glyphs on a board say about it.

Hypotheses: every library atom (levels 1-3) and every "a and b" / "a or b" of two level 1-2
atoms (level 3); when the mage is known to play level 4 or 5, also every negated level-3 atom and
every and/or of a level-3 atom with a level 1-2 atom (level 4), and at level 5 every and/or of a
geometric atom (symmetric, holed, taller, wider, or their negations) with a level 1-3 atom; cut to
the MAX_CANDIDATES a-priori likeliest. Prior: exp(-0.35 * size), times 1 for hypotheses of the level the mage is known
to play (the computer mage's `level` option is public) and LEVEL_OTHER for the rest.
Hypotheses that agree on every pool glyph are one class (observational equivalence); a class is
named by its smallest member. The likelihood is deterministic: a hypothesis survives only if it
agrees with every mark on the board. The game uses this for the guess catalogue and for
determinize; the apprentice bot for predictions, glyph choice and guesses."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .decrees.ast import And, Cond, Not, Or
from .decrees.semantics import evaluate
from .library import atoms, pool_truth
from .pool import model_of

LAMBDA = 0.35
LEVEL_OTHER = 0.05
MAX_CANDIDATES = 12_000
_BOARD_CACHE: dict = {}
_SPACE_CACHE: OrderedDict = OrderedDict()


def glyph_truth(shapes) -> np.ndarray:
    """bool[atom]: every library atom on one glyph (cached per glyph)."""
    key = tuple(shapes)
    row = _BOARD_CACHE.get(key)
    if row is None:
        if len(_BOARD_CACHE) > 50_000:
            _BOARD_CACHE.clear()
        m = model_of(key)
        row = np.array([evaluate(a.cond, m) for a in atoms()], dtype=bool)
        _BOARD_CACHE[key] = row
    return row


@dataclass
class Posterior:
    """Surviving hypothesis classes, heaviest first."""

    conds: Sequence[Cond]  # representative decree of each class
    weights: np.ndarray  # normalized
    rows: np.ndarray  # bool[class, pool glyph]
    sizes: np.ndarray

    def __len__(self) -> int:
        return len(self.conds)

    def predictive(self) -> np.ndarray:
        """P(approved) for every pool glyph."""
        if not len(self.conds):
            return np.full(self.rows.shape[1] if self.rows.ndim == 2 else 0, 0.5)
        return self.weights @ self.rows

    def sample(self, rng):
        k = int(np.searchsorted(np.cumsum(self.weights), rng.random(), side="right"))
        return self.conds[min(k, len(self.conds) - 1)]


def posterior(board, level: int | None = None, allow_inconsistent: bool = False) -> Posterior:
    """The classes consistent with board [(shapes, approved), ...]. With allow_inconsistent,
    an empty result falls back to the hypotheses with the fewest disagreements."""
    key = (tuple((tuple(s), bool(a)) for s, a in board), level, allow_inconsistent)
    cached = _SPACE_CACHE.get(key)
    if cached is not None:
        _SPACE_CACHE.move_to_end(key)
        return cached
    result = _posterior(board, level, allow_inconsistent)
    _SPACE_CACHE[key] = result
    if len(_SPACE_CACHE) > 64:
        _SPACE_CACHE.popitem(last=False)
    return result


def _posterior(board, level, allow_inconsistent) -> Posterior:
    lib = atoms()
    truth = pool_truth()
    n_atoms = len(lib)
    if board:
        tb = np.array([glyph_truth(s) for s, _ in board]).T  # atom x board
        labels = np.array([a for _, a in board], dtype=bool)
    else:
        tb = np.zeros((n_atoms, 0), dtype=bool)
        labels = np.zeros(0, dtype=bool)
    levels = np.array([a.level for a in lib])
    sizes = np.array([a.size for a in lib])
    small = np.flatnonzero(levels <= 2)
    relational = np.flatnonzero(levels == 3)
    geometric = np.flatnonzero(levels == 5)
    basic = np.flatnonzero(levels <= 3)
    wide = level is not None and level >= 4  # the mage plays level 4+: add its shapes of decree
    # candidates as parallel arrays: op (0 atom, 1 and, 2 or, 3 not), i, j, level
    ops: list = []
    ii: list = []
    jj: list = []
    lvs: list = []

    def add(code, i, j, lv) -> None:
        ops.append(np.full(len(i), code, dtype=np.int64))
        ii.append(np.asarray(i))
        jj.append(np.asarray(j))
        lvs.append(np.full(len(i), lv, dtype=np.int64))

    def collect(limit: int) -> None:
        errs = (tb != labels[None, :]).sum(axis=1)
        found = np.flatnonzero(errs <= limit)
        add(0, found, found, levels[found])
        sub = tb[small]
        for code, combo in ((1, sub[:, None, :] & sub[None, :, :]), (2, sub[:, None, :] | sub[None, :, :])):
            ok = (combo != labels[None, None, :]).sum(axis=2) <= limit
            a, b = np.nonzero(np.triu(ok, 1))
            add(code, small[a], small[b], 3)
        if wide:
            neg = relational[(tb[relational] == labels[None, :]).sum(axis=1) <= limit]
            add(3, neg, neg, 4)
            rel = tb[relational]
            for code, combo in ((1, rel[:, None, :] & sub[None, :, :]), (2, rel[:, None, :] | sub[None, :, :])):
                ok = (combo != labels[None, None, :]).sum(axis=2) <= limit
                a, b = np.nonzero(ok)
                add(code, relational[a], small[b], 4)
        if level == 5:
            geo, other = tb[geometric], tb[basic]
            for code, combo in ((1, geo[:, None, :] & other[None, :, :]), (2, geo[:, None, :] | other[None, :, :])):
                ok = (combo != labels[None, None, :]).sum(axis=2) <= limit
                a, b = np.nonzero(ok)
                add(code, geometric[a], basic[b], 5)

    collect(0)
    limit = 0
    while allow_inconsistent and not sum(len(x) for x in ops) and limit < len(board):
        limit += 1
        ops.clear()
        ii.clear()
        jj.clear()
        lvs.clear()
        collect(limit)
    op = np.concatenate(ops)
    i_ = np.concatenate(ii)
    j_ = np.concatenate(jj)
    lv = np.concatenate(lvs)
    if not len(op):
        return Posterior([], np.zeros(0), np.zeros((0, truth.shape[1]), dtype=bool), np.zeros(0))
    sz = np.where(op == 0, sizes[i_], np.where(op == 3, sizes[i_] + 1, sizes[i_] + sizes[j_] + 1))
    weights = np.exp(-LAMBDA * sz) * (1.0 if level is None else np.where(lv == level, 1.0, LEVEL_OTHER))
    if len(op) > MAX_CANDIDATES:  # keep the a-priori likeliest (a stable, deterministic cut)
        keep = np.sort(np.argsort(-weights, kind="stable")[:MAX_CANDIDATES])
        op, i_, j_, lv, sz, weights = op[keep], i_[keep], j_[keep], lv[keep], sz[keep], weights[keep]
    ti, tj = truth[i_], truth[j_]
    rows = np.where((op == 0)[:, None], ti, np.where((op == 1)[:, None], ti & tj,
                                                     np.where((op == 2)[:, None], ti | tj, ~ti)))
    packed = np.packbits(rows, axis=1)
    keys = packed.view(np.dtype((np.void, packed.shape[1]))).ravel()
    # smallest member first inside each class: sort by (key, size, index)
    order = np.lexsort((np.arange(len(op)), sz, keys))
    keys_sorted = keys[order]
    starts = np.flatnonzero(np.r_[True, keys_sorted[1:] != keys_sorted[:-1]])
    reps = order[starts]
    mass = np.add.reduceat(weights[order], starts)
    rank = np.lexsort((reps, sz[reps], -mass))
    reps, mass = reps[rank], mass[rank]
    conds = _Conds(op[reps], i_[reps], j_[reps])
    return Posterior(conds, mass / mass.sum(), rows[reps], sz[reps])


class _Conds(Sequence[Cond]):
    """Lazy list of class representatives (building thousands of ASTs up front is wasted work)."""

    def __init__(self, op, i, j) -> None:
        self.op, self.i, self.j = op, i, j

    def __len__(self) -> int:
        return len(self.op)

    def __getitem__(self, n):
        if isinstance(n, slice):
            return [self[k] for k in range(*n.indices(len(self)))]
        return _cond((("atom", "and", "or", "not")[int(self.op[n])], int(self.i[n]), int(self.j[n]), 0, 0))

    def __iter__(self):
        return (self[k] for k in range(len(self)))


def _cond(c):
    op, i, j, _, _ = c
    lib = atoms()
    if op == "atom":
        return lib[i].cond
    if op == "not":
        return Not(lib[i].cond)
    parts = (lib[i].cond, lib[j].cond)
    return And(parts) if op == "and" else Or(parts)
