"""The computer mage: guess validation, counterexamples, equivalence, opening board, generation."""

from __future__ import annotations

from glyphs_helpers import glyph

from glyphhall.engine import Rng
from glyphhall.games.glyphs import mage
from glyphhall.games.glyphs.decrees.ast import Not, Quantified
from glyphhall.games.glyphs.decrees.parser import parse
from glyphhall.games.glyphs.decrees.semantics import evaluate
from glyphhall.games.glyphs.generate import (
    MAX_RATE,
    MIN_RATE,
    acceptable,
    approval_rate,
    generate,
    simpler_equivalent,
)
from glyphhall.games.glyphs.geometry import problems
from glyphhall.games.glyphs.pool import model_of


def _distinguishes(decree, guess, shapes) -> bool:
    m = model_of(shapes)
    return evaluate(decree, m) != evaluate(guess, m)


def test_counterexample_fits_one_but_not_the_other_and_is_a_real_glyph():
    """Rulebook, Gameplay step 2: the counterexample either fits the guess but not the decree,
    or fits the decree but not the guess."""
    decree, guess = parse("it has at least one oval"), parse("it has exactly one oval")
    v = mage.find_counterexample(decree, guess, Rng(1))
    assert not v.equivalent
    ce = v.counterexample
    assert problems(ce.shapes) == []
    assert _distinguishes(decree, guess, ce.shapes)
    assert ce.approved == evaluate(decree, model_of(ce.shapes))


def test_counterexamples_are_smallest_first():
    """No one-shape glyph separates 'at least one oval' from 'exactly one oval', so the mage
    answers with two shapes; a one-shape difference gets a one-shape answer."""
    v = mage.find_counterexample(parse("it has at least one oval"), parse("it has exactly one oval"), Rng(1))
    assert len(v.counterexample.shapes) == 2
    v = mage.find_counterexample(parse("it has at least one oval"), parse("it has no squares"), Rng(1))
    assert len(v.counterexample.shapes) == 1 and v.counterexample.method == "pool"  # every single shape is pooled


def test_relational_counterexample_is_realized_with_the_needed_overlaps():
    decree, guess = parse("some square overlaps an oval"), parse("it has a square and it has an oval")
    v = mage.find_counterexample(decree, guess, Rng(2))
    assert _distinguishes(decree, guess, v.counterexample.shapes)
    assert not v.counterexample.approved  # a square and an oval that do not touch each other


def test_equivalent_wordings_are_proven_equivalent():
    """Rulebook, About Guessing: rules stated differently but equivalent ('at most 0 angles',
    'cannot include angles') mean the apprentice wins."""
    v = mage.find_counterexample(parse("it has at most 0 angles"), parse("no shape has at least one angle"), Rng(3))
    assert v.equivalent and v.proven
    v = mage.find_counterexample(parse("it has no hexagons"), parse("not it has a hexagon"), Rng(3))
    assert v.equivalent and v.proven


def test_geometric_tautology_is_proven_because_geometry_is_left_free():
    """mage.py: geometric properties are free variables in the solver, so a proof covers them."""
    v = mage.find_counterexample(parse("it is symmetric or it has a square"),
                                 parse("it has a square or it is symmetric"), Rng(4))
    assert v.equivalent and v.proven


def test_geometric_equivalence_the_solver_cannot_prove_is_decided_by_search():
    """All our shapes are convex, so a hole needs three shapes; the solver does not know that,
    cannot build its one- and two-shape 'holed' glyphs, and the pool search finds no difference:
    the verdict is 'equivalent', explicitly not proven."""
    v = mage.find_counterexample(parse("it is holed"), parse("it is holed and it has at least three shapes"), Rng(5))
    assert v.equivalent and not v.proven


def test_geometric_counterexample_is_checked_on_real_geometry():
    decree, guess = parse("it is symmetric"), parse("it has exactly one shape")
    v = mage.find_counterexample(decree, guess, Rng(6))
    assert not v.equivalent and _distinguishes(decree, guess, v.counterexample.shapes)


