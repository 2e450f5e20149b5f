"""The view's `reach` (the table page's one-click moves): the seat taking the turn gets each
figure it may move with every end hex and the path there, the same paths `move` takes; nobody
else gets it, and it is gone once the figure has moved."""

from __future__ import annotations

from heroscape_helpers import position

from glyphhall.games.heroscape import paths


def test_the_mover_sees_every_end_and_its_path():
    rows = ["1g0 1g0 1g0 1g0", "1g 3g 1g 1g", "1g 1g 1g 1g", "1g1 1g1 1g1 1g1"]
    s = position(rows, at={"finn": "b1", "thorgrim": "d4"}, active="finn", script=[])
    reach = s.view(0)["reach"]
    assert set(reach) == {"finn"}
    assert reach["finn"]["b3"] == ["a2", "a3", "b3"]
    assert reach["finn"] == paths.paths_by_label(s, "finn")
    assert s.view(1)["reach"] is None and s.view(None)["reach"] is None


def test_no_reach_once_the_figure_has_moved():
    s = position(at={"finn": "b1", "thorgrim": "d4"}, active="finn", script=[])
    s.apply_text(0, "move finn b2")
    assert "finn" not in (s.view(0)["reach"] or {})
