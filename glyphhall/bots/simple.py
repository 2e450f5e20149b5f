"""The baseline bots every game has: random, greedy on the game's heuristic, and careless (greedy
but for a random move now and then: the ladder's step between the two)."""

from __future__ import annotations

from glyphhall.engine import Action, Rng, State

from .base import Bot


class RandomBot(Bot):
    """A uniformly random legal action (drawn without listing them all where the game can)."""

    name = "random"

    def choose(self, state: State, seat: int) -> Action:
        return random_move(state, seat, self.rng)


def random_move(state: State, seat: int, rng: Rng) -> Action:
    """A uniformly random legal action of `seat`; ValueError where it has none."""
    if seat not in state.to_move() or state.is_over():
        raise ValueError(f"seat {seat} has no legal action here")
    return state.sample_action(seat, rng)


def evaluate(state: State, seat: int) -> float:
    """A value for `seat` in [0, 1]: the result if the game is over, else the game's heuristic,
    else 0.5 (no opinion)."""
    if state.is_over():
        return state.returns()[seat]
    value = state.game.heuristic(state, seat)
    return 0.5 if value is None else value


def evaluate_all(state: State) -> list[float]:
    """`evaluate(state, k)` for every seat k, in one pass where the game has a `heuristic_all`
    (what a heuristic computes once for all seats, e.g. the material on the board, is then
    not computed once per seat: a cut-off rollout scores every seat)."""
    if state.is_over():
        return state.returns()
    every = state.game.heuristic_all(state)
    return [evaluate(state, k) for k in range(state.num_players)] if every is None else every


class GreedyBot(Bot):
    """One-step lookahead: the action whose resulting position the game's heuristic likes best.
    Ties are broken at random so that it is not predictable."""

    name = "heuristic"

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        best: list[Action] = []
        best_value = -1.0
        for action in legal:
            after = state.clone()
            after.apply(seat, action, check=False)
            value = evaluate(after, seat)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return self.rng.choice(best)


#: The careless bot's chance of a random move on each decision: see bench/RESULTS.md, issue 41
#: (below the greedy bot and above the random one, measurably, in every game).
CARELESS_P = 0.5


class CarelessBot(GreedyBot):
    """The greedy bot's move, except that on each decision, with probability `p`, a uniformly
    random legal move instead (drawn from the bot's own seeded rng, so a seed replays it)."""

    name = "careless"

    def __init__(self, seed: int = 0, p: float = CARELESS_P) -> None:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must be between 0 and 1, not {p}")
        super().__init__(seed)
        self.p = p

    def choose(self, state: State, seat: int) -> Action:
        if self.p > 0.0 and (self.p >= 1.0 or self.rng.random() < self.p):
            return random_move(state, seat, self.rng)
        return super().choose(state, seat)