def test_board_contradictions_are_listed():
    """Rulebook, About Guessing: a guess contradicted by a glyph on the board is not valid."""
    board = [(glyph("oval@0,0"), True), (glyph("square@0,0"), False), (glyph("oval@0,0 oval@1.5,0"), True)]
    assert mage.contradictions(parse("it has exactly one oval"), board) == [2]
    assert mage.contradictions(parse("it has an oval"), board) == []


def test_opening_board_has_one_approved_and_one_rejected_glyph():
    """Rulebook, Game Setup: the mage makes two glyphs, one which obeys the decree and one which doesn't."""
    decree = parse("some square overlaps an oval")
    yes, no = mage.opening_board(decree, Rng(7))
    assert yes.approved and evaluate(decree, model_of(yes.shapes))
    assert not no.approved and not evaluate(decree, model_of(no.shapes))


def test_generated_decrees_have_approval_rates_between_15_and_85_percent():
    rng = Rng(8)
    for level in (1, 2, 3, 4, 5):
        for _ in range(3):
            rate = approval_rate(generate(level, rng))
            assert MIN_RATE <= rate <= MAX_RATE


def test_a_decree_equivalent_to_a_simpler_one_is_not_generated():
    """'it is not the case that some square overlaps an oval' is 'no square overlaps an oval'."""
    some = parse("some square overlaps an oval")
    negated = Not(some)
    simpler = simpler_equivalent(negated, 4, Rng(9))
    assert isinstance(simpler, Quantified) and simpler.det == "no"
    assert not acceptable(negated, 4, Rng(9))
    redundant = parse("it has at least one oval and it has at least one oval that overlaps a square")
    assert simpler_equivalent(redundant, 4, Rng(9)) is not None


def test_position_relations_converse_is_proven_equivalent():
    """Rulebook, About Guessing: equivalent statements of the decree win. Heights are free reals
    in the solver, so its proof covers every real glyph (mage.py, how equivalence is decided)."""
    v = mage.find_counterexample(parse("some shape is above a square"), parse("some square is below a shape"), Rng(1))
    assert v.equivalent and v.proven


def test_position_relation_counterexample_is_a_real_glyph_with_level_shapes():
    """Rulebook, Gameplay 2: the counterexample fits exactly one of guess and decree; two squares
    level with each other satisfy "every square is above no square" but not "at most one square"."""
    decree, guess = parse("every square is above no square"), parse("it has at most one square")
    ce = mage.find_counterexample(decree, guess, Rng(2)).counterexample
    m = model_of(ce.shapes)
    assert evaluate(decree, m) != evaluate(guess, m) and ce.approved == evaluate(decree, m)
    squares = [s for s in ce.shapes if s[0] == 4]
    assert len(squares) >= 2


def test_position_relation_opening_board_is_built_by_the_solver():
    """Rulebook, Game Setup: one glyph obeys the decree, one does not (a relation decree)."""
    decree = parse("some square is above an oval")
    yes, no = mage.opening_board(decree, Rng(3))
    assert evaluate(decree, model_of(yes.shapes)) and not evaluate(decree, model_of(no.shapes))


def test_points_at_decrees_in_the_solver_and_on_real_geometry():
    """Rulebook, About Guessing and Gameplay 2: a shape that cannot point (an oval) makes "some
    oval points at a shape" proven equivalent to an impossible decree; otherwise the
    counterexample is a real glyph on which the ray test decides."""
    v = mage.find_counterexample(parse("some oval points at a shape"), parse("it has at most 0 shapes"), Rng(1))
    assert v.equivalent and v.proven
    decree, guess = parse("some triangle points at a square"), parse("it has a triangle and it has a square")
    ce = mage.find_counterexample(decree, guess, Rng(2)).counterexample
    assert _distinguishes(decree, guess, ce.shapes) and not ce.approved
    yes, no = mage.opening_board(decree, Rng(3))
    assert evaluate(decree, model_of(yes.shapes)) and not evaluate(decree, model_of(no.shapes))
