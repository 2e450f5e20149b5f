"""The search tree's nodes (bots/mcts.py): an edge's statistics, the bookkeeping of a phase of
simultaneous secret choices and how a simultaneous decision is sampled, and a walk's back-up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from glyphhall.engine import Action, Rng

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

#: Marks the key of a seat's decision node inside a simultaneous phase.
SHARED = "simultaneous"
#: Share of uniform exploration mixed into regret matching at simultaneous decisions.
SIMULTANEOUS_EXPLORATION = 0.1


class Node:
    """Statistics of one edge (the action that leads here, chosen by one seat) and its children."""

    __slots__ = ("children", "visits", "total", "avail", "regret", "strategy", "priors")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        # Used only at simultaneous decisions (regret matching): cumulative regret and the sum
        # of the probabilities this action was given, whose average is the strategy to play.
        self.regret = 0.0
        self.strategy = 0.0
        #: With heuristic priors (bots/priors.py): the one-step heuristic of each action tried
        #: here, for the seat choosing; None until the search first chooses from this node.
        self.priors: dict[Any, float] | None = None

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Phase:
    """Seats choosing secretly at the same time, from the node where several seats were to move.

    The phase goes on while only its seats are to move and no seat that had finished its part comes
    back (a seat that reappears means the choices were revealed and play moved on). A lone seat
    finishing its part after the others is still inside the phase, which is right: nobody decides
    in between, so nobody can react to what they have not seen."""

    __slots__ = ("root", "seats", "own", "joint", "done")

    def __init__(self, root: Node, movers: tuple[int, ...]) -> None:
        self.root = root
        self.seats = frozenset(movers)
        self.own: dict[int, tuple[Action, ...]] = {m: () for m in movers}
        self.joint: tuple[tuple[int, Action], ...] = ()
        self.done: frozenset[int] = frozenset()

    def goes_on(self, mover: int, action: Action, after: tuple[int, ...]) -> bool:
        self.own[mover] += (action,)
        self.joint += ((mover, action),)
        if not after or not self.seats.issuperset(after) or self.done.intersection(after):
            return False
        self.done = self.done.union(self.seats.difference(after))
        return True


#: One walk down a tree (MCTSBot._descend): its edges, its regret-matching decisions, the
#: simultaneous phase still open, the luck of its dice and its last node.
Walk = tuple[list[tuple[Node, int]], list[Any], Phase | None, list[float] | None, Node | None]


@cython.locals(stat=Node, kid=Node, who=cython.Py_ssize_t, j=cython.Py_ssize_t, pick=cython.Py_ssize_t,
               value=cython.double)
def back_up(path: list[tuple[Node, int]], mixed: list[Any], values: list[float], *, count: bool) -> None:
    """Add a walk's result to its edges (and count their visits unless already counted: a walk
    whose leaf waits for a batched evaluation counted them on its way down, as a virtual loss)."""
    for stat, who in path:
        if who >= 0:  # visit-only nodes were counted on the way down
            if count:
                stat.visits += 1
            stat.total += values[who]
    for who, kids, probs, pick in mixed:
        value = values[who]
        for j, kid in enumerate(kids):
            # Importance-sampled regret: what action j would have earned, less what we got.
            kid.regret += (value / probs[j] if j == pick else 0.0) - value


@cython.locals(node=Node, kid=Node, r=cython.double, total=cython.double, j=cython.Py_ssize_t,
               k=cython.Py_ssize_t)
def select_mixed(node: Node, legal: Sequence[Action], rng: Rng) -> tuple[Node, Action, bool, list[Node], list[float], int]:
    """A simultaneous decision: sample from regret matching mixed with exploration (Lanctot
    et al. 2013, SM-MCTS). Deterministic UCB here lets both seats fall into lock-step cycles
    that make every choice look lost; regret matching converges to a mixed equilibrium.
    Returns (child, action, whether a child was created, the children offered, their
    probabilities, the index chosen)."""
    children = node.children
    created = False
    kids: list[Node] = []
    for action in legal:
        kid = children.get(action)
        if kid is None:
            kid = children[action] = Node()
            created = True
        else:
            kid.avail += 1
        kids.append(kid)
    k = len(kids)
    # the positive regrets and their sum, added up in order (as `sum` does on Python 3.11)
    positive = []
    total = 0.0
    for kid in kids:
        r = kid.regret if kid.regret > 0.0 else 0.0
        positive.append(r)
        total += r
    sigma = [p / total for p in positive] if total > 0.0 else [1.0 / k] * k
    gamma = SIMULTANEOUS_EXPLORATION
    probs = [(1.0 - gamma) * p + gamma / k for p in sigma]
    for j in range(k):
        kid = kids[j]
        kid.strategy += sigma[j]
    x = rng.random()
    pick = k - 1
    for j, p in enumerate(probs):
        x -= p
        if x < 0.0:
            pick = j
            break
    return kids[pick], legal[pick], created, kids, probs, pick
