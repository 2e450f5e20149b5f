"""bench/hostile/hostile.py, the standing hostile drill, in miniature: a live server on loopback, two
attacks for a moment each and a few finished games; every figure is printed, no attack got a 5xx
answer or left a traceback, and the normal client kept playing through them."""

import json
import os
import subprocess
import sys
from pathlib import Path

_SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "hostile" / "hostile.py"


def test_the_drill_runs_attacks_against_a_live_server_and_reports_them() -> None:
    done = subprocess.run([sys.executable, str(_SCRIPT), "--seconds", "1", "--only", "toml_position_check,big_positions",
                           "--games", "5", "--json"], capture_output=True, text=True, timeout=240,
                          env={**os.environ, "GLYPHHALL_PURE": "1"})
    assert done.returncode == 0, done.stderr[-2000:]
    results = json.loads(done.stdout.splitlines()[-1])
    for name in ("toml_position_check", "big_positions"):
        r = results[name]
        assert r["http_5xx"] == 0 and r["tracebacks"] == 0, r
        assert set(r["p99_ms"]) == {"before", "during", "after"} and r["moves"]["before"] > 0
        assert r["statuses"].get("400", 0) > 0 or r["statuses"].get(400, 0) > 0  # each was refused
    assert results["finished_games"]["games"] == 5 and "growth_mb" in results["finished_games"]


def test_an_unknown_attack_is_named_in_the_refusal() -> None:
    done = subprocess.run([sys.executable, str(_SCRIPT), "--only", "meteor"], capture_output=True, text=True)
    assert done.returncode == 2 and "no attack meteor" in done.stderr
