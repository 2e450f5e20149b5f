"""What a search does below its tree: the helpers of MCTS rollouts (bots/mcts.py).

- `finish_turn`: play the seat to move greedily on the game's heuristic until another seat is to
  move. Where a turn is many decisions (Glyfts: place cards, attack, summon), a leaf in the middle
  of a turn scored at once is judged without the attacks still to come, so branches that reach the
  attack step sooner look better than they are (issue 23); finishing the turn the way the greedy
  bot would puts every leaf on the same footing.
- luck: `chance_hook` and `apply_counting_luck` (the control variate of bots/mcts.py, "Luck").
- `greedy_action`, `samples_without_listing`: the rollout policies' building blocks."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from glyphhall.engine import Action, Game
from glyphhall.engine.game import State  # (where the compiled build cimports it from)

from .simple import evaluate, evaluate_all

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

#: A turn finished greedily stops after this many plies whatever happens (guards endless turns).
TURN_GUARD = 60


def has_heuristic(game: Game) -> bool:
    """True where the game overrides `Game.heuristic` (cut-off rollouts are pointless without one)."""
    return type(game).heuristic is not Game.heuristic


def samples_without_listing(state: State) -> bool:
    """True where the game draws a random legal action without listing them all."""
    return type(state).sample_action is not State.sample_action


def chance_hook(game: Game) -> Callable[[State, Action], bool] | None:
    """The game's `heuristic_averages_chance(state, action)`, where it overrides the engine's
    (which says never) and has a heuristic."""
    if type(game).heuristic_averages_chance is Game.heuristic_averages_chance or not has_heuristic(game):
        return None
    return game.heuristic_averages_chance


@cython.locals(s=State)
def apply_counting_luck(s: State, mover: int, action: Action, luck: list[float] | None) -> list[float]:
    """Apply `action`, which rolls dice the heuristic averages over before the roll: the heuristic
    after, less the heuristic before, is each seat's luck (zero on average), added to `luck`."""
    before = evaluate_all(s)
    s._apply(mover, action)
    moved = [x - b for x, b in zip(evaluate_all(s), before, strict=True)]
    return moved if luck is None else [x + y for x, y in zip(luck, moved, strict=True)]


@cython.locals(state=State, after=State)
def greedy_action(state: State, seat: int, legal: Sequence[Action]) -> Action:
    """The action whose result the heuristic likes best for `seat` (the first of equals)."""
    best = legal[0]
    best_value = -1.0
    for action in legal:
        after = state.clone()
        after._apply(seat, action)
        value = evaluate(after, seat)
        if value > best_value:
            best, best_value = action, value
    return best


@cython.locals(s=State)
def finish_turn(s: State, chance: Callable[[State, Action], bool] | None,
                luck: list[float] | None) -> list[float] | None:
    """Play the seat to move greedily until another seat is to move (or the game ends, or
    TURN_GUARD plies); returns the luck of the dice on the way added to `luck`."""
    movers = s.to_move()
    if len(movers) != 1:
        return luck
    seat = movers[0]
    for _ in range(TURN_GUARD):
        if s.is_over() or s.to_move() != movers:
            break
        legal = s._legal_actions(seat)
        action = legal[0] if len(legal) == 1 else greedy_action(s, seat, legal)
        if chance is not None and chance(s, action):
            luck = apply_counting_luck(s, seat, action, luck)
        else:
            s._apply(seat, action)
    return luck
