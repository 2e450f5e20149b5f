"""Scenario tests for the rules (rulebook slides 7-10, 13), apprentices mode with the computer mage."""

from __future__ import annotations

import json

import pytest
from glyphs_helpers import OVAL, SQUARE, SQUARE_OVAL, TWO_OVALS, position

from glyphhall.engine import IllegalAction, OptionError, Rng
from glyphhall.games.glyphs import GAME
from glyphhall.games.glyphs.decrees.parser import parse
from glyphhall.games.glyphs.decrees.semantics import evaluate
from glyphhall.games.glyphs.pool import model_of


def test_setup_mage_opens_with_one_approved_and_one_rejected_glyph():
    """Rulebook, Game Setup (More than Two Players): the mage makes two glyphs, one obeying the
    decree and one not, and marks them; apprentices begin with player 1."""
    s = GAME.new(3, 1)
    marks = [g[1] for g in s.boards[0].glyphs]
    assert sorted(marks) == [False, True]
    for shapes, approved in s.boards[0].marks():
        assert evaluate(s.decrees[0][0], model_of(shapes)) == approved
    assert s.to_move() == (0,) and s.phase == "build"


def test_person_mage_turn_order_begins_with_player_one():
    """Rulebook, Game Setup: apprentices take turns in order, beginning with player 1 (seat 0 is the mage)."""
    s = GAME.new(3, 1, {"mage": "person"})
    assert s.to_move() == (0,) and s.phase == "setup"
    s.apply_text(0, "decree it has at least one oval")
    s.apply_text(0, "auto")  # the mage lets the engine build the two opening glyphs
    assert s.to_move() == (1,) and len(s.boards[0].glyphs) == 2


def test_perform_every_apprentice_predicts_secretly_and_at_once():
    """Rulebook, Gameplay 1: if you perform, all apprentices guess whether it obeys the decree,
    secretly from each other but known to the mage."""
    s = position(3)
    s.apply_text(0, f"perform {SQUARE_OVAL}")
    assert set(s.to_move()) == {0, 1, 2}
    events = s.apply_text(1, "predict approved")
    assert "predicts approved" not in " ".join(e.text for e in events if e.visible_to(2))
    assert "predicts approved" in " ".join(e.text for e in events if e.visible_to(1))
    assert s.view(2)["predictions"]["1"] == "predicted"
    assert s.view(1)["predictions"]["1"] == "approved"
    assert s.view(None)["predictions"]["1"] == "predicted"
    assert set(s.to_move()) == {0, 2}


def test_person_mage_sees_the_predictions():
    """Rulebook, Gameplay 1: predictions are known to the mage."""
    s = GAME.new(3, 1, {"mage": "person"})
    s.apply_text(0, "decree it has at least one oval")
    s.apply_text(0, "auto")
    s.apply_text(1, f"perform {SQUARE_OVAL}")
    s.apply_text(2, "predict rejected")
    assert s.view(0)["predictions"]["2"] == "rejected"
    assert s.view(1)["predictions"]["2"] == "predicted"


def test_correct_predictions_earn_a_coin_then_the_glyph_is_marked():
    """Rulebook, Gameplay 1: everyone who is correct receives a coin; then the mage marks the glyph."""
    s = position(3)
    s.apply_text(0, f"perform {SQUARE_OVAL}")
    s.apply_text(0, "predict approved")
    s.apply_text(1, "predict rejected")
    s.apply_text(2, "predict approved")
    assert s.coins == [1, 0, 1]
    last = s.boards[0].glyphs[-1]
    assert last[1] is True and last[3] == "perform" and last[4] == {0: True, 1: False, 2: True}
    assert s.phase == "guess" and s.to_move() == (0,)


def test_study_is_simply_marked_without_predictions_or_coins():
    """Rulebook, Gameplay 1: if you study your glyph without performing it, the mage simply marks it."""
    s = position(3)
    s.apply_text(0, f"study {SQUARE}")
    assert s.coins == [0, 0, 0]
    assert s.boards[0].glyphs[-1][1] is False and s.phase == "guess"


def test_a_guess_needs_a_coin():
    """Rulebook, Gameplay 2: if you have a coin and would like to guess the decree, you may."""
    s = position(2)
    s.apply_text(0, f"study {OVAL}")
    with pytest.raises(IllegalAction, match="no coin"):
        s.apply_text(0, "guess it has at least one oval")
    assert [a.verb for a in s.legal_actions(0)] == ["pass"]


