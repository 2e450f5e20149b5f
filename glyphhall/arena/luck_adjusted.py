"""Luck-adjusted scores: a finished match's result with the luck of its dice taken out.

In a game where dice decide most results, a strength measurement needs many deals to see a small
difference between players. AIVAT (Burch, Schmid, Moravcik, Morrill and Bowling, 2018) takes the
luck out of each result instead: at every chance event it subtracts what the outcome was worth
against what the event was worth on average, both read from a value function, here the game's
heuristic. Each such term averages zero over the outcomes, whatever the value function, so the
adjusted score has the same expectation as the raw one (it is unbiased); the better the heuristic
follows a game's fortunes, the smaller its spread, and the fewer deals a measurement needs.

The match is replayed from its record with the same shared luck it was played with (the streams
of `SharedLuck` depend only on the seed and the draws asked for, so the replay rolls the same
dice). At each move whose applying draws from the rng, every way the draws can fall is tried on a
copy (a forced rng answers each draw in turn), weighted by its probability; a move whose draws are
too many to enumerate (a handful of combat dice, a shuffle) is valued on fresh samples instead,
which keeps the estimate unbiased. Only chance is corrected, not the players' own choices
(AIVAT's second term needs their policies).

Two players only: the score is 1, 1/2 or 0 and a position's value for a seat is the mean of its
own heuristic and one minus the other's, so the two seats' values add up to one as scores do (and
one seat's luck is the other's, negated). The heuristics overstate a die's swing (a roll moves
them more than the result), so the strength benches use the luck as a control variate, scaled by
its regression on the score (bench/strength/sequential.py), rather than subtract it whole."""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from glyphhall.engine import Game, MatchRecord, Rng, State

from .luck import SharedLuck

T = TypeVar("T")

#: The most outcomes (ways the draws of one move can fall) enumerated; a move with more is sampled.
MAX_OUTCOMES = 256
#: Outcomes sampled for a move with more (a handful of combat dice, a shuffle).
SAMPLES = 64


class _NeedsDraw(Exception):
    """A forced rng was asked for a draw past its answers: `n` ways it can fall."""

    def __init__(self, n: int) -> None:
        self.n = n


class _NotEnumerable(Exception):
    """A draw that is not a choice among finitely many equally likely integers."""


class _ForcedRng(Rng):
    """An rng that answers `below(n)` draws from a list (`answers`), recording each `n`."""

    __slots__ = ("answers", "bounds")

    def __init__(self, answers: Sequence[int]) -> None:
        super().__init__(0)
        self.answers = answers
        self.bounds: list[int] = []

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        k = len(self.bounds)
        if k == len(self.answers):
            raise _NeedsDraw(n)
        self.bounds.append(n)
        return self.answers[k]

    def randint(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):  # Fisher-Yates, each swap one draw
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def next64(self) -> int:
        raise _NotEnumerable

    def random(self) -> float:
        raise _NotEnumerable

    def fork(self) -> Rng:
        raise _NotEnumerable


def outcomes(state: State, seat: int, action: Any, seed: int, limit: int = MAX_OUTCOMES,
             samples: int = SAMPLES) -> list[tuple[float, State]]:
    """The ways the draws of `seat` applying `action` to `state` can fall, each (weight, the
    position after), the weights adding up to one: every way, each with its probability, where
    there are at most `limit`; else `samples` outcomes drawn afresh (from `seed`), equally
    weighted. Empty for a move that draws nothing. `state` is not changed."""
    found: list[tuple[float, State]] = []
    pending: list[tuple[int, ...]] = [()]
    while pending:
        answers = pending.pop()
        copy = state.clone()
        forced = _ForcedRng(answers)
        copy.rng = forced
        try:
            copy.apply(seat, action, check=False)
        except _NeedsDraw as more:
            if len(found) + len(pending) + more.n > limit:
                return _sampled(state, seat, action, seed, samples)
            pending.extend(answers + (k,) for k in range(more.n))
            continue
        except _NotEnumerable:
            return _sampled(state, seat, action, seed, samples)
        if not forced.bounds:
            return []  # nothing drawn: no luck in this move
        probability = 1.0
        for n in forced.bounds:
            probability /= n
        found.append((probability, copy))
    return found


def _sampled(state: State, seat: int, action: Any, seed: int, samples: int) -> list[tuple[float, State]]:
    """`samples` outcomes of the move, each from a fresh rng: their mean value is an unbiased
    estimate of the move's, independent of the outcome that fell, so the luck term still
    averages zero (with a little more spread than the exact mean)."""
    source = Rng(seed)
    out = []
    for _ in range(samples):
        copy = state.clone()
        copy.rng = Rng(source.next64())
        copy.apply(seat, action, check=False)
        out.append((1.0 / samples, copy))
    return out


def score(returns: Sequence[float], seat: int) -> float:
    """A two-player result for `seat`: 1 for the better return, 1/2 for equal ones, 0 for the worse."""
    mine, theirs = returns[seat], returns[1 - seat]
    return 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)


def value(game: Game, state: State, seat: int) -> float:
    """What `state` is worth to `seat` (two players): its score if the game is over, else the mean
    of the seat's heuristic and one minus the other seat's."""
    if state.is_over():
        return score(state.returns(), seat)
    own, other = game.heuristic(state, seat), game.heuristic(state, 1 - seat)
    if own is None or other is None:
        raise ValueError(f"{game.name} has no heuristic to value positions with")
    return (own + 1.0 - other) / 2.0


def luck_terms(game: Game, record: MatchRecord, seat: int) -> tuple[float, int]:
    """Replays `record` (played with shared luck, `arena/match.py`) and sums, over its moves that
    draw, the luck `seat` had: the value of the outcome that fell minus the mean value over the
    outcomes. Returns (the sum, how many moves drew). Raises ValueError if the replay does not
    end as the record did."""
    if len(record.players) != 2:
        raise ValueError("luck-adjusted scores are for two players")
    state = game.new(2, record.seed, record.options)
    state.rng = SharedLuck(record.seed, lambda: game.luck_context(state))
    luck, drew = 0.0, 0
    for step, (to_move, text) in enumerate(record.live_actions()):
        action = game.parse_action(state, to_move, text)
        ways = outcomes(state, to_move, action, seed=(record.seed * 1_000_003 + step) & (2**64 - 1))
        state.apply(to_move, action)
        if ways:
            luck += value(game, state, seat) - sum(p * value(game, after, seat) for p, after in ways)
            drew += 1
    if record.result is not None and state.returns() != list(record.result):
        raise ValueError(f"the replay ended {state.returns()}, the match {record.result}")
    return luck, drew


def adjusted_score(game: Game, result: dict[str, Any], seat: int) -> dict[str, Any]:
    """A finished match's score for `seat` (1, 1/2 or 0) and its luck-adjusted score, from
    `play_match`'s result (which holds the record)."""
    record = MatchRecord.from_dict(result["record"])
    raw = score(result["returns"], seat)
    luck, drew = luck_terms(game, record, seat)
    return {"score": raw, "adjusted": raw - luck, "luck": luck, "chance_moves": drew}
