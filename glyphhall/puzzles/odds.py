"""Judging a position where luck is part of the game (dice, hidden cards): which line of the solver's
own decisions this turn gives the best chance of reaching the goal, by a clear margin?

Candidate lines are every line that reaches the goal in one of the first few determinizations
(an exhaustive search of the solver's decisions, finding.py). Each candidate is then played as it
stands (the same moves, whatever the dice do) in every determinization, and its chance is the share
of them where it reaches the goal. A first move's chance is that of its best line. The answer is
kept when the best first move's chance is at least `least` and beats every other first move's by
at least `margin`; its line is that first move's best line, each step one accepted move."""

from __future__ import annotations

from dataclasses import dataclass

from glyphhall.engine import Action, Rng, State

from .checking import samples_for
from .finding import Goal, OutOfBudget, Search


@dataclass(frozen=True)
class OddsVerdict:
    line: tuple[tuple[str, ...], ...]
    legal_first: int
    nodes: int
    chance: float  # the line's share of determinizations reaching the goal
    runner_up: float  # the best other first move's share


def _all_lines(search: Search, start: State, state: State, depth: int, prefix: tuple[str, ...],
               out: set[tuple[str, ...]]) -> None:
    for action in state.legal_actions(search.seat):
        after = search._child(state, action)
        line = (*prefix, str(action))
        if search.goal(start, after, search.seat):
            out.add(line)
        elif depth > 1 and search.still_mine(after):
            _all_lines(search, start, after, depth - 1, line, out)


def reaches(world: State, seat: int, line: tuple[str, ...], goal: Goal) -> bool:
    """Whether `line`, played as it stands in `world`, reaches the goal (at its end or before)."""
    now = world.clone()
    for text in line:
        if now.is_over() or now.to_move() != (seat,):
            return False
        wanted: list[Action] = [a for a in now.legal_actions(seat) if str(a) == text]
        if not wanted:
            return False
        now.apply(seat, wanted[0], check=False)
        if goal(world, now, seat):
            return True
    return False


def judge_odds(state: State, seat: int, goal: Goal, *, depth: int, samples: int, budget: int, rng: Rng,
               least: float = 0.6, margin: float = 0.3, seeds: int = 3) -> tuple[OddsVerdict | None, int]:
    if state.is_over() or state.to_move() != (seat,):
        return None, 0
    legal_first = len(state.legal_actions(seat))
    if legal_first < 3:
        return None, 0  # one real choice and a way out (Glyfts: one attack or none) is no puzzle
    worlds = samples_for(state, seat, samples, rng)
    search = Search(goal, seat, depth, budget)
    candidates: set[tuple[str, ...]] = set()
    try:
        for world in worlds[:seeds]:
            _all_lines(search, world, world, depth, (), candidates)
    except OutOfBudget:
        return None, search.nodes
    if not candidates:
        return None, search.nodes
    shares: dict[tuple[str, ...], float] = {}
    for line in sorted(candidates, key=lambda c: (len(c), c)):
        shares[line] = sum(reaches(w, seat, line, goal) for w in worlds) / len(worlds)
        search.nodes += len(line) * len(worlds)
    best_by_first: dict[str, tuple[float, tuple[str, ...]]] = {}
    for line, share in shares.items():  # shortest lines first: a longer line must do strictly better
        if line[0] not in best_by_first or share > best_by_first[line[0]][0]:
            best_by_first[line[0]] = (share, line)
    ranked = sorted(best_by_first.values(), key=lambda x: (-x[0], len(x[1]), x[1]))
    chance, line = ranked[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
    if chance < least or chance - runner_up < margin:
        return None, search.nodes
    # (the generator keeps it only if it can be played as it stands in the real position: verify.plays_in)
    return OddsVerdict(tuple((m,) for m in line), legal_first, search.nodes, chance, runner_up), search.nodes
