"""The view's `reach` (the table page's one-click moves): the seat taking the turn gets each
figure it may move with every end hex and the path there, the same paths `move` takes; nobody
else gets it, and it is gone once the figure has moved."""

from __future__ import annotations

from heroscape_helpers import fig, position, texts

from glyphhall.games.heroscape import los, paths


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


def test_the_attacker_sees_its_targets_their_range_and_height_as_the_engine_lists_attacks():
    """`aims` (the 3D view's targets and lines of sight) holds exactly the engine's attack actions,
    with the spaces between the figures and the height dice of each side."""
    rows = ["1g0 1g0 1g0 1g0", "4g 1g 1g 1g", "1g 1g 1g 1g", "1g1 1g1 1g1 1g1"]
    s = position(rows, armies=(("syvarris",), ("finn", "thorgrim")), at={"syvarris": "b1", "finn": "c3", "thorgrim": "d4"},
                 active="syvarris", script=[])
    aims = s.view(0)["aims"]
    attacks = {tuple(t.split()[1:3]) for t in texts(s, 0) if t.startswith("attack ")}
    assert {(a, d) for a, targets in aims.items() for d in targets} == attacks and attacks
    finn = aims["syvarris"]["finn"]
    assert finn["spaces"] == los.fig_range(s, fig(s, "syvarris"), fig(s, "finn"))
    assert (finn["attack_height"], finn["defense_height"]) == (1, 0)  # Syvarris stands 3 levels higher
    assert s.view(1)["aims"] is None and s.view(None)["aims"] is None
