"""A person as mage builds what the rulebook says the mage builds: the opening glyphs and the
counterexamples (both modes), and in the two-player variant may mark by hand."""

from __future__ import annotations

import pytest
from glyphs_helpers import OVAL, SQUARE, SQUARE_OVAL, TWO_OVALS, glyph

from glyphhall.engine import IllegalAction
from glyphhall.games.glyphs import GAME
from glyphhall.games.glyphs.decrees.parser import parse
from glyphhall.games.glyphs.decrees.semantics import evaluate
from glyphhall.games.glyphs.pool import model_of


def person_mage(decree="it has at least one oval"):
    s = GAME.new(3, 1, {"mage": "person"})
    s.apply_text(0, f"decree {decree}")
    return s


def test_person_mage_builds_the_opening_glyphs_checked_against_the_decree():
    """Rulebook, Game Setup (More than Two Players): the mage makes two glyphs, one which obeys
    the decree and one which doesn't, and marks them accordingly (the engine checks the marks)."""
    s = person_mage()
    assert s.phase == "opening" and s.to_move() == (0,)
    with pytest.raises(IllegalAction, match="your decree marks that glyph rejected"):
        s.apply_text(0, f"place approved {SQUARE}")
    assert s.boards[0].glyphs == []
    s.apply_text(0, f"place approved {SQUARE_OVAL}")
    with pytest.raises(IllegalAction, match="already has its approved glyph"):
        s.apply_text(0, f"place approved {OVAL}")
    assert s.to_move() == (0,)
    s.apply_text(0, f"place rejected {SQUARE}")
    assert s.boards[0].marks() == [(glyph(SQUARE_OVAL), True), (glyph(SQUARE), False)]
    assert s.phase == "build" and s.to_move() == (1,)


def test_person_mage_may_let_the_engine_build_the_missing_opening_glyph():
    """Rulebook, Game Setup: the opening is one approved and one rejected glyph ("auto" builds
    the missing one from the entered decree)."""
    s = person_mage()
    s.apply_text(0, f"place rejected {SQUARE}")
    s.apply_text(0, "auto")
    marks = s.boards[0].marks()
    assert marks[0] == (glyph(SQUARE), False) and marks[1][1] is True
    assert evaluate(parse("it has at least one oval"), model_of(marks[1][0]))
    assert s.phase == "build"


def test_person_mage_builds_the_counterexample_the_engine_checks_it():
    """Rulebook, Gameplay 2: if incorrect, the mage makes a glyph which is a counterexample to the
    guess (fits the guess but not the decree, or the decree but not the guess) and marks it."""
    s = person_mage()
    s.apply_text(0, f"place approved {OVAL}")
    s.apply_text(0, f"place rejected {SQUARE}")
    s.coins[1] = 1
    s.apply_text(1, f"study {SQUARE_OVAL}")
    s.apply_text(1, "guess it has exactly one oval")
    s.apply_text(1, "confirm")
    assert s.coins[1] == 0 and s.phase == "counter" and s.to_move() == (0,)
    with pytest.raises(IllegalAction, match="no counterexample"):
        s.apply_text(0, f"counterexample approved {OVAL}")  # the guess approves it too
    with pytest.raises(IllegalAction, match="your decree marks that glyph approved"):
        s.apply_text(0, f"counterexample rejected {TWO_OVALS}")
    with pytest.raises(IllegalAction, match="not possible now"):
        s.apply_text(0, "concede")  # the engine knows the decree: a wrong guess stays wrong
    s.apply_text(0, f"counterexample approved {TWO_OVALS}")
    assert s.boards[0].glyphs[-1][:2] == [glyph(TWO_OVALS), True] and s.phase == "guess"


