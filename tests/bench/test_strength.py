"""bench/strength/strength.py and bench/strength/sequential.py: paired deals, the sequential tests, the ledger."""

import json
import math
from pathlib import Path

import pytest

from .scripts import load_script

sequential = load_script("strength/sequential.py", "sequential")
strength = load_script("strength/strength.py", "bench_strength")


@pytest.mark.parametrize(("df", "table"), [(3, 3.182), (5, 2.571), (10, 2.228), (30, 2.042), (200, 1.972), (12, 2.179)])
def test_the_t_quantile_matches_the_table(df: int, table: float) -> None:
    assert sequential.t_quantile(df) == pytest.approx(table, rel=1e-3)


def test_the_paired_interval_is_the_t_interval_of_the_mean() -> None:
    mean, low, high = sequential.paired_interval([10.0, -10.0, 20.0, 0.0])
    assert mean == pytest.approx(5.0)
    # sd = 12.91, se = 6.455, t(3) = 3.182
    assert (low, high) == pytest.approx((5 - 3.182 * 6.455, 5 + 3.182 * 6.455), abs=0.05)
    assert sequential.paired_interval([1.0])[1] == -math.inf


def test_the_gsprt_accepts_the_side_the_scores_favour_and_waits_for_enough_deals() -> None:
    assert sequential.gsprt([1.0] * 7, 0, 35).decision is None  # too few deals yet
    strong = [0.75, 0.5, 1.0, 0.5, 0.75, 1.0, 0.5, 0.75] * 6
    assert sequential.gsprt(strong, 0, 35).decision == "H1"
    weak = [0.25, 0.5, 0.0, 0.5, 0.25, 0.5, 0.75, 0.5] * 8
    assert sequential.gsprt(weak, 0, 35).decision == "H0"
    assert sequential.gsprt([0.5, 0.75, 0.25, 0.5] * 3, 0, 35).decision is None
    # a run of tied deals (most deals end the same whoever plays) is not yet evidence of no gain
    assert sequential.gsprt([0.5] * 12, 0, 35).decision is None
    assert sequential.score_of(sequential.elo_of(0.6)) == pytest.approx(0.6)


def test_the_bernoulli_sprt_needs_47_straight_wins_for_98_against_92() -> None:
    assert sequential.bernoulli_sprt(46, 46, 0.92, 0.98).decision is None
    assert sequential.bernoulli_sprt(47, 47, 0.92, 0.98).decision == "H1"
    assert sequential.bernoulli_sprt(40, 46, 0.92, 0.98).decision == "H0"


def _deal(first: list[float], second: list[float], mirror: list[float] | None) -> dict:
    game = {"moves": 9, "decisions": [4, 5], "thinking": [1.0, 1.0], "cpu": 2.0, "error": None}
    games = {"first": {**game, "returns": first}, "second": {**game, "returns": second}}
    if mirror is not None:
        games["mirror"] = {**game, "returns": mirror}
    return games


def test_a_deal_is_scored_against_the_mirror_in_the_same_seats() -> None:
    pairing = strength.Pairing("glyfts", "mcts", "heuristic")
    # The bot wins in the first seat (the heuristic lost there: +1) and loses in the second
    # (where the heuristic won: -1 from the mirror's point of view is 0 from the bot's).
    games = _deal([1.0, 0.0], [1.0, 0.0], [0.0, 1.0])
    scores = strength.score_deal(pairing, games)
    assert (scores["games"], scores["mirror"]) == ([1.0, 0.0], [0.0, 1.0])
    assert (scores["score"], scores["baseline"], scores["difference"]) == (0.5, 0.5, 0.0)
    deal = {"games": games, "scores": scores}
    first, second = strength.game_verdicts(pairing, deal)
    assert "first seat won" in first and "heuristic in that seat lost: +100" in first
    assert "second seat lost" in second and "heuristic in that seat won: -100" in second
    broken = _deal([1.0, 0.0], [1.0, 0.0], None)
    broken["second"]["error"] = "GlyphHallError: the match was stopped after 20000 moves"
    assert strength.score_deal(strength.Pairing("glyfts", "mcts", "mcts-hard"), broken)["score"] is None


def _deals(pairing, per_deal: list[tuple[float, float]]) -> list[dict]:
    out = []
    for i, (a, b) in enumerate(per_deal):
        games = _deal([a, 1 - a], [1 - b, b], [0.5, 0.5] if pairing.mirrored else None)
        out.append({"index": i, "games": games, "scores": strength.score_deal(pairing, games)})
    return out


def test_the_verdicts_follow_the_issues_bars() -> None:
    hard = strength.Pairing("glyfts", "mcts-hard:seconds=none", "heuristic")
    # Won 3 games in 4 over 20 deals: +25 points with a narrow interval, above the +10 bar.
    row = strength.standing(hard, _deals(hard, [(1.0, 1.0), (1.0, 0.0)] * 10), 0, 70)
    assert row["difference"] == pytest.approx(25.0) and row["interval"][0] > 0
    assert (row["bar"], row["verdict"]) == (">= +10 points, interval above 0", "met")
    level = strength.standing(hard, _deals(hard, [(0.5, 0.5)] * 20), 0, 70)
    assert level["verdict"] == "not met"
    assert strength.standing(hard, _deals(hard, [(1.0, 1.0)] * 9), 0, 70)["verdict"] == "not yet decided"
    easy = strength.Pairing("glyfts", "mcts", "random")
    # 60 straight wins settle the SPRT, but the Wilson interval clears 95 % only from 73 games on.
    row = strength.standing(easy, _deals(easy, [(1.0, 1.0)] * 30), 0, 35)
    assert (row["score"], row["verdict"], row["decision"]) == (1.0, "not yet decided", "H1")
    row = strength.standing(easy, _deals(easy, [(1.0, 1.0)] * 37), 0, 35)
    assert (row["score"], row["verdict"], row["decision"]) == (1.0, "met", "H1")
    versus = strength.Pairing("glyfts", "mcts-hard", "mcts")
    assert strength.standing(versus, _deals(versus, [(1.0, 0.0)] * 10), 0, 35)["verdict"] == "met"


