"""The game's own strategy as a bot, where the game offers one.

A game may define `policy(state, seat, rng) -> Action`: a hand-written strong player that reads
only what `seat` may see (Glyphs' apprentice is one). This bot, registered as "policy", plays it;
for a game without one it plays like the heuristic bot. Bots never import games: the hook is
found on `state.game` by name."""

from __future__ import annotations

from glyphhall.engine import Action, State

from .simple import GreedyBot


class PolicyBot(GreedyBot):
    name = "policy"

    def choose(self, state: State, seat: int) -> Action:
        policy = getattr(state.game, "policy", None)
        if not callable(policy):
            return super().choose(state, seat)
        action = policy(state, seat, self.rng)
        if not state.is_legal(seat, action):
            raise ValueError(
                f"{state.game.id}'s own policy chose '{action}', which is not legal for seat {seat}"
            )
        return action


def has_policy(game: object) -> bool:
    return callable(getattr(game, "policy", None))
