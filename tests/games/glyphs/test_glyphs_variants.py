"""The two-player variant (rulebook slides 9-10) and a person as mage."""

from __future__ import annotations

import json

import pytest
from glyphs_helpers import OVAL, SQUARE, SQUARE_OVAL, TWO_OVALS, glyph

from glyphhall.engine import IllegalAction, Rng
from glyphhall.games.glyphs import GAME
from glyphhall.games.glyphs.decrees.english import render
from glyphhall.games.glyphs.decrees.parser import parse
from glyphhall.games.glyphs.decrees.semantics import evaluate
from glyphhall.games.glyphs.pool import model_of


def duel(decrees=2, **options):
    return GAME.new(2, 5, {"mode": "duel", "decrees": decrees, "level": 1, **options})


def set_decrees(s, lists):
    """Give each mage a decree list and rebuild the opening boards for them."""
    s.decrees = [[parse(t) for t in lst] for lst in lists]
    s.solved = [0, 0]
    from glyphhall.games.glyphs.opening import open_duel_boards
    from glyphhall.games.glyphs.state import Board

    s.boards = [Board(), Board()]
    open_duel_boards(s)


def test_duel_setup_two_coins_each_and_opening_glyphs_on_each_side():
    """Rulebook, Game Setup (Two Player Variant): two coins each; each mage makes two glyphs on
    the opponent's side, one obeying their first decree and one not; decree tokens 1..N."""
    s = duel(3)
    assert s.coins == [2, 2]
    for p in (0, 1):
        assert len(s.decrees[p]) == 3
        marks = s.boards[p].marks()
        assert sorted(a for _, a in marks) == [False, True]
        for shapes, approved in marks:
            assert evaluate(s.decree_for(p), model_of(shapes)) == approved
    assert s.view(0)["decrees_left"] == [3, 3]


def test_duel_each_mage_sees_only_their_own_decrees():
    s = duel(2)
    mine = s.view(0)["my_decrees"]
    assert mine == [render(c) for c in s.decrees[0]]
    theirs = json.dumps(s.view(0))
    for c in s.decrees[1]:
        if render(c) not in mine:
            assert render(c) not in theirs


def test_duel_glyph_is_marked_by_the_other_mages_decree():
    """Rulebook, Gameplay (Two Player Variant): make a glyph on your side; the other mage marks it
    according to their current decree."""
    s = duel(2)
    set_decrees(s, [["it has at least one square", "it has no hexagons"], ["it has at least one oval", "it has no squares"]])
    s.apply_text(0, f"build {OVAL}")
    assert s.boards[0].glyphs[-1][1] is True  # seat 1's decree: at least one oval
    assert s.phase == "guess"


def test_duel_guess_pays_the_other_mage_and_wrong_guess_gets_a_counterexample():
    """Rulebook: give a coin to the other mage; if incorrect the other mage makes a counterexample."""
    s = duel(2)
    set_decrees(s, [["it has at least one square", "it has no hexagons"], ["it has at least one oval", "it has no squares"]])
    s.apply_text(0, f"build {SQUARE_OVAL}")
    s.apply_text(0, "guess it has exactly one oval")
    s.apply_text(0, "confirm")
    assert s.coins == [1, 3] and sum(s.coins) == 4  # no coins are introduced
    assert s.boards[0].glyphs[-1][3] == "counterexample"


def test_duel_correct_guess_clears_the_side_and_opens_the_next_decree():
    """Rulebook, Two Player Variant 2.1: correct and more decrees remain: clear the glyphs and the
    highest decree token from your side; the other mage makes two starting glyphs for the next."""
    s = duel(2)
    set_decrees(s, [["it has at least one square", "it has no hexagons"], ["it has at least one oval", "it has no squares"]])
    s.apply_text(0, f"build {SQUARE_OVAL}")
    s.apply_text(0, "guess it has an oval")
    s.apply_text(0, "confirm")
    assert s.solved == [1, 0] and s.view(0)["decrees_left"] == [1, 2]
    glyphs = s.boards[0].glyphs
    assert len(glyphs) == 2 and all(g[3] == "opening" for g in glyphs)
    for shapes, approved in s.boards[0].marks():
        assert evaluate(parse("it has no squares"), model_of(shapes)) == approved
    assert s.phase == "guess" and s.to_move() == (0,)  # may keep guessing with the coin left


def test_duel_guessing_the_last_decree_wins():
    """Rulebook, Two Player Variant 2.1: correct on the other mage's last decree wins."""
    s = duel(1)
    set_decrees(s, [["it has at least one square"], ["it has at least one oval"]])
    s.apply_text(0, f"build {SQUARE}")
    s.apply_text(0, "pass")
    s.apply_text(1, f"build {OVAL}")
    s.apply_text(1, "guess it has a square")
    s.apply_text(1, "confirm")
    assert s.is_over() and s.returns() == [0.0, 1.0]


def test_duel_players_enter_their_decree_lists_secretly_and_at_once():
    """Rulebook, Game Setup (Two Player Variant): each mage selects a list of decrees."""
    s = GAME.new(2, 1, {"mode": "duel", "duel_decrees": "players", "decrees": 1})
    assert set(s.to_move()) == {0, 1}
    events = s.apply_text(1, "decree it has no squares")
    assert all("no squares" not in e.text for e in events if e.visible_to(0))
    s.apply_text(0, "decree it has an oval")
    assert s.phase == "opening" and set(s.to_move()) == {0, 1}
    s.apply_text(0, "auto")
    s.apply_text(1, "auto")
    assert s.phase == "build" and len(s.boards[0].glyphs) == 2 and len(s.boards[1].glyphs) == 2


