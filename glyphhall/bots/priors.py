"""Heuristic priors in the search tree (bots/mcts.py, `prior="heuristic"`; issue 23).

The first time the search chooses at a decision node, it scores each legal action by the game's
one-step heuristic for the seat choosing: the value the heuristic bot maximises. Then

- widening adds children best first by that score (not at random), so a wide node's few
  children are the heuristic's favourites;
- each action counts as `weight` visits already made, worth its score (prior knowledge as
  virtual visits, Gelly & Silver 2007): its mean is (total + weight * score) / (visits + weight)
  and UCB's exploration uses visits + weight too.

So a search with few iterations plays the heuristic bot's move, and leaves it only where the
visits show another to be better: the tree departs from the heuristic with evidence, not because
a branch happened to reach the attack step sooner (Glyfts: the search drifted to `done` early).
An action that rolls dice the heuristic already averages over (the game's chance hook) is scored
before its roll, so the prior has no luck in it."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from glyphhall.engine import Action
from glyphhall.engine.game import State  # (where the compiled build cimports it from)

from .simple import evaluate
from .tree import Node

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

if cython.compiled:  # libm's log and sqrt on C doubles: the same functions math.log and math.sqrt call
    from cython.cimports.libc.math import log, sqrt
else:
    from math import log, sqrt

#: The search option's values: no prior, or the game's one-step heuristic.
PRIORS = ("heuristic",)


def check_prior(prior: str | None, weight: float) -> None:
    """Raises ValueError for an unknown prior or a weight that is not a positive number."""
    if prior is not None and prior not in PRIORS:
        raise ValueError(f"prior must be {' or '.join(PRIORS)} (or none), not {prior!r}")
    if not weight > 0.0 or math.isinf(weight):
        raise ValueError("prior_weight must be a positive number of visits")


@cython.locals(s=State, after=State)
def heuristic_values(s: State, mover: int, actions: Iterable[Action],
                     chance: Callable[[State, Action], bool] | None) -> dict[Action, float]:
    """Each action's one-step heuristic for `mover` (the position before its roll where the
    heuristic averages over the dice the action rolls)."""
    values: dict[Action, float] = {}
    before: float | None = None
    for action in actions:
        if chance is not None and chance(s, action):
            if before is None:
                before = evaluate(s, mover)
            values[action] = before
            continue
        after = s.clone()
        after._apply(mover, action)
        values[action] = evaluate(after, mover)
    return values


def node_priors(node: Node, s: State, mover: int, legal: Sequence[Action],
                chance: Callable[[State, Action], bool] | None) -> dict[Any, float]:
    """The node's prior scores, covering every action legal in this determinization (an action
    seen here for the first time is scored now)."""
    priors = node.priors
    if priors is None:
        priors = node.priors = heuristic_values(s, mover, legal, chance)
    else:
        missing = [a for a in legal if a not in priors]
        if missing:
            priors.update(heuristic_values(s, mover, missing, chance))
    return priors


# Compiled, the arithmetic runs on C doubles and libm (as bots/mcts.py's `_select`), so both builds
# pick the same child.
@cython.locals(node=Node, child=Node, c=cython.double, weight=cython.double, log_parent=cython.double,
               best_score=cython.double, score=cython.double, n=cython.double, prior=cython.double,
               tried=cython.Py_ssize_t, allowed=cython.Py_ssize_t)
def pick(node: Node, legal: Sequence[Action], priors: dict[Any, float], c: float, weight: float,
         allowed: int) -> tuple[Action, Node | None]:
    """The action to follow by UCB with the priors as virtual visits, among the node's children
    and (while widening allows another child) the best-scored action not yet tried. Returns the
    action and its child, None where the child is still to be made."""
    children = node.children
    log_parent = log(node.visits) if node.visits > 1 else 0.0
    best_action: Action | None = None
    best_child: Node | None = None
    best_score = -math.inf
    fresh: Action | None = None  # the best untried action by its prior
    tried = 0
    for action in legal:
        child = children.get(action)
        prior = priors[action]
        if child is None:
            if fresh is None or prior > priors[fresh]:
                fresh = action
            continue
        tried += 1
        child.avail += 1
        n = child.visits + weight
        score = (child.total + weight * prior) / n + c * sqrt(log(child.avail) / n)
        if score > best_score:
            best_action, best_child, best_score = action, child, score
    if fresh is not None and tried < allowed:
        score = priors[fresh] + c * sqrt(log_parent / weight)
        if best_action is None or score > best_score:
            return fresh, None
    assert best_action is not None
    return best_action, best_child
