"""The apprentice bot (game-side functions the bots layer wraps)."""

from __future__ import annotations

from glyphs_helpers import OVAL, SQUARE, SQUARE_OVAL, position

from glyphhall.engine import Rng
from glyphhall.games.glyphs import GAME, apprentice


def test_choices_depend_only_on_what_the_seat_can_see():
    """Two determinizations with different sampled decrees give the same move."""
    s = position(2, board=((OVAL, True), (SQUARE, False)), coins=[1, 0])
    moves = set()
    decrees = set()
    for k in range(6):
        d = s.determinize(0, Rng(k))
        decrees.add(d.decrees[0][0])
        moves.add(str(apprentice.choose(d, 0, Rng(0))))
    assert len(decrees) > 1 and len(moves) == 1


def test_prediction_follows_the_posterior():
    s = position(2, board=((OVAL, True), (SQUARE, False), (SQUARE_OVAL, True), ("oval@0,0 oval@1.5,0", True)))
    s.apply_text(0, "perform oval@0,0 triangle@1.5,0")
    assert str(apprentice.choose(s, 0, Rng(0))) == "predict approved"


def test_glyph_choice_splits_the_hypotheses():
    """Expected information gain: the chosen glyph's predicted approval is far from certain."""
    s = position(2)
    g = apprentice.best_glyph(s, 0)
    assert 0.2 <= apprentice.predict(s, 0, g) <= 0.8


def test_guesses_early_with_a_coin_and_passes_without():
    s = position(2, board=((OVAL, True), (SQUARE, False), (SQUARE_OVAL, True), ("oval@0,0 oval@1.5,0", True),
                           ("triangle@0,0", False), ("semicircle@0,0", False)), coins=[2, 0], level=1)
    s.apply_text(0, "study hexagon@0,0")
    assert apprentice.choose(s, 0, Rng(0)).verb == "guess"
    s.coins = [0, 0]
    assert str(apprentice.choose(s, 0, Rng(0))) == "pass"


def test_bot_solves_a_level_one_decree_alone():
    s = GAME.new(1, 12, {"level": 1})
    rng = Rng(3)
    made = 0
    while not s.is_over() and made < 30:
        action = apprentice.choose(s.determinize(0, rng.fork()), 0, rng)
        made += action.verb in ("perform", "study")
        s.apply(0, action)
    assert s.is_over() and s.returns() == [1.0]


def test_heuristic_rises_as_the_board_narrows_the_decree():
    s = position(2)
    before = GAME.heuristic(s, 0)
    s.boards[0].glyphs += [[g, a, -1, "study", {}] for g, a in (
        (((0, 0, 0, 0), (0, 3, 0, 0)), True), (((2, 0, 0, 0),), False), (((6, 0, 0, 0),), False))]
    after = GAME.heuristic(s, 0)
    assert 0.0 <= before < after <= 1.0


def test_game_policy_hook_returns_a_legal_move_for_every_phase():
    s = GAME.new(3, 4, {"level": 1})
    rng = Rng(8)
    for _ in range(40):
        if s.is_over():
            break
        seat = s.to_move()[0]
        action = GAME.policy(s.determinize(seat, rng.fork()), seat, rng)
        assert s.is_legal(seat, action)
        s.apply(seat, action)
