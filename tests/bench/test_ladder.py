"""bench/strength/ladder.py's arithmetic (issue 41): a pair's score becomes Elo with an interval, the ladder
adds the pairs up from the anchor, a sweep is a bound and not infinite, and a level whose interval
reaches one half is marked as not measurably stronger."""

from __future__ import annotations

import json

import pytest

from .scripts import load_script


@pytest.fixture(scope="module")
def ladder():
    return load_script("strength/ladder.py", "bench_ladder")


def _deals(ladder, game, lower, upper, scores):
    levels = {lv.key: lv for lv in ladder.ladder_levels()}
    specs = [ladder.bench_spec(levels[lower]), ladder.bench_spec(levels[upper])]
    return [{"game": game, "lower": lower, "upper": upper, "index": i, "specs": specs, "scores": list(s),
             "cpu": 1.0} for i, s in enumerate(scores)]


def test_a_ladder_adds_up_from_the_anchor_and_says_where_a_level_is_not_stronger(ladder):
    sweep = _deals(ladder, "g", "beginner", "easy", [(1.0, 1.0)] * 10)
    even = _deals(ladder, "g", "easy", "medium", [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.0, 0.0)] * 3)
    strong = _deals(ladder, "g", "medium", "hard", [(1.0, 1.0), (1.0, 0.0), (1.0, 1.0), (1.0, 1.0)] * 4)
    out = ladder.ladder("g", sweep + even + strong)
    rows, pairs = out["levels"], {p["upper"]: p for p in out["pairs"]}
    assert rows["beginner"]["rating"] == 1000
    # 10 clean deals: a quarter game from a sweep (p = 0.975, +636 Elo), the top open.
    assert pairs["easy"]["elo"] == 636 and pairs["easy"]["elo_high"] is None and rows["easy"]["high"] is None
    assert rows["easy"]["rating"] == 1636 and rows["easy"]["above_below"] is True
    assert pairs["medium"]["score"] == 0.5 and pairs["medium"]["elo"] == 0
    assert rows["medium"]["rating"] == 1636 and rows["medium"]["above_below"] is False
    assert pairs["hard"]["score"] == 0.875 and rows["hard"]["above_below"] is True
    assert rows["hard"]["rating"] == 1636 + pairs["hard"]["elo"]
    assert rows["hard"]["low"] < rows["medium"]["low"] + pairs["hard"]["elo"]  # the intervals add up
    assert rows["expert"] == {"rating": None, "note": "not yet measured"}


