"""Ruin walls on hex edges (map `[[wall]]` entries). Reference §1.5: "across a ruin, both
figures must be taller than the ruin to be engaged"; §1.4: obstacles cannot be moved through,
flyers fly over them; §1.6 / §1.1 line of sight is blocked by terrain (RotV ruins: 6 levels)."""

import pytest
from heroscape_helpers import legal, position, texts

from glyphhall.engine import DataError
from glyphhall.games.heroscape import engagement, los
from glyphhall.games.heroscape.glyphs import GLYPHS
from glyphhall.games.heroscape.maps import parse_map


def walled(armies, at, height=6, active=None, between=("c3", "c4")):
    return position(armies=armies, at=at, active=active, walls=[(*between, height)])


def test_figures_across_a_ruin_engage_only_when_both_are_taller():
    """Reference §1.5: across a ruin both figures must be taller than the ruin to be engaged."""
    s = walled((("finn",), ("thorgrim",)), {"finn": "c3", "thorgrim": "c4"}, height=6)
    f, t = s.fig_index("finn"), s.fig_index("thorgrim")
    assert not engagement.adjacent(s, f, t) and not engagement.engaged(s, f, t)
    s = walled((("finn",), ("thorgrim",)), {"finn": "c3", "thorgrim": "c4"}, height=4)
    assert engagement.engaged(s, s.fig_index("finn"), s.fig_index("thorgrim")), "both (height 5) are taller than 4"
    s = walled((("mimring",), ("finn",)), {"mimring": ("c3", "c2"), "finn": "c4"}, height=6)
    assert not engagement.engaged(s, s.fig_index("mimring"), s.fig_index("finn")), "one taller is not enough"
    s = walled((("mimring",), ("grimnak",)), {"mimring": ("c3", "c2"), "grimnak": ("c4", "c5")}, height=6)
    assert engagement.engaged(s, s.fig_index("mimring"), s.fig_index("grimnak"))


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


def overhang(label, clearance, thickness=1, **keys):
    return position(overhangs=[(label, clearance, thickness)], **keys)


def test_only_a_figure_that_fits_moves_under_an_overhang():
    """Reference §1.4 Overhangs / tight fits: a figure may not move through or onto a space it
    cannot physically fit; our adaptation: it fits when the clearance is more than its height."""
    s = overhang("c4", 5, armies=(("finn", "marro"), ("thorgrim",)),
                 at={"finn": "c3", "marro1": "b3", "thorgrim": "f8"}, active="finn")
    assert not legal(s, "step finn c4"), "height 5 does not fit under 5 levels"
    s = overhang("c4", 5, armies=(("marro",), ("thorgrim",)), at={"marro1": "c3", "thorgrim": "f8"},
                 active="marro")
    assert legal(s, "step marro1 c4")
    s.apply_text(0, "step marro1 c4")
    assert legal(s, "stop marro1"), "height 4 fits and may stand there"


def test_a_flyer_passes_over_an_overhang_but_lands_only_where_it_fits():
    s = overhang("c4", 5, armies=(("raelin",), ("thorgrim",)), at={"raelin": "c3", "thorgrim": "f8"},
                 active="raelin")
    assert legal(s, "step raelin c4")
    s.apply_text(0, "step raelin c4")
    assert not legal(s, "stop raelin") and legal(s, "step raelin c5")


def test_figures_are_placed_only_where_they_fit():
    """Reference §1.2: figures that do not fit are not used; start zone spaces under a low
    overhang are not offered to a figure too tall for them."""
    from glyphhall.games.heroscape import decisions

    s = overhang("a2", 5, armies=(("finn",), ("thorgrim",)), at={"thorgrim": "f8"})
    f = s.fig_index("finn")
    spaces = {s.board.labels[h] for h, _ in decisions._place_spaces(s, (0, "place", f, "zone", -1))}
    assert "a1" in spaces and "a2" not in spaces


def test_an_overhang_blocks_line_of_sight_through_it():
    """Reference §1.6: terrain blocks line of sight; a line may pass under a high overhang."""
    s = overhang("c4", 2, thickness=6, armies=(("syvarris",), ("thorgrim",)), at={"syvarris": "c2", "thorgrim": "c6"},
                 active="syvarris")
    assert not los.line_of_sight(s, s.fig_index("syvarris"), s.fig_index("thorgrim"))
    s = overhang("c4", 7, armies=(("syvarris",), ("thorgrim",)), at={"syvarris": "c2", "thorgrim": "c6"},
                 active="syvarris")
    assert los.line_of_sight(s, s.fig_index("syvarris"), s.fig_index("thorgrim"))


def test_overhangs_are_in_the_view_and_validated():
    rows = ["1g0 1g0 1g0", "2g 1g 1g", "1g1 1g1 1g1"]
    board = parse_map("o", {"name": "o", "rows": rows, "overhang": [{"at": "b1", "clearance": 6, "thickness": 2}]},
                      "o.toml", set(GLYPHS))
    h = board.index["b1"]
    assert (board.ceiling[h], board.ceiling_top[h]) == (8, 10)
    assert board.fits(h, 5) and not board.fits(h, 6)
    for over, message in (({"at": "z9", "clearance": 6}, "no hex"),
                          ({"at": "b1"}, "clearance must be"),
                          ({"at": "b1", "clearance": 6, "thickness": 0}, "thickness must be")):
        with pytest.raises(DataError, match=message):
            parse_map("o", {"name": "o", "rows": rows, "overhang": [over]}, "o.toml", set(GLYPHS))
    s = overhang("c4", 6, at={"finn": "a1", "thorgrim": "f8"})
    assert s.view(0)["board"]["overhangs"] == [["c4", 7, 8]]


def test_a_double_space_figure_is_never_placed_astride_a_wall():
    """A double-space figure stands on two neighbouring spaces; a ruin wall between them would
    stand under it: such placements are not offered."""
    from glyphhall.games.heroscape import decisions

    s = walled((("mimring",), ("thorgrim",)), {"thorgrim": "f8"}, between=("a1", "a2"))
    f = s.fig_index("mimring")
    pairs = {(s.board.labels[h], s.board.labels[t]) for h, t in decisions._place_spaces(s, (0, "place", f, "zone", -1))}
    assert ("a1", "a2") not in pairs and ("a2", "a1") not in pairs and ("a2", "a3") in pairs
