"""Judging a position the way its game's profile says (a sure line, or the best chance by a margin),
and checking a shipped puzzle again from its record with more determinizations, drawn from
another seed, and a larger node budget (the generator's second check and the verification test)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from glyphhall.engine import Rng, State

from .checking import judge
from .model import Puzzle
from .odds import judge_odds, reaches
from .profiles import PROFILES, Profile
from .solving import puzzle_state


@dataclass(frozen=True)
class Judged:
    line: tuple[tuple[str, ...], ...]
    legal_first: int
    nodes: int
    chance: float
    runner_up: float


def judge_position(profile: Profile, state: State, seat: int, *, scale: int, rng: Rng) -> tuple[Judged | None, int]:
    """The line to play, judged with `scale` times the profile's determinizations and node budget."""
    samples, budget = profile.samples * scale, profile.budget * scale
    if profile.odds:
        found, nodes = judge_odds(state, seat, profile.goal, depth=profile.depth, samples=samples,
                                  budget=budget, rng=rng)
        return (None if found is None else
                Judged(found.line, found.legal_first, found.nodes, found.chance, found.runner_up)), nodes
    sure, nodes = judge(state, seat, profile.goal, depth=profile.depth, samples=samples, budget=budget, rng=rng)
    return (None if sure is None else Judged(sure.line, sure.legal_first, sure.nodes, 1.0, 0.0)), nodes


def plays_in(state: State, seat: int, line: tuple[tuple[str, ...], ...]) -> bool:
    """Whether the line's first accepted moves can be played in `state` itself, each by the solver
    alone (so the solver, who plays the real position, is never left with a step that cannot be made)."""
    now = state.clone()
    for step in line:
        if now.is_over() or now.to_move() != (seat,):
            return False
        wanted = [a for a in now.legal_actions(seat) if str(a) == step[0]]
        if not wanted:
            return False
        now.apply(seat, wanted[0])
    return True


def seed_of(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


#: The verification's scale: times the first check's determinizations and node budget (the
#: generator's second check uses RECHECK_SCALE).
VERIFY_SCALE = 4
RECHECK_SCALE = 3


def reverify(puzzle: Puzzle, scale: int = VERIFY_SCALE, state: State | None = None) -> str | None:
    """None if the puzzle's line is found again from its record at `scale` (other determinizations,
    from a seed of the puzzle's id), else a sentence saying what differs."""
    profile = PROFILES[puzzle.game_id]
    state = puzzle_state(puzzle) if state is None else state
    if not plays_in(state, puzzle.seat, puzzle.line):
        return f"{puzzle.id}: the line cannot be played in the position"
    if profile.wins_in_play and not reaches(state, puzzle.seat, tuple(s[0] for s in puzzle.line), profile.goal):
        return f"{puzzle.id}: the line does not reach the goal in the position itself"
    found, _ = judge_position(profile, state, puzzle.seat, scale=scale, rng=Rng(seed_of(f"verify:{puzzle.id}:{scale}")))
    if found is None:
        return f"{puzzle.id}: no clearly best line was found again"
    if found.line != puzzle.line:
        return f"{puzzle.id}: another line was found: {found.line} instead of {puzzle.line}"
    return None
