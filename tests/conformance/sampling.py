"""Checks for a game's own `sample_action`: on a given position it must draw exactly what
`rng.choice(legal_actions)` draws from the same generator (so it is uniform, never illegal, and
the random bot plays as before), reach every legal action, and change nothing."""

from __future__ import annotations

from glyphhall.engine import Rng, State

from .playout import random_playout

SEEDS = range(600)


def assert_samples_as_a_choice_from_the_list(state: State, seat: int) -> None:
    legal = state.legal_actions(seat)
    before = state.to_dict()
    drawn = set()
    for seed in SEEDS:
        mine, listed = Rng(seed), Rng(seed)
        action = state.sample_action(seat, mine)
        assert action == listed.choice(legal), f"seed {seed}: drew {action}, the list gives another"
        assert mine.state == listed.state, "the draw used the generator differently"
        drawn.add(action)
    assert drawn == set(legal), f"never drawn: {set(legal) - drawn}"
    assert state.to_dict() == before, "sampling changed the state"


def positions(game, players: int, seeds, wanted, limit: int = 6) -> list[tuple[State, int]]:
    """Up to `limit` (state, seat) pairs along seeded random games where `wanted(state, seat)`."""
    found: list[tuple[State, int]] = []
    for seed in seeds:
        for state, seat, _ in random_playout(game, players, seed):
            if len(found) >= limit:
                return found
            if wanted(state, seat):
                found.append((state.clone(), seat))
    return found
