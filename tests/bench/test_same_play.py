"""bench/engine/same_play.py: recorded seeded games replay the same, and a difference is named."""

import json
from pathlib import Path

from .scripts import load_script

same_play = load_script("engine/same_play.py", "bench_same_play")


def test_a_recording_compares_the_same_and_a_changed_step_is_named(tmp_path: Path, capsys) -> None:
    record = tmp_path / "play.json"
    assert same_play.main(["record", str(record), "glyfts", "--games", "2", "--config", "players=3"]) == 0
    assert same_play.main(["compare", str(record)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("the same: ")
    data = json.loads(record.read_text())
    assert data["configs"] == ["players=3"] and set(data["steps"]) == {"0:0", "0:1"}
    steps = data["steps"]["0:1"]
    steps[3] = steps[3].replace(steps[3].split("|")[1], "0" * 16)  # as if the legal actions changed
    record.write_text(json.dumps(data))
    assert same_play.main(["compare", str(record)]) == 1
    assert capsys.readouterr().out.strip() == f"game 0:1: first difference at step 3 ({len(steps)} steps recorded, {len(steps)} now)"
