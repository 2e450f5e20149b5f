"""Shapes, glyph validity, notation and rendering (rulebook, "About Glyphs")."""

from __future__ import annotations

import pytest
from glyphs_helpers import glyph

from glyphhall.engine import DataError
from glyphhall.games.glyphs.decrees.parser import parse
from glyphhall.games.glyphs.decrees.semantics import evaluate
from glyphhall.games.glyphs.geometry import GlyphError, problems, validate
from glyphhall.games.glyphs.notation import format_glyph, parse_glyph
from glyphhall.games.glyphs.pool import model_of, pool
from glyphhall.games.glyphs.render_svg import glyph_svg
from glyphhall.games.glyphs.shapes import parse_shapes, shape_set
from glyphhall.games.glyphs.terminal import braille


def test_shape_data_loads_and_is_marked_as_a_proposal():
    ss = shape_set()
    assert ss.provenance == "proposal"
    assert {k.id for k in ss.kinds} >= {"oval", "square", "bar", "triangle"}
    assert ss.by_id("bar").singular == "long rectangle"


def test_bad_shape_data_names_file_and_entry():
    with pytest.raises(DataError, match=r"shapes.toml: kinds.blob: 'outline'"):
        parse_shapes({"kinds": {"blob": {"singular": "blob", "plural": "blobs", "outline": "cloud"}}})
    with pytest.raises(DataError, match="families.round: names an unknown kind"):
        parse_shapes({"kinds": {"oval": {"singular": "oval", "plural": "ovals", "outline": "disc", "radius": 1,
                                         "period": 1, "angles": 0, "right_angles": 0, "segments": 0, "curves": 1}},
                      "families": {"round": {"adjective": "round", "kinds": ["blob"]}}})


def test_overlapping_shapes_make_a_glyph():
    """Rulebook, About Glyphs: glyphs should be connected (here: by overlapping interiors)."""
    assert validate(parse_glyph("square@0,0 oval@1.5,0"))


def test_edge_contact_is_refused_as_ambiguous():
    """Rulebook, Logistics Tips: don't place shapes so they only touch on line segments or angles."""
    with pytest.raises(GlyphError, match="only touch along an edge or at a corner"):
        validate(parse_glyph("square@0,0 square@2,0"))


def test_corner_contact_is_refused_as_ambiguous():
    """Rulebook, Logistics Tips: touching only at an angle (a corner) is ambiguous."""
    with pytest.raises(GlyphError, match="ambiguous"):
        validate(parse_glyph("square@0,0 square@2,2"))


def test_disconnected_glyph_is_refused():
    """Rulebook, About Glyphs: the three shapes on the right (not connected) are not a valid glyph."""
    with pytest.raises(GlyphError, match="not connected"):
        validate(parse_glyph("square@0,0 oval@1.5,0 triangle@10,10"))


def test_more_than_six_shapes_is_refused():
    """Rulebook, About Glyphs: glyphs should not contain more than six shapes."""
    text = " ".join(f"square@{1.5 * i},0" for i in range(7))
    with pytest.raises(GlyphError, match="at most 6 shapes"):
        validate(parse_glyph(text))


def test_empty_glyph_is_refused():
    """Rulebook, About Glyphs: glyphs must contain at least one shape."""
    assert problems([]) == ["a glyph needs at least one shape"]
    with pytest.raises(GlyphError):
        parse_glyph("   ")


def test_shape_hidden_behind_others_is_refused():
    """Rulebook, About Glyphs (Cont.): don't hide any shapes entirely behind other shapes."""
    with pytest.raises(GlyphError, match="hidden entirely"):
        validate(parse_glyph("square@0,0 square@0,0/90 oval@1.5,0"))
    with pytest.raises(GlyphError, match="hidden entirely"):
        validate(parse_glyph("square@0,0 oval@0,0 bar@1.5,0"))