def test_guess_is_echoed_before_the_coin_is_spent():
    """About Guessing: ambiguity is clarified before the guess counts; the engine echoes its
    canonical reading and the coin moves only on confirm (withdrawing is free)."""
    s = position(2, coins=[1, 0])
    s.apply_text(0, f"study {OVAL}")
    events = s.apply_text(0, "guess it has an oval")
    assert "A glyph is approved if and only if it has at least one oval." in events[0].text
    assert s.coins == [1, 0] and s.phase == "confirm"
    s.apply_text(0, "withdraw")
    assert s.coins == [1, 0] and s.phase == "guess"


def test_wrong_guess_costs_a_coin_and_the_mage_builds_a_counterexample():
    """Rulebook, Gameplay 2: move a coin to storage; if incorrect the mage makes a counterexample
    to the guess and marks it."""
    s = position(2, coins=[2, 0])
    s.apply_text(0, f"study {SQUARE}")
    s.apply_text(0, "guess it has exactly one oval")
    s.apply_text(0, "confirm")
    assert s.coins == [1, 0]
    shapes, approved, _, how, _ = s.boards[0].glyphs[-1]
    assert how == "counterexample"
    guess, decree = parse("it has exactly one oval"), parse("it has at least one oval")
    assert evaluate(guess, model_of(shapes)) != evaluate(decree, model_of(shapes))
    assert approved == evaluate(decree, model_of(shapes))
    assert s.phase == "guess" and s.to_move() == (0,)  # step 2 may be repeated while coins last


def test_guess_contradicted_by_the_board_is_invalid_and_free():
    """Rulebook, About Guessing: a guess with a counterexample already on the board is not valid,
    costs no coin, and gets no new counterexample; the contradicting glyphs are shown."""
    s = position(2, coins=[1, 0], board=((OVAL, True), (SQUARE, False), (TWO_OVALS, True)))
    s.apply_text(0, f"study {SQUARE}")
    before = s.to_dict()
    with pytest.raises(IllegalAction, match=r"glyph 3 \(oval@0,0 oval@1.5,0\) is approved"):
        s.apply_text(0, "guess it has exactly one oval")
    assert s.to_dict() == before


def test_correct_guess_in_other_words_wins():
    """Rulebook, About Guessing: equivalent rules stated differently win; the first correct guess wins."""
    s = position(3, decree="it has no triangles", board=((OVAL, True), ("triangle@0,0", False)), coins=[1, 0, 0])
    s.apply_text(0, f"study {SQUARE}")
    s.apply_text(0, "guess it is not the case that it has a triangle")
    s.apply_text(0, "confirm")
    assert s.is_over() and s.returns() == [1.0, 0.0, 0.0]
    assert s.view(2)["decree"] == "it has no triangles"  # revealed once the game is over


RULEBOOK_EQUIVALENTS = ("a glyph must include at most 0 angles", "a glyph cannot include angles",
                        "a glyph must include exclusively ovals")


@pytest.mark.parametrize("decree, guess", [(d, g) for d in RULEBOOK_EQUIVALENTS for g in RULEBOOK_EQUIVALENTS if d != g])
def test_no_angles_and_only_ovals_are_one_decree(decree, guess):
    """Rulebook, About Guessing: "a glyph must include at most 0 angles", "a glyph cannot include
    angles" and "a glyph must include exclusively ovals" are equivalent: the mage finds no
    counterexample and the guess wins (the README's shape-set ruling)."""
    s = position(2, decree=decree, board=((OVAL, True), (SQUARE, False)), coins=[1, 0])
    s.apply_text(0, f"study {TWO_OVALS}")
    s.apply_text(0, f"guess {guess}")
    s.apply_text(0, "confirm")
    assert s.is_over() and s.returns() == [1.0, 0.0]


def test_pass_moves_play_to_the_next_apprentice_and_glyphs_stay():
    """Rulebook, Gameplay: play moves to the next player; all glyphs remain on the board."""
    s = position(3)
    s.apply_text(0, f"study {SQUARE_OVAL}")
    s.apply_text(0, "pass")
    assert s.to_move() == (1,) and len(s.boards[0].glyphs) == 3
    s.apply_text(1, f"study {TWO_OVALS}")
    s.apply_text(1, "pass")
    s.apply_text(2, f"study {OVAL}")
    s.apply_text(2, "pass")
    assert s.to_move() == (0,) and len(s.boards[0].glyphs) == 5


