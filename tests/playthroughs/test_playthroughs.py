"""The golden playthroughs replay as recorded (tests/playthroughs/playthrough.py): every step's
actor, action, events, views and the returns. A difference names its first step; if play was
meant to change, regenerate with `make playthroughs` and review the diff in the commit."""

from __future__ import annotations

import pytest

from .playthrough import HERE, SPECS, first_difference, read_spec, recorded_chooser, render

FILES = sorted(HERE.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_playthrough_replays_as_recorded(path):
    expected = path.read_text()
    got = render(read_spec(path), recorded_chooser(expected))
    if got != expected:
        pytest.fail(f"{path.name}: {first_difference(expected, got)}\n(regenerate with `make playthroughs` "
                    "if the change is meant, and review the diff)", pytrace=False)


def test_every_playthrough_is_kept_and_every_file_is_one():
    assert sorted(p.stem for p in FILES) == sorted(spec.name for spec in SPECS)
    assert len({spec.game for spec in SPECS}) == 5


def test_a_changed_step_is_named():
    spec = next(s for s in SPECS if s.game == "glyfts")
    text = spec.path.read_text()
    line = next(line for line in text.splitlines() if line.startswith("step 5 "))
    changed = text.replace(line, line + "x", 1)
    assert first_difference(text, changed).startswith("first difference at step 5 seat")
