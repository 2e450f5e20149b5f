"""bench/search/mcts_speed.py: code trees side by side, each measurement in its own process, the
sides taking turns; `--playouts` measures random playouts through the checked path instead."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_SCRIPT = ROOT / "bench" / "search" / "mcts_speed.py"


def test_playouts_of_two_sides_alternate_and_end_with_their_medians() -> None:
    out = subprocess.run([sys.executable, str(_SCRIPT), "glyfts", "--side", f"a={ROOT}:pure", "--side", f"b={ROOT}:pure",
                          "--rounds", "2", "--playouts", "0.2"], check=True, capture_output=True, text=True).stdout
    *rounds, summary = [json.loads(line) for line in out.splitlines()]
    # Who goes first rotates per round: a, b, then b, a.
    assert [(r["round"], r["side"]) for r in rounds] == [(1, "a"), (1, "b"), (2, "b"), (2, "a")]
    assert all(r["game"] == "glyfts" and r["build"] == "pure" and r["steps_per_cpu_s"] > 1000 for r in rounds)
    medians = summary["median_steps_per_cpu_s"]
    for side in ("a", "b"):
        rates = sorted(r["steps_per_cpu_s"] for r in rounds if r["side"] == side)
        assert abs(medians[side] - sum(rates) / 2) <= 1  # the median of two rounds, rounded
    assert summary["playout_cpu_s"] == 0.2 and summary["over_a"]["a"] == 1.0
    assert abs(summary["over_a"]["b"] - medians["b"] / medians["a"]) < 0.01


def test_fixed_games_report_each_sides_least_cpu_and_the_same_steps() -> None:
    out = subprocess.run([sys.executable, str(_SCRIPT), "glyfts", "--side", f"a={ROOT}:pure", "--side", f"b={ROOT}:pure",
                          "--rounds", "2", "--fixed-games", "30"], check=True, capture_output=True, text=True).stdout
    *rounds, summary = [json.loads(line) for line in out.splitlines()]
    assert [(r["round"], r["side"]) for r in rounds] == [(1, "a"), (1, "b"), (2, "b"), (2, "a")]
    # the same 30 seeded games in every process: the same steps
    assert len({r["steps"] for r in rounds}) == 1 and rounds[0]["steps"] > 30
    for side in ("a", "b"):
        assert summary["least_play_cpu_s"][side] == min(r["play_cpu_s"] for r in rounds if r["side"] == side)
    assert summary["games"] == 30 and summary["speed_over_a"]["a"] == 1.0
    least = summary["least_play_cpu_s"]
    assert abs(summary["speed_over_a"]["b"] - least["a"] / least["b"]) < 0.01