def test_the_decree_is_hidden_from_apprentices_and_spectators():
    s = position(2)
    s.apply_text(0, f"perform {SQUARE_OVAL}")
    for seat in (0, 1, None):
        view = json.dumps(s.view(seat))
        assert "decree" not in s.view(seat) and "it has at least one oval" not in view


def test_determinize_resamples_the_decree_consistently_with_the_marks():
    """An apprentice's determinization samples a decree that agrees with every mark on the board."""
    s = position(2, board=((OVAL, True), (SQUARE, False), (SQUARE_OVAL, True)))
    seen = set()
    for k in range(12):
        d = s.determinize(0, Rng(k))
        cond = d.decrees[0][0]
        seen.add(cond)
        for shapes, approved in s.boards[0].marks():
            assert evaluate(cond, model_of(shapes)) == approved
        assert d.view(0) == s.view(0)
    assert len(seen) > 1


def test_bad_input_changes_nothing_and_says_why():
    s = position(2)
    before = s.to_dict()
    for text, message in [
        ("perform square@0,0 square@2,0", "ambiguous"),
        ("perform", "at least one shape"),
        ("dance", "not an action here"),
        ("predict approved", "not possible now"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            s.apply_text(0, text)
    assert s.to_dict() == before


def test_player_counts_are_checked_per_mode():
    with pytest.raises(OptionError, match="exactly 2"):
        GAME.new(3, 0, {"mode": "duel"})
    with pytest.raises(OptionError, match="at least two apprentices"):
        GAME.new(2, 0, {"mage": "person"})
    with pytest.raises(OptionError, match="level"):
        GAME.new(2, 0, {"level": 9})


def test_solo_play_against_the_computer_mage():
    """The issue: one person can sit down and play alone against the computer mage."""
    s = GAME.new(1, 3, {"level": 1})
    assert s.apprentices() == [0] and s.to_move() == (0,)
    s.apply_text(0, f"perform {OVAL}")
    assert s.to_move() == (0,) and s.phase == "predict"


def test_state_survives_save_and_load_mid_guess():
    s = position(2, coins=[1, 0])
    s.apply_text(0, f"study {OVAL}")
    s.apply_text(0, "guess it has an oval")
    again = GAME.load(s.to_dict())
    assert again.to_dict() == s.to_dict() and again.guess == parse("it has at least one oval")



def test_bad_saved_positions_are_clear_errors():
    from glyphhall.engine import LoadError

    good = position(2).to_dict()
    bad_glyph = json.loads(json.dumps(good))
    bad_glyph["boards"][0][0]["glyph"] = "square@0,0 square@2,0"
    with pytest.raises(LoadError, match="ambiguous"):
        GAME.load(bad_glyph)
    bad_decree = {**good, "decrees": [["it has 2 squares"]]}
    with pytest.raises(LoadError, match="exactly 2"):
        GAME.load(bad_decree)
    bad_phase = {**good, "phase": "dancing"}
    with pytest.raises(LoadError, match="unknown phase"):
        GAME.load(bad_phase)


def test_a_full_board_ends_the_game_with_no_winner():
    """Ruling (README, "Rulings where the rulebook is silent"): the rulebook ends a game only with a
    correct guess; a board holding `glyph_limit` glyphs ends it with no winner."""
    s = position(2, glyph_limit=4)
    s.apply_text(0, f"study {TWO_OVALS}")
    assert not s.is_over()  # three glyphs
    s.apply_text(0, "pass")
    events = s.apply_text(1, f"study {SQUARE_OVAL}")
    assert s.is_over() and s.returns() == [0.0, 0.0] and not s.legal_actions(0)
    assert "nobody has guessed the decree" in events[-1].text
    assert GAME.result_text(s, ["Ann", "Bob"]).startswith("No winner")
    assert s.view(1)["decree"] == "it has at least one oval"  # revealed once the game is over


def test_without_a_glyph_limit_the_board_grows():
    s = position(2, glyph_limit=0)
    for seat in (0, 1, 0):
        s.apply_text(seat, f"study {TWO_OVALS}")
        s.apply_text(seat, "pass")
    assert not s.is_over() and len(s.boards[0].glyphs) == 5
    with pytest.raises(OptionError, match="glyph_limit"):
        GAME.new(2, 1, {"glyph_limit": -1})
