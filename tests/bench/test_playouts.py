"""bench/engine/playouts.py: repeated runs, each in a fresh process, summed up by their median."""

import json
import subprocess
import sys
from pathlib import Path

_SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "engine" / "playouts.py"


def test_repeated_runs_print_each_run_then_their_median() -> None:
    out = subprocess.run([sys.executable, str(_SCRIPT), "inscription", "--seconds", "0.2", "--runs", "3"],
                         check=True, capture_output=True, text=True).stdout
    *runs, summary = [json.loads(line) for line in out.splitlines()]
    rates = sorted(r["steps_per_s"] for r in runs)
    assert len(runs) == 3 and all(r["game"] == "inscription" and r["steps_per_s"] > 0 for r in runs)
    assert summary == {"game": "inscription", "runs": 3, "steps_per_s_median": rates[1],
                       "steps_per_s_lowest": rates[0], "steps_per_s_highest": rates[2]}


def test_runs_below_one_are_refused() -> None:
    done = subprocess.run([sys.executable, str(_SCRIPT), "inscription", "--runs", "0"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "--runs must be at least 1" in done.stderr
