"""Luck-adjusted scores (glyphhall.arena.luck_adjusted): the outcomes of a chance move are its real
distribution, a match replays with its own dice, and the luck terms average zero."""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter

import pytest

from glyphhall import games
from glyphhall.arena import MatchSpec, play_match
from glyphhall.arena.luck_adjusted import adjusted_score, luck_terms, outcomes
from glyphhall.engine import MatchRecord, Rng


def _first_battle_roll(seed: int):
    """A Glyfts position (random play from `seed`) where the next move rolls the two battle dice."""
    game = games.get("glyfts")
    state = game.new(2, seed, {})
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        battle = getattr(state, "battle", None)
        legal = state.legal_actions(seat)
        roll = [a for a in legal if str(a) == "roll"]
        if roll and battle is not None and battle.attacker_die == 0:
            return game, state, seat, roll[0]
        state.apply(seat, rng.choice(legal))
    pytest.fail("no battle in the game")


def _position(state) -> str:
    """The position as saved, without the rng (a forced or fresh rng's state says nothing)."""
    data = state.to_dict()
    data.pop("rng")
    return json.dumps(data, sort_keys=True)


def test_a_battle_roll_has_its_36_outcomes_and_the_position_is_left_alone() -> None:
    _, state, seat, roll = _first_battle_roll(3)
    before = state.to_dict()
    ways = outcomes(state, seat, roll, seed=1)
    assert len(ways) == 36 and sum(p for p, _ in ways) == pytest.approx(1.0)
    assert all(p == pytest.approx(1 / 36) for p, _ in ways)
    assert state.to_dict() == before


def test_the_outcomes_are_the_real_distribution_of_the_dice() -> None:
    """The enumerated probabilities against the frequencies of the move applied with real rngs."""
    _, state, seat, roll = _first_battle_roll(3)
    exact: Counter[str] = Counter()
    for p, after in outcomes(state, seat, roll, seed=1):
        exact[_position(after)] += p
    seen: Counter[str] = Counter()
    trials = 3600
    for k in range(trials):
        copy = state.clone()
        copy.rng = Rng(k * 7919 + 1)
        copy.apply(seat, roll)
        seen[_position(copy)] += 1
    assert set(seen) <= set(exact) and len(exact) > 1
    # chi-square against its 99.9 % point (Wilson and Hilferty's approximation)
    df = len(exact) - 1
    limit = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3
    assert sum((seen[k] - trials * p) ** 2 / (trials * p) for k, p in exact.items()) < limit


def test_a_move_without_chance_has_no_outcomes_and_a_large_draw_is_sampled() -> None:
    game = games.get("glyfts")
    state = game.new(2, 5, {})
    seat = state.to_move()[0]
    deploy = state.legal_actions(seat)[0]
    assert str(deploy).startswith("deploy") and outcomes(state, seat, deploy, seed=1) == []
    assert outcomes(state, seat, deploy, seed=1, limit=0) == []  # no draw at all: nothing to sample either
    _, state, seat, roll = _first_battle_roll(3)
    sampled = outcomes(state, seat, roll, seed=1, limit=10, samples=16)
    assert len(sampled) == 16 and all(p == pytest.approx(1 / 16) for p, _ in sampled)
    again = outcomes(state, seat, roll, seed=1, limit=10, samples=16)
    assert [_position(s) for _, s in sampled] == [_position(s) for _, s in again]
    assert len({_position(s) for _, s in sampled}) > 1


def _match(seed: int, bots=("heuristic", "careless")) -> dict:
    spec = MatchSpec(index=seed, game="glyfts", seed=seed, entrants=bots, bots=bots, bot_seeds=(seed, seed + 1),
                     shared_luck=True)
    result = play_match(spec)
    assert result["error"] is None
    return result


def test_a_match_replays_with_its_own_dice_and_a_wrong_record_is_refused() -> None:
    result = _match(4)
    out = adjusted_score(games.get("glyfts"), result, seat=0)
    assert out["score"] in (0.0, 0.5, 1.0) and out["chance_moves"] > 0
    assert out["adjusted"] == pytest.approx(out["score"] - out["luck"])
    record = MatchRecord.from_dict(result["record"])
    record.result = list(reversed(record.result))
    with pytest.raises(ValueError, match="the replay ended"):
        luck_terms(games.get("glyfts"), record, 0)


def test_the_luck_terms_average_zero_and_take_spread_out_of_the_results() -> None:
    """Over 30 matches (fixed seeds) the luck a seat had is zero within three standard errors, and
    the adjusted scores spread less than the raw ones: Glyfts' dice decide much of a result."""
    game = games.get("glyfts")
    rows = [adjusted_score(game, _match(seed), seat=0) for seed in range(30)]
    luck = [r["luck"] for r in rows]
    assert abs(statistics.mean(luck)) < 3 * statistics.stdev(luck) / len(luck) ** 0.5
    assert statistics.stdev(r["adjusted"] for r in rows) < statistics.stdev(r["score"] for r in rows)
