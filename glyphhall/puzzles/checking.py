"""Judging a position: is there one line of the solver's own decisions that reaches the goal this
turn, the same in every determinization of what the solver cannot see (other seats' hidden cards,
the order of decks, the dice to come), while every other move reaches it in none?

For each determinization and each step, every legal move is searched exhaustively to the line's
remaining depth (finding.py): a step's accepted moves are those that start a goal line there, and
the answer is kept only if that set is the same in every determinization (so it depends on nothing
hidden and on no luck), is not every legal move, and, after any accepted move, the next step's set
is the same again. The search is exact per determinization; the determinizations are a sample, so a
second check with more of them, drawn from another seed, is run before a puzzle is kept (and by
the verification test)."""

from __future__ import annotations

from dataclasses import dataclass

from glyphhall.engine import Rng, State

from .finding import Goal, OutOfBudget, Search


@dataclass(frozen=True)
class Verdict:
    """A line found: each step's accepted moves, the legal moves at the first step, and the cost."""

    line: tuple[tuple[str, ...], ...]
    legal_first: int
    nodes: int


def samples_for(state: State, seat: int, count: int, rng: Rng) -> list[State]:
    """`count` determinizations of `state` for `seat`, each with a fresh chance stream (the dice and
    draws to come are hidden from everyone; `determinize` alone would keep the true stream)."""
    found = []
    for _ in range(count):
        sample = state.determinize(seat, rng)
        sample.rng.state = rng.next64()
        found.append(sample)
    return found


def _play(state: State, seat: int, texts: tuple[str, ...]) -> State | None:
    now = state.clone()
    for text in texts:
        if now.is_over() or now.to_move() != (seat,):
            return None
        wanted = [a for a in now.legal_actions(seat) if str(a) == text]
        if not wanted:
            return None
        now.apply(seat, wanted[0], check=False)
    return now


def _moves_reaching(search: Search, start: State, state: State, depth: int) -> tuple[set[str], set[str], int]:
    """The moves at `state` that start a goal line of at most `depth` decisions, those that reach
    the goal at once, and how many moves were legal."""
    reaching: set[str] = set()
    at_once: set[str] = set()
    legal = state.legal_actions(search.seat)
    for action in legal:
        after = search._child(state, action)
        if search.goal(start, after, search.seat):
            reaching.add(str(action))
            at_once.add(str(action))
        elif depth > 1 and search.still_mine(after) and search.line_from(start, after, depth - 1) is not None:
            reaching.add(str(action))
    return reaching, at_once, len(legal)


def judge(state: State, seat: int, goal: Goal, *, depth: int, samples: int, budget: int, rng: Rng,
          max_share: float = 0.34, max_lines: int = 24) -> tuple[Verdict | None, int]:
    """The line `seat` should play from `state` to reach `goal` this turn, or None; and the nodes
    searched. `budget` bounds the nodes of the whole judgement (None past it); `max_share`: the
    accepted first moves are at most this share of the legal ones (else it is no puzzle)."""
    if state.is_over() or state.to_move() != (seat,):
        return None, 0
    worlds = samples_for(state, seat, samples, rng)
    search = Search(goal, seat, depth, budget)
    try:
        first = search.line_from(worlds[0], worlds[0], depth)
        if first is None:
            return None, search.nodes
        length = len(first)
        steps: list[tuple[str, ...]] = []
        prefixes: list[tuple[str, ...]] = [()]
        legal_first = 0
        for step in range(length):
            seen: set[str] | None = None
            for prefix in prefixes:
                for world in worlds:
                    now = _play(world, seat, prefix)
                    if now is None or not search.still_mine(now):
                        return None, search.nodes  # the prefix plays differently in another world
                    reaching, at_once, legal = _moves_reaching(search, world, now, length - step)
                    if step == 0:
                        legal_first = legal
                    if step < length - 1 and at_once:
                        return None, search.nodes  # a shorter line after another accepted move
                    if seen is None:
                        seen = reaching
                    elif reaching != seen:
                        return None, search.nodes  # depends on what the solver cannot see, or on luck
            if not seen:
                return None, search.nodes
            if step == 0 and (legal_first < 2 or len(seen) > max(1, int(legal_first * max_share))):
                return None, search.nodes  # forced, or too many moves do it: no puzzle
            steps.append(tuple(sorted(seen)))
            prefixes = [p + (m,) for p in prefixes for m in steps[-1]]
            if len(prefixes) > max_lines:
                return None, search.nodes
    except OutOfBudget:
        return None, search.nodes
    return Verdict(tuple(steps), legal_first, search.nodes), search.nodes
