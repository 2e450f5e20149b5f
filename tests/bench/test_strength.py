"""bench/strength.py: the ledger that adds strength runs up across sessions."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[2] / "bench" / "strength.py"
_spec = importlib.util.spec_from_file_location("bench_strength", _PATH)
strength = importlib.util.module_from_spec(_spec)
# Registered so the worker processes can find `timed_match` by name.
sys.modules["bench_strength"] = strength
_spec.loader.exec_module(strength)


def test_a_second_run_goes_on_from_the_next_index_with_seats_alternating(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    pairing = ("inscription", "heuristic", "random")
    strength.run([pairing], minutes=5, workers=1, limit=2, path=ledger)
    strength.run([pairing], minutes=5, workers=1, limit=1, path=ledger)
    lines = strength.read_ledger(ledger)
    assert [m["index"] for m in lines] == [0, 1, 2]
    assert [m["bot_seat"] for m in lines] == [0, 1, 0]
    assert len({m["seed"] for m in lines}) == 3
    assert all(m["outcome"] in {"win", "draw", "loss"} and m["error"] is None for m in lines)


def _ledger(path: Path, game: str, bot: str, opponent: str, outcomes: list[tuple[int, str]]) -> None:
    """Append matches (challenger's seat, outcome) of one pairing to a ledger file."""
    base = {"game": game, "bot": bot, "opponent": opponent, "seed": 1, "returns": [1, 0], "moves": 9,
            "bot_decisions": 4, "bot_thinking_seconds": 2.0, "cpu_seconds": 3.0, "error": None, "commit": "x",
            "build": "pure", "finished": "t"}
    with path.open("a") as handle:
        for i, (seat, result) in enumerate(outcomes):
            handle.write(json.dumps({**base, "index": i, "bot_seat": seat, "outcome": result}) + "\n")


def _row(table: list[dict], opponent: str, seat: int | None) -> dict:
    (row,) = [r for r in table if r["opponent"] == opponent and r["bot"] != opponent and r["seat"] == seat]
    return row


def test_newcombe_matches_the_worked_examples_of_the_paper() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table II, method 10.
    assert strength.newcombe(56, 70, 48, 80) == pytest.approx((0.0524, 0.3339), abs=5e-5)
    assert strength.newcombe(9, 10, 3, 10) == pytest.approx((0.1705, 0.8090), abs=5e-5)
    assert strength.newcombe(5, 56, 0, 29) == pytest.approx((-0.0381, 0.1926), abs=5e-5)


def test_the_verdict_needs_the_whole_interval_on_one_side_of_the_bar() -> None:
    assert strength.verdict(0.16, 0.40, 0.15) == "met"
    assert strength.verdict(-0.2, 0.149, 0.15) == "not met"
    assert strength.verdict(0.10, 0.30, 0.15) == "not yet decided"


def test_a_mirror_match_counts_for_both_seats_of_the_baseline(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    # Seat 0 wins 3 of 4: the challenger (in seat 0, then 1, ...) wins, loses, wins, wins.
    _ledger(ledger, "glyfts", "heuristic", "heuristic", [(0, "win"), (1, "loss"), (0, "win"), (1, "win")])
    base = strength.baselines(strength.read_ledger(ledger))
    assert base[("glyfts", "heuristic", 0)]["score"] == pytest.approx(0.75)
    assert base[("glyfts", "heuristic", 1)]["score"] == pytest.approx(0.25)
    assert base[("glyfts", "heuristic", 0)]["games"] == 4
    first, second = strength.summary(None, ledger)
    assert (first["seat"], first["wins"], first["losses"], first["bar"]) == (0, 3, 1, None)
    assert (second["seat"], second["wins"], second["losses"], second["verdict"]) == (1, 1, 3, None)
    assert "| glyfts | heuristic | heuristic | first | 4 | 3-0-1 | 75.0% |" in strength.markdown([first])


def test_summary_reports_each_seat_against_its_baseline_and_decides_only_on_enough_games(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    # Heuristic mirror: the first seat wins 160 of 200 (80 %), the second 40 (20 %).
    mirror = [(i % 2, "win" if (i % 2 == 0) == (i % 10 < 8) else "loss") for i in range(200)]
    _ledger(ledger, "glyfts", "heuristic", "heuristic", mirror)
    # mcts: first seat 95 of 100 (baseline 80 %: +15 points, undecided), second 70 of 100 with
    # one draw (baseline 20 %: +50.5 points, met).
    games = [(0, "win")] * 95 + [(0, "loss")] * 5 + [(1, "win")] * 70 + [(1, "draw")] + [(1, "loss")] * 29
    _ledger(ledger, "glyfts", "mcts", "heuristic", games)
    _ledger(ledger, "glyfts", "mcts", "random", [(i % 2, "win") for i in range(40)])
    table = strength.summary(None, ledger)
    first, second, both = (_row(table, "heuristic", seat) for seat in (0, 1, None))
    assert first["baseline"]["score"] == pytest.approx(0.8) and second["baseline"]["score"] == pytest.approx(0.2)
    assert (second["games"], second["wins"], second["draws"], second["losses"]) == (100, 70, 1, 29)
    assert second["score"] == pytest.approx(0.705)
    assert second["difference"]["value"] == pytest.approx(0.505)
    assert first["difference"]["value"] == pytest.approx(0.15)
    assert first["verdict"] == "not yet decided" and second["verdict"] == "met"
    assert both["games"] == 200 and both["baseline"] is None and both["verdict"] is None
    assert len(strength.summary(None, ledger, bot_spec="mcts")) == 2 + 3 + 3
    assert len(strength.summary(None, ledger, bot_spec="mcts:iterations=9")) == 2
    assert first["cpu_seconds_per_game"] == pytest.approx(3.0)
    # Against random: 40 wins of 40 leave the interval's low end at 0.912, under 95 %: undecided.
    assert _row(table, "random", None)["verdict"] == "not yet decided"
    assert _row(table, "random", 0)["verdict"] is None
    text = strength.markdown(table)
    assert "| glyfts | mcts | heuristic | second | 100 | 70-1-29 | 70.5% |" in text
    assert "20.0% (200) | +50.5%" in text


def test_no_verdict_under_ten_games_however_narrow_the_interval(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    _ledger(ledger, "tundrus", "heuristic", "heuristic", [(i % 2, "win" if i % 2 == 0 else "loss") for i in range(50)])
    _ledger(ledger, "tundrus", "mcts", "heuristic", [(0, "loss")] * 9)
    assert _row(strength.summary(None, ledger), "heuristic", 0)["verdict"] == "not yet decided"
    _ledger(ledger, "tundrus", "mcts", "heuristic", [(0, "loss")])  # the tenth
    assert _row(strength.summary(None, ledger), "heuristic", 0)["verdict"] == "not met"


def test_a_lost_cause_is_not_met_and_glyphs_has_no_baseline_bar(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    _ledger(ledger, "glyphs", "heuristic", "heuristic", [(i % 2, "draw") for i in range(100)])
    _ledger(ledger, "glyphs", "mcts", "heuristic", [(i % 2, "loss") for i in range(100)])
    _ledger(ledger, "glyphs", "mcts", "random", [(i % 2, "loss") for i in range(100)])
    table = strength.summary(None, ledger)
    assert _row(table, "heuristic", 0)["difference"]["value"] == pytest.approx(-0.5)
    assert _row(table, "heuristic", 0)["verdict"] is None
    assert _row(table, "random", None)["verdict"] == "not met"


def test_a_bad_pairing_is_refused_with_its_reason() -> None:
    with pytest.raises(SystemExit, match="GAME:OPPONENT"):
        strength.parse_pairing("inscription", "mcts")
    with pytest.raises(SystemExit, match="no bot"):
        strength.parse_pairing("inscription:nobody", "mcts")
