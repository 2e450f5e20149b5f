"""The decree language: parsing, canonical English, fixed semantics (rulebook, "About Guessing")."""

from __future__ import annotations

import pytest
import z3
from glyphs_helpers import SQUARE_OVAL, glyph
from lark import Tree

from glyphhall.engine import Rng
from glyphhall.games.glyphs.decrees.ast import NP, Has, Quant
from glyphhall.games.glyphs.decrees.english import render, sentence
from glyphhall.games.glyphs.decrees.parser import DecreeError, _ToAst, parse
from glyphhall.games.glyphs.decrees.semantics import evaluate, evaluate_batch, holds
from glyphhall.games.glyphs.generate import generate
from glyphhall.games.glyphs.library import atoms
from glyphhall.games.glyphs.mage import Z3Model, _b
from glyphhall.games.glyphs.pool import batch_of, model_of, pool

SAMPLES = [
    "it has at least one oval",
    "A glyph is approved if and only if it has exactly 2 squares.",
    "every square is upright",
    "the total number of angles is even",
    "some triangle overlaps a square",
    "it has more curved shapes than straight shapes",
    "every square overlaps exactly two other shapes",
    "the number of shapes with curves is a multiple of 3",
    "it is taller than it is wide",
    "it has no ovals or it is a chain and every triangle points up",
    "not it has a square",
    "no upright square overlaps an oval that overlaps a hexagon",
    "it has at most 0 angles",
    "some shape overlaps another shape",
    "(it has a square or it has an oval) and it is a chain",
    "it has at least one upright long rectangle",
    "some square is above an oval",
    "every triangle is below every square",
    "no shape is higher than another shape",
    "it has a square that is lower than no oval",
    "some triangle points at a square",
    "every semicircle points at no shape",
    "some shape points at another shape",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_canonical_english_reads_back_to_the_same_decree(text):
    cond = parse(text)
    assert parse(render(cond)) == cond
    assert sentence(cond).startswith("A glyph is approved if and only if ")


@pytest.mark.slow
def test_every_library_atom_round_trips_through_english():
    for atom in atoms():
        assert parse(render(atom.cond)) == atom.cond, render(atom.cond)


def test_generated_decrees_round_trip_through_english():
    rng = Rng(11)
    for level in (3, 4, 5):
        for _ in range(4):
            cond = generate(level, rng)
            assert parse(render(cond)) == cond


def test_a_bare_number_is_refused_as_ambiguous():
    """Rulebook, About Guessing: the distinction between 'exactly' and 'at least' must be clarified."""
    with pytest.raises(DecreeError, match="say 'exactly 2' or 'at least 2'"):
        parse("it has 2 squares")


def test_canonical_reading_spells_out_exactly_and_at_least():
    """The engine echoes explicit quantities: 'a' means at least one, 'no' means exactly zero."""
    assert render(parse("it has a square")) == "it has at least one square"
    assert render(parse("it has more than 1 square")) == "it has at least two squares"
    assert render(parse("it has fewer than 1 square")) == "it has no squares"


def test_unreadable_decree_gets_a_clear_message():
    with pytest.raises(DecreeError, match="cannot read that decree near 'purple"):
        parse("it has a purple square")
    with pytest.raises(DecreeError, match="empty"):
        parse("  ")


def test_readings_that_differ_are_refused_and_equal_readings_accepted():
    """An ambiguous parse must be clarified, never guessed (rulebook, About Guessing)."""
    a = Has(Quant("ge", 1), NP("square"))
    b = Has(Quant("eq", 0), NP("square"))
    with pytest.raises(DecreeError, match="more than one way"):
        _ToAst()._ambig([a, b])
    assert _ToAst()._ambig([a, a]) == a
    assert isinstance(Tree("_ambig", []), Tree)


def test_exactly_against_at_least():
    two_ovals = model_of(glyph("oval@0,0 oval@1.5,0"))
    assert evaluate(parse("it has at least one oval"), two_ovals)
    assert not evaluate(parse("it has exactly one oval"), two_ovals)


def test_every_is_true_when_there_are_none():
    """Fixed semantics: 'every X ...' holds vacuously on a glyph without X."""
    assert evaluate(parse("every triangle points up"), model_of(glyph("square@0,0")))


def test_zero_is_even():
    assert evaluate(parse("it has an even number of ovals"), model_of(glyph("square@0,0")))
    assert evaluate(parse("the total number of curves is even"), model_of(glyph("square@0,0")))


def test_orientation_words():
    assert evaluate(parse("every triangle points down"), model_of(glyph("triangle@0,0/180")))
    assert evaluate(parse("every long rectangle is vertical"), model_of(glyph("bar@0,0/90")))
    assert evaluate(parse("every square is tilted"), model_of(glyph("square@0,0/45")))


RELATION_SAMPLES = ("some square is above an oval", "every shape is below no triangle",
                    "some oval that is above a square overlaps a shape", "it has more shapes that are above a bar "
                    "than shapes that are below a bar", "some triangle points at a square",
                    "every shape that points at an oval is above a square", "no semicircle points at every shape")


def test_above_compares_centroid_heights_with_a_half_unit_margin():
    """Semantics (decrees/ast.py): A is above B when A's centroid is at least half a grid unit
    higher; shapes nearer in height are level (neither above nor below)."""
    above = parse("some oval is above a square")
    below = parse("some oval is below a square")
    level = parse("no shape is above a shape")
    high = model_of(glyph("square@0,0 oval@0,1.5"))  # oval centroid 0.75 higher
    near = model_of(glyph("square@0,0 oval@1.5,0"))  # the same height
    low = model_of(glyph("square@0,0 oval@0,-1.5"))
    assert evaluate(above, high) and not evaluate(below, high) and not evaluate(level, high)
    assert not evaluate(above, near) and not evaluate(below, near) and evaluate(level, near)
    assert evaluate(below, low) and not evaluate(above, low)
    assert render(parse("every oval is higher than another shape")) == "every oval is above a shape"


def test_points_at_follows_the_ray_from_the_tip():
    """Semantics (decrees/ast.py): A points at B when the ray from A's tip, in the direction A
    points, crosses B; shapes without a direction (ovals, squares) point at nothing."""
    points = parse("some triangle points at a square")
    assert evaluate(points, model_of(glyph("triangle@0,0 square@0,1.5")))  # points up into the square
    assert evaluate(points, model_of(glyph("triangle@0,0/180 square@0,-1.5")))  # points down into it
    assert not evaluate(points, model_of(glyph("triangle@0,0 square@1.5,0")))  # the square is beside it
    assert not evaluate(parse("some square points at a shape"), model_of(glyph(SQUARE_OVAL)))


@pytest.mark.slow
def test_the_three_evaluators_agree():
    """The referee (Python), the pool screen (numpy) and the solver (z3) run one semantics."""
    rng = Rng(5)
    decrees = [a.cond for a in atoms()[::23]] + [generate(level, rng) for level in (3, 4, 5)]
    decrees += [parse(t) for t in RELATION_SAMPLES]
    glyphs = list(pool()[::97])
    batch = batch_of(glyphs)
    for cond in decrees:
        expected = [evaluate(cond, model_of(g)) for g in glyphs]
        assert list(evaluate_batch(cond, batch)) == expected, render(cond)
    for g in glyphs[:6]:
        m = Z3Model(len(g))
        ref = model_of(g)
        fix = [m.p[i] for i in range(len(g))]
        fix += [m.c[i] == 8 * s[0] + s[3] for i, s in enumerate(g)]
        fix += [v == ref.adj(i, j) for (i, j), v in m.a.items()]
        fix += [m.g[p] == ref.geo(p) for p in m.g]
        m.above(0, 0)  # creates the height variables; fix them to the real centroid heights
        fix += [m.h[i] == z3.RealVal(str(round(h, 6)), m.ctx) for i, h in enumerate(ref.heights)]
        if len(g) > 1:
            m.points_at(0, 1)  # creates the pointing variables; fix them to the real ray tests
            fix += [v == ref.points_at(i, j) for (i, j), v in m.t.items()]
        for cond in decrees:
            s = z3.Solver(ctx=m.ctx)
            s.add(fix)
            s.add(_b(holds(cond, m), m) != evaluate(cond, ref))
            assert s.check() == z3.unsat, render(cond)
