"""Data files: maps (our TOML format), army cards and glyphs load and validate."""

import pytest

from glyphhall.engine import DataError
from glyphhall.games.heroscape import hexes
from glyphhall.games.heroscape.armies import CARDS, PRESETS
from glyphhall.games.heroscape.glyphs import GLYPHS
from glyphhall.games.heroscape.maps import load_map, map_keys, parse_map


def test_three_maps_small_to_large():
    """Issue 8: at least three maps, small to large, each with two start zones."""
    sizes = {k: len(load_map(k)) for k in map_keys()}
    assert len(sizes) >= 3
    assert min(sizes.values()) < 100 < max(sizes.values())
    for k in map_keys():
        b = load_map(k)
        assert b.zones[0] and b.zones[1]
        assert len(set(b.labels)) == len(b)


def test_every_rise_of_the_valkyrie_card():
    """Reference §3: all 16 Rise of the Valkyrie cards with classic stats."""
    assert len(CARDS) == 16
    assert CARDS["tarn"].attack == 3, "Tarn Attack is 3 (C4's 4 is an error)"
    assert CARDS["mimring"].double_space and CARDS["grimnak"].double_space
    assert sum(c.points for c in CARDS.values()) == 1490
    for armies in PRESETS.values():
        assert 2 <= len(armies) <= 4
        assert all(len(set(army)) == len(army) for army in armies), "a unique card twice in one army"
    assert sorted(k for army in PRESETS["four"] for k in army) == sorted(CARDS), "four: every card once"


def test_every_classic_glyph():
    """Reference §2.1: every classic glyph is in the data."""
    classic = {"astrid", "gerda", "ivor", "valda", "dagmar", "brandar", "kelda", "erland", "mitonsoul",
               "jalgard", "lodin", "sturla", "rannveig", "crevcor", "ulaniva", "thorian", "proftaka",
               "wannok", "nilrend", "oreld"}
    assert classic <= set(GLYPHS)
    assert GLYPHS["ivor"].amount == 4, "print value"


@pytest.mark.parametrize("rows, message", [
    (["1g0 1q1"], "cannot read cell"),
    (["1g0 1g0"], "start zone for seat 1"),
    ([], "non-empty list"),
    (["99g0 1g1"], "outside"),
])
def test_bad_maps_name_the_problem(rows, message):
    with pytest.raises(DataError, match=message):
        parse_map("bad", {"name": "bad", "rows": rows}, "bad.toml", set(GLYPHS))


def test_bad_glyph_spot():
    with pytest.raises(DataError, match="unknown glyph"):
        parse_map("bad", {"name": "b", "rows": ["1g0 1g1"], "glyph": [{"at": "a1", "glyph": "nope"}]}, "b", set(GLYPHS))
    with pytest.raises(DataError, match="no hex"):
        parse_map("bad", {"name": "b", "rows": ["1g0 1g1"], "glyph": [{"at": "q9", "glyph": "gerda"}]}, "b", set(GLYPHS))


def test_hex_geometry():
    """Axial neighbours are at distance 1 and labels round-trip through offset rows."""
    for q, r in hexes.neighbours(2, 3):
        assert hexes.distance((2, 3), (q, r)) == 1
    assert hexes.label(*hexes.offset_to_axial(2, 4)) == "c5"
    assert hexes.row_name(26) == "aa"
