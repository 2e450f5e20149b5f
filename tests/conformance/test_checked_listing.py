"""A checked `apply` right after `legal_actions` reuses that list for every game: a game that
overrides `legal_actions` (to inline the base class's checks) must remember the list as the
base class does, or the careful callers (terminal, server) pay for a second listing. (That the
engine's `apply` then checks against the remembered list alone, without `check_can_act` or
`is_legal`, is tests/engine/test_checked_apply.py's: the games' states are extension types in the
compiled build, whose methods a test cannot replace.)"""

from __future__ import annotations

from glyphhall.engine import Rng

from .playout import player_counts

STEPS = 150


def test_a_listing_is_remembered_for_the_checked_apply_after_it(game):
    for players in player_counts(game):
        state = game.new(players, 7)
        rng = Rng(17)
        for _ in range(STEPS):
            if state.is_over():
                break
            movers = state.to_move()
            seat = movers[rng.below(len(movers))]
            legal = state.legal_actions(seat)
            listed = state._listed
            assert listed is not None and listed[0] == seat, f"{game.id}: the listing for {seat} was not remembered"
            assert all(a is b for a, b in zip(listed[1], legal, strict=True)), f"{game.id}: another list was remembered"
            state.apply(seat, rng.choice(legal))
            assert state._listed is None, f"{game.id}: the listing outlived the action"