def test_duel_determinize_resamples_only_the_opponents_decrees():
    s = duel(2)
    samples = {tuple(s.determinize(0, Rng(k)).decrees[1]) for k in range(8)}
    assert len(samples) > 1
    assert all(s.determinize(0, Rng(k)).decrees[0] == s.decrees[0] for k in range(3))


def test_person_mage_decree_is_seen_only_by_the_mage():
    s = GAME.new(3, 1, {"mage": "person"})
    events = s.apply_text(0, "decree it has at least two shapes")
    assert s.view(0)["decree"] == "it has at least two shapes"
    assert "decree" not in s.view(1)
    assert all("two shapes" not in e.text for e in events if e.visible_to(1))


def test_person_mage_decree_that_nothing_breaks_is_refused():
    """A decree must leave room for the opening board: one approved and one rejected glyph."""
    s = GAME.new(3, 1, {"mage": "person"})
    with pytest.raises(IllegalAction, match="every glyph obeys"):
        s.apply_text(0, "decree it has at least one shape")
    with pytest.raises(IllegalAction, match="no glyph obeys"):
        s.apply_text(0, "decree it has at least seven shapes")


def test_hand_marking_mage_places_marks_and_answers_guesses():
    """A person mage who marks by hand: the engine checks what it can (valid glyphs, one approved
    and one rejected opening, a counterexample must really contradict the guess)."""
    s = GAME.new(3, 1, {"mage": "person", "marking": "hand"})
    s.apply_text(0, f"place approved {OVAL}")
    with pytest.raises(IllegalAction, match="already has its approved glyph"):
        s.apply_text(0, f"place approved {TWO_OVALS}")
    s.apply_text(0, f"place rejected {SQUARE}")
    assert s.to_move() == (1,)
    s.apply_text(1, f"perform {SQUARE_OVAL}")
    s.apply_text(1, "predict approved")
    s.apply_text(2, "predict rejected")
    assert s.to_move() == (0,) and s.phase == "mark"
    s.apply_text(0, "mark approved")
    assert s.coins == [0, 1, 0]
    s.apply_text(1, "guess it has exactly one oval")
    s.apply_text(1, "confirm")
    assert s.phase == "counter" and s.to_move() == (0,)
    with pytest.raises(IllegalAction, match="no counterexample"):
        s.apply_text(0, f"counterexample rejected {TWO_OVALS}")  # the guess rejects it too
    s.apply_text(0, f"counterexample approved {TWO_OVALS}")
    assert s.boards[0].glyphs[-1][0] == glyph(TWO_OVALS) and s.phase == "guess"


def test_hand_marking_mage_concedes_a_correct_guess():
    s = GAME.new(3, 1, {"mage": "person", "marking": "hand"})
    s.apply_text(0, f"place approved {OVAL}")
    s.apply_text(0, f"place rejected {SQUARE}")
    s.coins[1] = 1
    s.apply_text(1, f"study {TWO_OVALS}")
    s.apply_text(0, "mark approved")
    s.apply_text(1, "guess it has an oval")
    s.apply_text(1, "confirm")
    s.apply_text(0, "concede")
    assert s.is_over() and s.returns() == [0.0, 1.0, 0.0]


@pytest.mark.parametrize("options, players", [
    ({"mode": "duel", "level": 1, "decrees": 1}, 2),
    ({"mage": "person"}, 3),
    ({"mage": "person", "marking": "hand"}, 3),
    ({"mode": "duel", "marking": "hand", "decrees": 2}, 2),
    ({"mode": "duel", "duel_decrees": "players", "decrees": 2}, 2),
    ({"level": 3}, 3),
    ({"question_tokens": "on", "sorting": "agreed"}, 3),
])
def test_random_play_in_every_mode_keeps_the_contract(options, players):
    """Seeded random play in each variant: legal actions apply, views stay JSON, coins never go
    negative, save/load round-trips (hand-marked games may run long, so play is capped)."""
    s = GAME.new(players, 2, options)
    rng = Rng(4)
    for _ in range(150):
        if s.is_over():
            break
        seat = rng.choice(s.to_move())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert min(s.coins) >= 0
        json.dumps(s.view(seat))
        if options.get("mode") == "duel":
            assert sum(s.coins) == 4
    assert GAME.load(json.loads(json.dumps(s.to_dict()))).to_dict() == s.to_dict()


def test_hand_marking_mage_cannot_mark_the_same_glyph_two_ways():
    """The engine checks what it can for a hand-marking mage: one glyph, one mark."""
    s = GAME.new(3, 1, {"mage": "person", "marking": "hand"})
    s.apply_text(0, f"place approved {OVAL}")
    s.apply_text(0, f"place rejected {SQUARE}")
    s.apply_text(1, f"study {OVAL}")
    with pytest.raises(IllegalAction, match="glyph 1 is the same glyph and is marked approved"):
        s.apply_text(0, "mark rejected")
    s.apply_text(0, "mark approved")
