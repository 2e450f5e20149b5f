"""A checked `apply` right after `legal_actions` reuses that list for every game: a game that
overrides `legal_actions` (to inline the base class's checks) must remember the list as the
base class does, or the careful callers (terminal, server) pay for a second listing."""

from __future__ import annotations

from glyphhall.engine import Rng

from .playout import player_counts

STEPS = 150


def test_a_checked_apply_after_a_listing_does_not_check_again(game, monkeypatch):
    checks = []
    for players in player_counts(game):
        state = game.new(players, 7)
        rng = Rng(17)
        cls = type(state)
        for _ in range(STEPS):
            if state.is_over():
                break
            movers = state.to_move()
            seat = movers[rng.below(len(movers))]
            action = rng.choice(state.legal_actions(seat))
            with monkeypatch.context() as patch:
                # the path a checked apply takes without a remembered list
                patch.setattr(cls, "check_can_act", lambda self, seat: checks.append(seat))
                patch.setattr(cls, "is_legal", lambda self, seat, action: checks.append(action) or True)
                state.apply(seat, action)
            assert not checks, f"{game.id}: apply checked {action} again after it was listed"
