"""The ways people say decrees (one Lark grammar): each phrasing is read, and read back in the
canonical words the engine echoes before a guess is paid (rulebook, About Guessing: an ambiguous
guess is clarified first, and equivalent statements are one decree)."""

from __future__ import annotations

import pytest

from glyphhall.games.glyphs.decrees.english import render
from glyphhall.games.glyphs.decrees.parser import DecreeError, parse

PHRASINGS = [
    # "at least one": with and without "it has", and the verbs people use for it
    ("at least one oval", "it has at least one oval"),
    ("at least 1 triangle", "it has at least one triangle"),
    ("has a triangle", "it has at least one triangle"),
    ("it has a triangle", "it has at least one triangle"),
    ("there is a triangle", "it has at least one triangle"),
    ("there's a triangle", "it has at least one triangle"),
    ("contains a triangle", "it has at least one triangle"),
    ("it contains a triangle", "it has at least one triangle"),
    ("includes a triangle", "it has at least one triangle"),
    ("the glyph has a triangle", "it has at least one triangle"),
    ("there are at least two triangles", "it has at least two triangles"),
    ("there is a triangle that points up", "it has at least one triangle that points up"),
    # their negations
    ("no triangles", "it has no triangles"),
    ("has no triangles", "it has no triangles"),
    ("does not have a triangle", "it has no triangles"),
    ("doesn't have a triangle", "it has no triangles"),
    ("it does not contain a triangle", "it has no triangles"),
    ("contains no triangles", "it has no triangles"),
    ("there is no triangle", "it has no triangles"),
    ("there are no triangles", "it has no triangles"),
    ("there isn't a triangle", "it has no triangles"),
    ("cannot have triangles", "it has no triangles"),
    ("not at least one oval", "it is not the case that it has at least one oval"),
    ("does not have at least two ovals", "it has at most one oval"),
    ("does not have at most one oval", "it has at least two ovals"),
    ("does not have exactly two ovals", "it is not the case that it has exactly two ovals"),
    # every / no / exactly / at most / more X than Y
    ("every triangle points up", "every triangle points up"),
    ("every shape is an oval", "every shape is an oval"),
    ("all shapes are curved", "every shape is curved"),
    ("no triangle points up", "no triangle points up"),
    ("no square overlaps an oval", "no square overlaps an oval"),
    ("exactly two squares", "it has exactly two squares"),
    ("it has exactly one hexagon", "it has exactly one hexagon"),
    ("at most one oval", "it has at most one oval"),
    ("at most 2 triangles", "it has at most two triangles"),
    ("more ovals than squares", "it has more ovals than squares"),
    ("it has more ovals than squares", "it has more ovals than squares"),
    ("fewer ovals than squares", "it has more squares than ovals"),
    ("as many ovals as squares", "it has as many ovals as squares"),
    ("only ovals", "every shape is an oval"),
    # the rulebook's own three sentences (About Guessing)
    ("a glyph must include at most 0 angles", "the total number of angles is exactly zero"),
    ("a glyph cannot include angles", "the total number of angles is exactly zero"),
    ("a glyph must include exclusively ovals", "every shape is an oval"),
    # combined
    ("at least one oval and no triangles", "it has at least one oval and it has no triangles"),
]


@pytest.mark.parametrize("text, reading", PHRASINGS, ids=[p for p, _ in PHRASINGS])
def test_phrasing_is_read_and_read_back(text, reading):
    cond = parse(text)
    assert render(cond) == reading
    assert parse(reading) == cond  # the reading says the same decree


@pytest.mark.parametrize("text, message", [
    ("(" * 4 + "it has an oval" + ")" * 4, "nest at most 3 deep"),
    ("(" * 150, "nest at most 3 deep"),  # refused before parsing (parsing it took seconds)
    ("not " * 61 + "it has an oval", "more than 60 words"),
    ("2 squares", "ambiguous: say 'exactly 2' or 'at least 2'"),
    ("there are 2 squares", "ambiguous"),
    ("has a blob", "cannot read"),
])
def test_unclear_phrasings_are_refused_with_the_fix(text, message):
    with pytest.raises(DecreeError, match=message):
        parse(text)


def test_completions_continue_the_text_and_parse():
    from glyphhall.games.glyphs.decrees.suggest import TEMPLATES, complete, phrases

    first_of_each = {}
    for number, text in phrases():
        first_of_each.setdefault(number, text)
    assert len(first_of_each) == len(TEMPLATES) + 1
    for text in first_of_each.values():  # one phrasing per template (every one would take seconds)
        parse(text)
    starts = complete("")
    assert starts[:3] == ["at least one oval", "there is an oval", "has an oval"]  # one of each way first
    assert all(c.startswith("has a tr") for c in complete("has a tr"))
    both = complete("at least one oval and no t")
    assert both and all(c.startswith("at least one oval and no t") for c in both)
    for text in both:
        parse(text)
    assert not [c for c in complete("every ") if "oval points" in c]  # an oval points nowhere