def test_hidden_aspects_still_count():
    """Rulebook, About Glyphs (Cont.): if an aspect of a shape is hidden it is still part of the
    glyph: a square and a triangle overlapping have seven angles and seven line segments."""
    g = glyph("square@0,0 triangle@0,0.5")
    m = model_of(g)
    assert evaluate(parse("the total number of angles is exactly 7"), m)
    assert evaluate(parse("the total number of line segments is exactly 7"), m)


def test_notation_round_trip_and_canonical_form():
    g = glyph("oval@11.5,3 square@10,3/90 triangle@10,4.5/180")
    assert g == glyph(format_glyph(g))
    assert format_glyph(g) == "oval@1.5,0 triangle@0,1.5/180 square@0,0"  # translated, sorted, square turned back


@pytest.mark.parametrize("text, message", [
    ("squre@0,0", "not a shape"),
    ("square@0.3,0", "half grid unit"),
    ("square@0,0/30", "steps of 45"),
    ("square 0 0", "not a shape"),
])
def test_bad_notation_is_explained(text, message):
    with pytest.raises(GlyphError, match=message):
        parse_glyph(text)


def test_pool_glyphs_are_all_valid_and_varied():
    glyphs = pool()
    assert len(glyphs) >= 1000
    for g in glyphs[::37]:
        assert problems(g) == []
    assert {len(g) for g in glyphs} == {1, 2, 3, 4, 5, 6}


def test_renderings_draw_every_shape():
    g = glyph("square@0,0 oval@1.5,0 bar@0,1.5/45")
    svg = glyph_svg(g, mark=True)
    assert svg.count("<polygon") == 3 and "#2e7d32" in svg
    art = braille(g)
    assert art.strip() and all(0x2800 <= ord(ch) <= 0x28FF for ch in art if ch != "\n")


def test_terminal_view_draws_the_board_and_the_prompt():
    from rich.console import Console

    from glyphhall.games.glyphs import GAME
    from glyphhall.games.glyphs.terminal import render

    s = GAME.new(2, 3, {"level": 1})
    s.apply_text(0, "perform square@0,0 oval@1.5,0")
    console = Console(width=120, record=True)
    console.print(render(s.view(0), 0))
    text = console.export_text()
    assert "oval@1.5,0 square@0,0" in text and "predict approved" in text
    assert any(0x2801 <= ord(ch) <= 0x28FF for ch in text)
    assert "decree:" not in text


def test_a_colour_terminal_draws_glyphs_as_filled_shapes_and_a_plain_one_in_braille():
    from rich.console import Console

    from glyphhall.games.glyphs.render_svg import PALETTE
    from glyphhall.games.glyphs.terminal import GlyphPicture, blocks

    g = glyph("square@0,0 oval@1.5,0")
    art = blocks(g)
    lines = art.plain.split("\n")
    dots = braille(g).split("\n")
    assert len(lines) > len(dots) and max(map(len, lines)) >= 1.5 * len(dots[0])  # larger than braille
    assert {ch for ch in art.plain} <= {" ", "▀", "▄", "\n"} and "▀" in art.plain
    styles = {str(span.style) for span in art.spans}
    assert any(PALETTE[0] in st for st in styles) and any(PALETTE[1] in st for st in styles)  # a colour per shape
    colour = Console(width=80, record=True, force_terminal=True, color_system="truecolor")
    colour.print(GlyphPicture(g))
    assert "▀" in colour.export_text()
    plain = Console(width=80, record=True, color_system=None)
    plain.print(GlyphPicture(g))
    assert any(0x2801 <= ord(ch) <= 0x28FF for ch in plain.export_text())


def test_the_oval_is_the_only_shape_without_angles():
    """Rulebook, About Guessing: "at most 0 angles", "cannot include angles" and "exclusively ovals"
    are equivalent, so every other shape of the set has an angle (the README's shape-set ruling)."""
    ss = shape_set()
    assert [k.id for k in ss.kinds if k.features["angles"] == 0] == ["oval"]
    assert all(k.features["angles"] >= 1 for k in ss.kinds if k.id != "oval")
