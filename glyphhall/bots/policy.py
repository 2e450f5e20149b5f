"""The game's own strategy as a bot, where the game offers one.

A game may override `Game.policy(state, seat, rng)`: a hand-written strong player that reads
only what `seat` may see (Glyphs' apprentice is one). This bot, registered as "policy", plays it;
for a game without one (the hook returns None) it plays like the heuristic bot."""

from __future__ import annotations

from glyphhall.engine import Action, State

from .simple import GreedyBot


class PolicyBot(GreedyBot):
    name = "policy"

    def choose(self, state: State, seat: int) -> Action:
        action = state.game.policy(state, seat, self.rng)
        if action is None:
            return super().choose(state, seat)
        if not state.is_legal(seat, action):
            raise ValueError(
                f"{state.game.id}'s own policy chose '{action}', which is not legal for seat {seat}"
            )
        return action