def test_person_mage_may_let_the_engine_build_the_counterexample():
    """Rulebook, Gameplay 2 and About Guessing: the counterexample fits exactly one of guess and decree."""
    s = person_mage()
    s.apply_text(0, "auto")
    s.coins[1] = 1
    s.apply_text(1, f"study {SQUARE_OVAL}")
    s.apply_text(1, "guess it has exactly one oval")
    s.apply_text(1, "confirm")
    s.apply_text(0, "auto")
    shapes, approved = s.boards[0].marks()[-1]
    assert approved == evaluate(parse("it has at least one oval"), model_of(shapes))
    assert approved != evaluate(parse("it has exactly one oval"), model_of(shapes))
    assert s.phase == "guess" and s.to_move() == (1,)


def test_person_mage_equivalent_guess_wins_without_a_counterexample():
    """Rulebook, About Guessing: an equivalent guess is correct; the apprentice wins."""
    s = person_mage()
    s.apply_text(0, "auto")
    s.coins[1] = 1
    s.apply_text(1, f"study {SQUARE_OVAL}")
    s.apply_text(1, "guess it has an oval")
    s.apply_text(1, "confirm")
    assert s.is_over() and s.returns() == [0.0, 1.0, 0.0]


def players_duel(decrees=2):
    s = GAME.new(2, 3, {"mode": "duel", "duel_decrees": "players", "decrees": decrees})
    s.apply_text(0, "decree it has at least one square")
    if decrees > 1:
        s.apply_text(0, "decree it has no hexagons")
    s.apply_text(1, "decree it has at least one oval")
    if decrees > 1:
        s.apply_text(1, "decree it has no squares")
    return s


def test_duel_each_mage_builds_the_opening_on_the_opponents_side():
    """Rulebook, Game Setup (Two Player Variant): each mage makes two glyphs on their opponent's
    side, one which obeys their first decree and one which doesn't."""
    s = players_duel()
    assert s.phase == "opening" and set(s.to_move()) == {0, 1}
    with pytest.raises(IllegalAction, match="your decree marks that glyph rejected"):
        s.apply_text(1, f"place approved {SQUARE}")  # seat 1's decree: at least one oval
    s.apply_text(1, f"place approved {OVAL}")
    s.apply_text(1, f"place rejected {SQUARE}")
    assert s.boards[0].marks() == [(glyph(OVAL), True), (glyph(SQUARE), False)] and s.boards[1].glyphs == []
    assert s.to_move() == (0,)
    s.apply_text(0, f"place approved {SQUARE}")
    s.apply_text(0, f"place rejected {OVAL}")
    assert s.boards[1].marks() == [(glyph(SQUARE), True), (glyph(OVAL), False)]
    assert s.phase == "build" and s.to_move() == (0,)


def test_duel_the_other_mage_builds_the_next_opening_after_a_correct_guess():
    """Rulebook, Gameplay (Two Player Variant) 2.1: clear your side; the other mage makes two
    starting glyphs and marks them according to their next decree."""
    s = players_duel()
    s.apply_text(0, "auto")
    s.apply_text(1, "auto")
    s.apply_text(0, f"build {SQUARE_OVAL}")
    s.apply_text(0, "guess it has an oval")
    s.apply_text(0, "confirm")
    assert s.solved == [1, 0] and s.boards[0].glyphs == []
    assert s.phase == "opening" and s.to_move() == (1,)
    with pytest.raises(IllegalAction, match="your decree marks that glyph approved"):
        s.apply_text(1, f"place rejected {OVAL}")  # next decree: no squares
    s.apply_text(1, f"place approved {OVAL}")
    s.apply_text(1, f"place rejected {SQUARE}")
    assert s.phase == "guess" and s.to_move() == (0,) and s.coins == [1, 3]


def hand_duel(decrees=1):
    s = GAME.new(2, 3, {"mode": "duel", "marking": "hand", "decrees": decrees})
    for seat, approved, rejected in ((1, OVAL, SQUARE), (0, SQUARE, OVAL)):
        s.apply_text(seat, f"place approved {approved}")
        s.apply_text(seat, f"place rejected {rejected}")
    return s


