"""Scenarios for rules that had none (issue 31), read from shared/rules/glyphs-decrees.txt."""

from __future__ import annotations

import pytest

from glyphhall.games.glyphs.decrees.parser import parse
from glyphhall.games.glyphs.decrees.semantics import evaluate
from glyphhall.games.glyphs.geometry import GlyphError, validate
from glyphhall.games.glyphs.notation import parse_glyph
from glyphhall.games.glyphs.pool import model_of


def test_three_squares_in_a_row_are_refused_and_the_long_rectangle_is_not():
    """About Glyphs (Cont.): "one of these glyphs contains a long rectangle, while the other
    contains three squares ... The version with three squares is ambiguous". Squares meeting
    only along their edges are refused; the long rectangle is one shape, with four angles."""
    with pytest.raises(GlyphError, match="only touch along an edge"):
        validate(parse_glyph("square@0,0 square@2,0 square@4,0"))
    bar = parse_glyph("bar@0,0")
    assert validate(bar)
    assert evaluate(parse("it has exactly one long rectangle"), model_of(bar))
    assert evaluate(parse("it has exactly 4 angles"), model_of(bar))
    assert not evaluate(parse("it has at least one square"), model_of(bar))