def test_a_deal_carries_the_bots_luck_and_the_standing_takes_it_out() -> None:
    pairing = strength.Pairing("glyfts", "mcts", "heuristic")
    games = _deal([1.0, 0.0], [1.0, 0.0], [0.0, 1.0])
    games["first"]["luck"], games["second"]["luck"] = 0.3, 0.1  # the bot sat first, then second
    assert strength.score_deal(pairing, games)["luck"] == pytest.approx(0.1)
    games["second"]["luck"] = None  # played before luck was recorded
    assert strength.score_deal(pairing, games)["luck"] is None
    # Deals whose differences are all luck: the adjusted difference is 0 with no spread left.
    deals = _deals(pairing, [(1.0, 1.0), (0.0, 0.0), (1.0, 0.0), (1.0, 1.0)])
    for d in deals:
        d["scores"]["luck"] = d["scores"]["difference"]
    row = strength.standing(pairing, deals, 0, 35)
    adj = row["luck_adjusted"]
    assert adj["deals"] == 4 and adj["b"] == pytest.approx(1.0) and adj["interval"] == pytest.approx([0.0, 0.0])
    assert "(luck-adjusted, 4 deals: +0.0 [+0.0, +0.0])" in strength.describe(row)


def test_a_run_plays_whole_deals_in_worker_processes_and_goes_on_from_the_ledger(tmp_path: Path) -> None:
    ledger = tmp_path / "paired.jsonl"
    pairing = strength.Pairing("inscription", "heuristic", "random")
    strength.run([pairing], jobs=2, deals=2, minutes=5, grace=1, elo0=0, elo1=35, path=ledger, echo=False)
    (row,) = strength.run([pairing], jobs=2, deals=1, minutes=5, grace=1, elo0=0, elo1=35, path=ledger,
                          echo=False)
    lines = strength.read_ledger(ledger)
    assert sorted(d["index"] for d in lines) == [0, 1, 2]
    assert all(set(d["games"]) == {"first", "second", "mirror"} for d in lines)
    assert all(d["games"][role]["error"] is None for d in lines for role in d["games"])
    assert row["deals"] == 3 and row["games"] == 6
    # The same deal in every role: the seed is the index's, the same for all three games.
    assert len({d["seed"] for d in lines}) == 3
    assert json.loads(ledger.read_text().splitlines()[0])["luck"] == "shared"
    # The bot's games carry their luck; the mirror's is not computed (nothing reads it).
    assert all(isinstance(d["games"][role]["luck"], float) for d in lines for role in ("first", "second"))
    assert all(d["games"]["mirror"]["luck"] is None for d in lines)
    assert "| inscription | heuristic | random | 3 (6) |" in strength.markdown(strength.summary(None, 0, 35, ledger))


def test_a_pairing_may_name_its_own_challenger() -> None:
    assert strength.parse_pairing("glyfts:heuristic", "mcts") == strength.Pairing("glyfts", "mcts", "heuristic")
    named = strength.parse_pairing("mcts-hard:seconds=none@tundrus:mcts:seconds=none", "mcts")
    assert named == strength.Pairing("tundrus", "mcts-hard:seconds=none", "mcts:seconds=none")
    assert not named.mirrored and named.roles == ("first", "second")
    with pytest.raises(SystemExit, match="GAME:OPPONENT"):
        strength.parse_pairing("glyfts", "mcts")
    with pytest.raises(SystemExit, match="bad pairing"):
        strength.parse_pairing("chess:random", "mcts")


def test_a_fixed_run_plays_its_deals_even_once_the_test_has_decided(tmp_path: Path) -> None:
    """Two bots compared on the same deals need the same deals played: `fixed` reports the test
    but does not stop on it."""
    pairing = strength.Pairing("inscription", "heuristic", "random")
    decided = _deals(pairing, [(1.0, 1.0)] * 100)  # won every game: the SPRT and the bar say met
    commit = strength.git_commit()
    ledger = tmp_path / "paired.jsonl"
    ledger.write_text("".join(json.dumps({**d, "game": "inscription", "bot": "heuristic", "opponent": "random",
                                          "commit": commit}) + "\n" for d in decided))
    strength.run([pairing], jobs=1, deals=2, minutes=5, grace=1, elo0=0, elo1=35, path=ledger, echo=False)
    assert len(strength.read_ledger(ledger)) == 101  # stopped after one deal: decided
    strength.run([pairing], jobs=1, deals=2, minutes=5, grace=1, elo0=0, elo1=35, path=ledger, echo=False,
                 fixed=True)
    assert [d["index"] for d in strength.read_ledger(ledger)[101:]] == [101, 102]