def test_duel_hand_marking_the_other_mage_marks_each_glyph():
    """Rulebook, Gameplay (Two Player Variant): make a glyph on your side; the other mage marks it
    with an approval or rejection token (by hand: no decree is entered)."""
    s = hand_duel()
    assert s.decrees == [[], []] and s.phase == "build" and s.view(0)["marking"] == "hand"
    s.apply_text(0, f"build {TWO_OVALS}")
    assert s.phase == "mark" and s.to_move() == (1,)
    s.apply_text(1, "mark approved")
    assert s.boards[0].marks()[-1] == (glyph(TWO_OVALS), True) and s.phase == "guess"
    s.apply_text(0, "pass")
    s.apply_text(1, f"build {SQUARE}")  # the same glyph as seat 0's opening approved glyph 1
    assert s.to_move() == (0,)
    with pytest.raises(IllegalAction, match="glyph 1 is the same glyph and is marked approved"):
        s.apply_text(0, "mark rejected")


def test_duel_hand_marking_counterexample_and_concession():
    """Rulebook, Gameplay (Two Player Variant) 2: pay the other mage; if incorrect they make a
    counterexample; a correct guess of their last decree wins (they concede it)."""
    s = hand_duel(decrees=1)
    s.apply_text(0, f"build {SQUARE_OVAL}")
    s.apply_text(1, "mark approved")
    s.apply_text(0, "guess it has exactly one oval")
    s.apply_text(0, "confirm")
    assert s.coins == [1, 3] and s.phase == "counter" and s.to_move() == (1,)
    with pytest.raises(IllegalAction, match="no counterexample"):
        s.apply_text(1, f"counterexample approved {OVAL}")
    s.apply_text(1, f"counterexample approved {TWO_OVALS}")
    assert s.boards[0].glyphs[-1][3] == "counterexample" and s.phase == "guess" and s.to_move() == (0,)
    s.apply_text(0, "guess it has an oval")
    s.apply_text(0, "confirm")
    s.apply_text(1, "concede")
    assert s.is_over() and s.returns() == [1.0, 0.0]


def test_duel_hand_marking_next_decree_is_opened_by_hand():
    """Rulebook, Game Setup and 2.1 (Two Player Variant): decree tokens 1..N; after a correct guess
    the other mage opens the next decree by hand."""
    s = hand_duel(decrees=2)
    assert s.view(0)["decrees_left"] == [2, 2]
    s.apply_text(0, f"build {SQUARE_OVAL}")
    s.apply_text(1, "mark approved")
    s.apply_text(0, "guess it has an oval")
    s.apply_text(0, "confirm")
    s.apply_text(1, "concede")
    assert not s.is_over() and s.view(0)["decrees_left"] == [1, 2]
    assert s.phase == "opening" and s.to_move() == (1,) and s.boards[0].glyphs == []
    with pytest.raises(IllegalAction, match="not possible now"):
        s.apply_text(1, "auto")  # no decree entered: the engine cannot build for a hand-marking mage
    s.apply_text(1, f"place approved {SQUARE}")
    s.apply_text(1, f"place rejected {OVAL}")
    assert s.phase == "guess" and s.to_move() == (0,)


def test_person_mage_decree_about_positions_and_an_equivalent_guess():
    """Rulebook, About Guessing: a guess stated another way but equivalent wins ("above" and
    "below" are the reference proposal's position relations, decided by centroid heights)."""
    s = person_mage("some square is above an oval")
    with pytest.raises(IllegalAction, match="your decree marks that glyph rejected"):
        s.apply_text(0, f"place approved {SQUARE_OVAL}")  # level with each other
    s.apply_text(0, "place approved square@0,1.5 oval@0,0")
    s.apply_text(0, f"place rejected {SQUARE_OVAL}")
    s.coins[1] = 1
    s.apply_text(1, "study oval@0,1.5 square@0,0")
    assert s.boards[0].marks()[-1][1] is False
    s.apply_text(1, "guess some oval is lower than a square")
    assert s.guess is not None and s.view(2)["guess"] == "some oval is below a square"
    s.apply_text(1, "confirm")
    assert s.is_over() and s.returns() == [0.0, 1.0, 0.0]
