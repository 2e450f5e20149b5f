"""bench/strength.py: the ledger that adds strength runs up across sessions."""

import importlib.util
import json
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[2] / "bench" / "strength.py"
_spec = importlib.util.spec_from_file_location("bench_strength", _PATH)
strength = importlib.util.module_from_spec(_spec)
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


def test_summary_counts_outcomes_and_refuses_the_bar_below_200_games(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    base = {"game": "glyfts", "bot": "mcts", "opponent": "heuristic", "seed": 1, "returns": [1, 0], "moves": 9,
            "bot_decisions": 4, "bot_thinking_seconds": 2.0, "error": None, "commit": "x", "finished": "t"}
    outcomes = ["win"] * 150 + ["loss"] * 49 + ["draw"]
    ledger.write_text("".join(json.dumps({**base, "index": i, "bot_seat": i % 2, "outcome": o}) + "\n"
                              for i, o in enumerate(outcomes)))
    (row,) = strength.summary(None, ledger)
    assert (row["games"], row["wins"], row["draws"], row["losses"]) == (200, 150, 1, 49)
    assert row["score"] == pytest.approx(150.5 / 200)
    assert row["interval"][0] < row["score"] < row["interval"][1]
    assert row["seconds_per_decision"] == pytest.approx(0.5)
    assert row["bar_met"] is True
    ledger.write_text(ledger.read_text().splitlines(keepends=True)[0] * 10)
    (few,) = strength.summary(None, ledger)
    assert few["bar_met"] is False and "10 played so far" in strength.markdown([few])


def test_a_bad_pairing_is_refused_with_its_reason() -> None:
    with pytest.raises(SystemExit, match="GAME:OPPONENT"):
        strength.parse_pairing("inscription", "mcts")
    with pytest.raises(SystemExit, match="no bot"):
        strength.parse_pairing("inscription:nobody", "mcts")
