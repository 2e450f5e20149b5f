"""Finding a line: an exhaustive search of the solver's own consecutive decisions (while the solver
alone is to move) for one that reaches a goal this turn: the game won, or a game's own goal (an
Inscription candle put out). Searched on one determinization; checked on others (checking.py).

Exact where it claims to be: every sequence of up to `depth` decisions is tried (up to a node
budget; a search that runs out of budget claims nothing)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from glyphhall.engine import Action, State

#: goal(before, after, seat): did `seat` reach the goal between the two positions?
Goal = Callable[[State, State, int], bool]


def wins_game(before: State, after: State, seat: int) -> bool:
    """The game is over and `seat` has the best result alone."""
    if not after.is_over():
        return False
    returns = after.returns()
    return all(returns[seat] > r for i, r in enumerate(returns) if i != seat)


def candle_out(before: State, after: State, seat: int) -> bool:
    """Inscription: an opponent's candle went out (or the game was won)."""
    if wins_game(before, after, seat):
        return True
    candles_before = getattr(before, "candles", None)
    candles_after = getattr(after, "candles", None)
    if candles_before is None or candles_after is None:
        return False
    return any(candles_after[i] < candles_before[i] for i in range(len(candles_before)) if i != seat)


class OutOfBudget(Exception):
    """The search met its node budget before it could answer."""


@dataclass
class Search:
    """A depth-first search of `seat`'s consecutive decisions with a node budget."""

    goal: Goal
    seat: int
    depth: int
    budget: int
    nodes: int = 0

    def _child(self, state: State, action: Action) -> State:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        after = state.clone()
        after.apply(self.seat, action, check=False)
        return after

    def still_mine(self, state: State) -> bool:
        return not state.is_over() and state.to_move() == (self.seat,)

    def line_from(self, start: State, state: State, depth: int) -> list[Action] | None:
        """A shortest line of at most `depth` decisions from `state` reaching the goal (judged
        against `start`, the puzzle's position), or None; raises OutOfBudget."""
        for limit in range(1, depth + 1):  # iterative deepening: the shortest line first
            found = self._dfs(start, state, limit)
            if found is not None:
                return found
        return None

    def _dfs(self, start: State, state: State, limit: int) -> list[Action] | None:
        for action in state.legal_actions(self.seat):
            after = self._child(state, action)
            if self.goal(start, after, self.seat):
                return [action]
            if limit > 1 and self.still_mine(after):
                rest = self._dfs(start, after, limit - 1)
                if rest is not None:
                    return [action, *rest]
        return None


def plays_line(state: State, seat: int, line: list[str], goal: Goal) -> bool:
    """Whether `line` (texts) can be played by `seat` from `state`, each step the seat's move alone,
    and reaches the goal at its last step exactly (not before)."""
    now = state.clone()
    for index, text in enumerate(line):
        if now.is_over() or now.to_move() != (seat,):
            return False
        wanted = [a for a in now.legal_actions(seat) if str(a) == text]
        if not wanted:
            return False
        after = now.clone()
        after.apply(seat, wanted[0], check=False)
        reached = goal(state, after, seat)
        if reached != (index == len(line) - 1):
            return False
        now = after
    return True
