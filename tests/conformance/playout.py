"""Seeded random playouts shared by the conformance checks."""

from __future__ import annotations

import os
from collections.abc import Iterator

from glyphhall.engine import Game, Rng, State

PLAYOUTS = int(os.environ.get("CONFORMANCE_PLAYOUTS", "12"))
MAX_STEPS = 20_000


def player_counts(game: Game) -> list[int]:
    return sorted({game.min_players, game.max_players})


def random_playout(
    game: Game, players: int, seed: int, options: dict | None = None
) -> Iterator[tuple[State, int, object]]:
    """Yield (state before the action, seat, action) along a seeded random game; the state
    yielded is the live one, so callers that need it later must clone it."""
    state = game.new(players, seed, options)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(MAX_STEPS):
        if state.is_over():
            return
        movers = state.to_move()
        assert movers, f"{game.id}: nobody is to move but the game is not over"
        seat = movers[rng.below(len(movers))]
        legal = state.legal_actions(seat)
        assert legal, f"{game.id}: seat {seat} is to move but has no legal action"
        action = rng.choice(legal)
        yield state, seat, action
        state.apply(seat, action)
    raise AssertionError(f"{game.id}: a random game ran past {MAX_STEPS} steps")


def play_to_end(game: Game, players: int, seed: int, options: dict | None = None) -> State:
    """The final state of a seeded random game."""
    steps = random_playout(game, players, seed, options)
    state = next(steps)[0]  # the live state, which the remaining steps play out
    for _ in steps:
        pass
    return state