def test_a_level_a_game_leaves_off_is_rated_but_the_level_above_is_compared_with_the_one_below(ladder, monkeypatch):
    """Glyfts leaves Hard off its ladder (it plays like Medium there): Expert's verdict and rating
    come from Medium, the level below it on that game's ladder; Hard is still rated, marked off
    the ladder, and the table says why; another game's ladder keeps all five."""
    from glyphhall.bots import levels

    monkeypatch.setitem(levels.OFF_LADDER_IN, "g", {"hard": "it plays about as well as Medium here"})
    mixed = [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.0, 0.0)]
    below = _deals(ladder, "g", "beginner", "easy", mixed * 10) + _deals(ladder, "g", "easy", "medium", mixed * 10)
    hard = _deals(ladder, "g", "medium", "hard", [(1.0, 1.0), (1.0, 0.0)] * 10)  # a clear 0.75, narrower than Expert's
    expert = _deals(ladder, "g", "medium", "expert", [(1.0, 1.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] * 10)
    over_hard = _deals(ladder, "g", "hard", "expert", [(1.0, 0.0), (0.0, 1.0)] * 6)
    out = ladder.ladder("g", below + hard + expert + over_hard)
    rows = out["levels"]
    assert rows["hard"]["off_ladder"] is True and rows["hard"]["measured_against"] == "medium"
    assert rows["expert"]["measured_against"] == "medium" and rows["expert"]["above_below"] is True
    assert "off_ladder" not in rows["expert"]
    assert [(a.key, b.key) for a, b in ladder.pairs(None, "g")][-1] == ("medium", "expert")
    lines = ladder.table_lines({"games": {"g": out}}, markdown=True)
    assert any("| Hard |" in line and "not on this game's ladder: it plays about as well as Medium here" in line for line in lines)
    assert not any("| Expert |" in line and "Hard:" in line for line in lines)
    # Elsewhere Hard is on the ladder: Expert is compared with it (a wash: not measurably stronger).
    other = ladder.ladder("h", [dict(d, game="h") for d in below + hard + expert + over_hard])
    assert other["levels"]["expert"]["above_below"] is False and "off_ladder" not in other["levels"]["hard"]


def test_a_deal_with_an_error_counts_for_nobody(ladder):
    deals = _deals(ladder, "g", "beginner", "easy", [(1.0, 1.0), (0.0, 1.0)])
    deals.append({**deals[0], "index": 2, "scores": None})
    fig = ladder.pair_figures(deals)
    assert fig["deals"] == 2 and fig["errors"] == 1 and fig["score"] == 0.75


def test_a_deal_counts_for_the_levels_that_play_its_specs_now(ladder):
    """The ledger is read by spec: a deal of `random` against `heuristic` recorded when they were
    Beginner and Easy counts for Beginner against Medium once Medium plays `heuristic`, and a deal
    whose specs no two levels play now counts for none."""
    levels = {lv.key: lv for lv in ladder.ladder_levels()}
    assert levels["medium"].spec == "heuristic"
    old = [{"game": "g", "lower": "beginner", "upper": "easy", "index": i, "specs": ["random", "heuristic"],
            "scores": [1.0, 1.0], "cpu": 1.0} for i in range(6)]
    gone = [{"game": "g", "lower": "easy", "upper": "medium", "index": i,
             "specs": ["heuristic", "mcts-easy:seconds=none"], "scores": [0.0, 0.0], "cpu": 1.0} for i in range(6)]
    out = ladder.ladder("g", old + gone)
    pairs = {(p["lower"], p["upper"]): p for p in out["pairs"]}
    assert pairs[("beginner", "medium")]["deals"] == 6 and pairs[("beginner", "easy")]["deals"] == 0
    assert out["levels"]["medium"]["measured_against"] == "beginner"
    assert out["levels"]["medium"]["above_below"] is None  # not compared with Easy, the level right below
    assert out["levels"]["easy"] == {"rating": None, "note": "not yet measured"}
    assert all(p["specs"] != ["heuristic", "mcts-easy:seconds=none"] for p in out["pairs"])


def test_pairs_are_the_adjacent_levels_or_those_named_and_a_wrong_name_is_refused(ladder):
    adjacent = [(a.key, b.key) for a, b in ladder.pairs(None)]
    assert adjacent == [("beginner", "easy"), ("easy", "medium"), ("medium", "hard"), ("hard", "expert")]
    named = [(a.key, b.key) for a, b in ladder.pairs(["medium-expert", "hard-expert"])]
    assert named == [("medium", "expert"), ("hard", "expert")]
    for wrong in ("expert-hard", "medium-grandmaster", "hard"):
        with pytest.raises(SystemExit, match="not a lower and a higher level"):
            ladder.pairs([wrong])


def test_a_deal_record_scores_the_upper_level_in_both_seats_and_keeps_errors(ladder):
    levels = {lv.key: lv for lv in ladder.ladder_levels()}
    won = {"result": {"returns": [1.0, -1.0], "error": None, "moves": 40}, "cpu": 2.0}
    drawn = {"result": {"returns": [0.0, 0.0], "error": None, "moves": 50}, "cpu": 3.5}
    deal = ladder.deal_record("g", levels["medium"], levels["expert"], 7, [won, drawn])
    assert deal["scores"] == [1.0, 0.5] and deal["moves"] == [40, 50] and deal["cpu"] == 5.5
    assert deal["specs"] == ["heuristic", "mcts-hard:seconds=none"] and deal["index"] == 7
    broken = {"result": {"returns": [0.0, 0.0], "error": "illegal move", "moves": 3}, "cpu": 0.1}
    failed = ladder.deal_record("g", levels["medium"], levels["expert"], 8, [won, broken])
    assert failed["scores"] is None and failed["errors"] == ["illegal move"]


def test_luck_adjusted_scores_are_kept_and_reported_beside_the_raw_ones(ladder):
    levels = {lv.key: lv for lv in ladder.ladder_levels()}
    won = {"result": {"returns": [1.0, -1.0], "error": None, "moves": 40}, "cpu": 2.0, "adjusted": 0.61234}
    lost = {"result": {"returns": [1.0, -1.0], "error": None, "moves": 50}, "cpu": 3.5, "adjusted": 0.2}
    deal = ladder.deal_record("g", levels["medium"], levels["hard"], 0, [won, lost])
    assert deal["scores"] == [1.0, 0.0] and deal["adjusted"] == [0.6123, 0.2]
    older = {"result": won["result"], "cpu": 1.0}  # a game played before adjusted scores were kept
    assert ladder.deal_record("g", levels["medium"], levels["hard"], 1, [won, older])["adjusted"] is None
    # Where the luck explains every deal's score, the estimate is what is left (b = 1, no spread);
    # deals without a luck-adjusted score (played before) count in the raw figures only.
    deals = _deals(ladder, "g", "medium", "hard", [(1.0, 0.0), (1.0, 1.0), (0.0, 0.0), (0.0, 1.0)] + [(1.0, 1.0)] * 2)
    for d in deals[:4]:
        d["adjusted"] = [0.5, 0.6]
    fig = ladder.pair_figures(deals)
    assert fig["deals"] == 6 and fig["score"] == pytest.approx(0.667, abs=1e-3)
    adj = fig["luck_adjusted"]
    assert adj == {"deals": 4, "score": 0.55, "score_low": 0.55, "score_high": 0.55, "b": 1.0}
    # No luck at all: b = 0 and the estimate is the raw mean of those deals, with its own spread.
    for d in deals[:4]:
        d["adjusted"] = list(d["scores"])
    adj = ladder.pair_figures(deals)["luck_adjusted"]
    assert adj["b"] == 0.0 and adj["score"] == 0.5 and adj["score_low"] < 0.5 < adj["score_high"]
    medium = _deals(ladder, "g", "beginner", "easy", [(1.0, 1.0)] * 4) + _deals(ladder, "g", "easy", "medium", [(1.0, 1.0)] * 4)
    lines = ladder.table_lines({"games": {"g": ladder.ladder("g", medium + deals)}}, markdown=True)
    assert any("Medium: 6 deals" in line and "luck-adjusted, 4 deals: 0.50" in line for line in lines)


def test_the_top_level_against_medium_is_shown_in_points_where_it_was_played(ladder):
    """Issue 41's bar beside the ladder: Expert against Medium (two levels apart) in points."""
    below = _deals(ladder, "g", "beginner", "easy", [(1.0, 1.0)] * 4) + _deals(ladder, "g", "easy", "medium", [(1.0, 1.0)] * 4)
    top = _deals(ladder, "g", "medium", "expert", [(1.0, 0.0), (1.0, 1.0), (1.0, 1.0), (0.0, 1.0)])
    data = {"games": {"g": ladder.ladder("g", below + top), "h": ladder.ladder("h", below)}}
    lines = ladder.top_against_medium_lines(data)
    assert lines[0].startswith("Expert against Medium")
    rows = [line for line in lines if line.startswith("| g ")]
    assert rows and rows[0].startswith("| g | 4 | +25.0 (") and not any(line.startswith("| h ") for line in lines)
    assert ladder.top_against_medium_lines({"games": {"h": ladder.ladder("h", below)}}) == []


def test_a_level_is_rated_from_the_comparison_that_pins_it_most_closely(ladder):
    """Expert with 40 deals against Medium and 6 against Hard (itself rated from 8 deals): its
    rating comes from Medium (the narrower interval), its verdict from Hard, the level right
    below, and the table shows both."""
    mixed = [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.0, 0.0)]
    below = (_deals(ladder, "g", "beginner", "easy", mixed * 10) + _deals(ladder, "g", "easy", "medium", mixed * 10)
             + _deals(ladder, "g", "medium", "hard", [(1.0, 1.0), (1.0, 0.0)] * 4))
    top = _deals(ladder, "g", "medium", "expert", [(1.0, 1.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] * 10)
    over_hard = _deals(ladder, "g", "hard", "expert", [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] * 2)
    out = ladder.ladder("g", below + top + over_hard)
    expert = out["levels"]["expert"]
    assert expert["measured_against"] == "medium"
    assert expert["above_below"] is False  # against Hard: 0.67 with an interval reaching below one half
    assert expert["rating"] == out["levels"]["medium"]["rating"] + ladder.pair_figures(top)["elo"]
    row = next(line for line in ladder.table_lines({"games": {"g": out}}, markdown=True) if "| Expert |" in line)
    assert "Medium: 40 deals, 0.75" in row and "Hard: 6 deals, 0.67" in row
    # Without the deals against Medium, Expert is rated from Hard, the only comparison left.
    assert ladder.ladder("g", below + over_hard)["levels"]["expert"]["measured_against"] == "hard"


def test_the_strength_benchs_deals_between_two_levels_count_with_their_luck(ladder, tmp_path, monkeypatch):
    """A deal of bench/strength/strength.py between two ladder levels' specs is one of the ladder's,
    its games' luck-adjusted scores from the luck recorded there (the first seat's; the second's is
    its negative), so the ladder's luck-adjusted figure agrees with strength.py's."""
    def line(index, bot, opponent, first, second, luck=("shared", 0.25, -0.1)):
        kind, l1, l2 = luck
        games = {"first": {"returns": [1.0, -1.0] if first else [-1.0, 1.0], "cpu": 1.0, "luck": l1},
                 "second": {"returns": [1.0, -1.0] if not second else [-1.0, 1.0], "cpu": 2.0, "luck": l2}}
        score = (first + second) / 2
        return json.dumps({"game": "g", "bot": bot, "opponent": opponent, "index": index, "luck": kind,
                           "games": games, "scores": {"score": score, "games": [float(first), float(second)]}})

    ledger = tmp_path / "paired.jsonl"
    ledger.write_text("\n".join([
        line(0, "mcts-hard:seconds=none", "mcts:seconds=none", 1, 0),
        line(1, "mcts-hard:seconds=none", "mcts:seconds=none", 1, 1, luck=("shared", None, 0.3)),
        line(2, "mcts-hard:seconds=none,cutoff=30", "mcts:seconds=none", 1, 1),  # no level plays it
        line(3, "mcts:seconds=none", "mcts-hard:seconds=none", 1, 1),  # the lower level as the bot
        line(4, "mcts-hard:seconds=none", "mcts:seconds=none", 1, 1, luck=("plain", 0.0, 0.0)),
    ]) + "\n")
    monkeypatch.setattr(ladder, "STRENGTH_LEDGER", ledger)
    deals = ladder.strength_deals()
    assert [(d["index"], d["lower"], d["upper"]) for d in deals] == [(0, "hard", "expert"), (1, "hard", "expert")]
    assert deals[0]["scores"] == [1.0, 0.0] and deals[0]["adjusted"] == [0.75, -0.1]
    assert deals[1]["adjusted"] is None  # a game without its luck: the raw score only
    assert deals[0]["source"] == "bench/strength" and deals[0]["cpu"] == 3.0


def test_the_sequential_test_stops_where_it_first_crosses_a_bound(ladder, monkeypatch):
    """Deals added session after session, the interval looked at each time: the GSPRT's verdict is
    read where it first crossed a bound, not at the last deal (a lead that later turned still
    stopped the test), and a pair short of the test's first look is undecided."""
    strong_then_weak = [(1.0, 1.0)] * 10 + [(0.0, 0.0)] * 20
    ledger = (_deals(ladder, "g", "beginner", "easy", strong_then_weak)
              + _deals(ladder, "g", "easy", "medium", [(1.0, 0.0), (0.0, 1.0)] * 40)
              + _deals(ladder, "g", "medium", "hard", [(1.0, 1.0)] * 3))
    monkeypatch.setattr(ladder, "read_ledger", lambda: ledger)
    lines = ladder.sequential_lines(["g"], None, 50.0)
    assert lines[0].startswith("g            Easy against Beginner: stronger (by 50 Elo rather than level) after deal 8 of 30")
    assert "Medium against Easy: level (rather than 50 Elo stronger) after deal" in lines[1]
    assert "Hard against Medium: undecided over all 3 deals" in lines[2] and len(lines) == 3
    scores = [sum(s) / 2 for s in strong_then_weak]
    at_the_end = ladder.gsprt(scores, 0, 50)  # read at the last deal it would lean the other way
    assert at_the_end.decision != "H1" and at_the_end.llr < 0
