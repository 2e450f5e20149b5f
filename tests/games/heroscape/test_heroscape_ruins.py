"""Ruin walls on hex edges (map `[[wall]]` entries). Reference §1.5: "across a ruin, both
figures must be taller than the ruin to be engaged"; §1.4: obstacles cannot be moved through,
flyers fly over them; §1.6 / §1.1 line of sight is blocked by terrain (RotV ruins: 6 levels)."""

import pytest
from heroscape_helpers import legal, position, texts

from glyphhall.engine import DataError
from glyphhall.games.heroscape import los, movement
from glyphhall.games.heroscape.glyphs import GLYPHS
from glyphhall.games.heroscape.maps import parse_map


def walled(armies, at, height=6, active=None, between=("c3", "c4")):
    s = position(armies=armies, at=at, active=active)
    a, b = (s.board.index[x] for x in between)
    s.board.add_wall(a, b, max(s.board.levels[a], s.board.levels[b]) + height)
    return s


def test_figures_across_a_ruin_engage_only_when_both_are_taller():
    """Reference §1.5: across a ruin both figures must be taller than the ruin to be engaged."""
    s = walled((("finn",), ("thorgrim",)), {"finn": "c3", "thorgrim": "c4"}, height=6)
    f, t = s.fig_index("finn"), s.fig_index("thorgrim")
    assert not movement.adjacent(s, f, t) and not movement.engaged(s, f, t)
    s = walled((("finn",), ("thorgrim",)), {"finn": "c3", "thorgrim": "c4"}, height=4)
    assert movement.engaged(s, s.fig_index("finn"), s.fig_index("thorgrim")), "both (height 5) are taller than 4"
    s = walled((("mimring",), ("finn",)), {"mimring": ("c3", "c2"), "finn": "c4"}, height=6)
    assert not movement.engaged(s, s.fig_index("mimring"), s.fig_index("finn")), "one taller is not enough"
    s = walled((("mimring",), ("grimnak",)), {"mimring": ("c3", "c2"), "grimnak": ("c4", "c5")}, height=6)
    assert movement.engaged(s, s.fig_index("mimring"), s.fig_index("grimnak"))


def test_a_ruin_wall_cannot_be_moved_across_but_flyers_cross_it():
    """Reference §1.4: a figure cannot move through obstacles; flying figures fly over ruins."""
    s = walled((("finn",), ("thorgrim",)), {"finn": "c3", "thorgrim": "f8"}, active="finn")
    assert not legal(s, "step finn c4")
    assert legal(s, "step finn b3")  # around the wall is fine
    s = walled((("raelin",), ("thorgrim",)), {"raelin": "c3", "thorgrim": "f8"}, active="raelin")
    assert legal(s, "step raelin c4")


def test_a_ruin_wall_blocks_line_of_sight_below_its_top():
    """Reference §1.6: line of sight from the Target Point to the Hit Zone; a ruin 6 levels
    tall hides figures behind it; a low wall does not."""
    s = walled((("syvarris",), ("thorgrim",)), {"syvarris": "c2", "thorgrim": "c6"}, height=6, active="syvarris")
    assert not los.line_of_sight(s, s.fig_index("syvarris"), s.fig_index("thorgrim"))
    assert "attack syvarris thorgrim" not in texts(s)
    s = walled((("syvarris",), ("thorgrim",)), {"syvarris": "c2", "thorgrim": "c6"}, height=1, active="syvarris")
    assert los.line_of_sight(s, s.fig_index("syvarris"), s.fig_index("thorgrim"))
    assert "attack syvarris thorgrim" in texts(s)


def test_walls_are_in_the_view_and_validated():
    """Map format: walls are listed in the view; a bad wall entry is a clear DataError."""
    s = walled((("finn",), ("thorgrim",)), {"finn": "a1", "thorgrim": "f8"}, height=6)
    assert s.view(0)["board"]["walls"] == [["c3", "c4", 7]]
    rows = ["1g0 1g0 1g0", "1g 1g 1g", "1g1 1g1 1g1"]
    board = parse_map("w", {"name": "w", "rows": rows, "wall": [{"between": ["a1", "a2"], "height": 6}]},
                      "w.toml", set(GLYPHS))
    assert board.walls[(0, 1)] == 7 and board.walls[(1, 0)] == 7
    for wall, message in (({"between": ["a1", "a3"]}, "not neighbours"),
                          ({"between": ["a1", "z9"]}, "two hexes of this map"),
                          ({"between": ["a1", "a2"], "height": 0}, "height must be"),
                          ({"between": ["a1"]}, "two hexes")):
        with pytest.raises(DataError, match=message):
            parse_map("w", {"name": "w", "rows": rows, "wall": [wall]}, "w.toml", set(GLYPHS))
