"""The search tree's nodes (bots/mcts.py): an edge's statistics, and the bookkeeping of a phase
of simultaneous secret choices."""

from __future__ import annotations

from typing import Any

from glyphhall.engine import Action

#: Marks the key of a seat's decision node inside a simultaneous phase.
SHARED = "simultaneous"


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
