"""Glyphs positions as data (README, "Positions"): position, actions, expected events and view."""

from pathlib import Path

import pytest

from glyphhall.engine import LoadError
from glyphhall.games.glyphs import GAME

TEACHING = Path(__file__).parents[3] / "glyphhall/games/glyphs/positions/one-oval.toml"

GUESS = """
players = 3
[position]
decree = "it has at least one oval"
turn = 1
step = "guess"
coins = [0, 1, 0]
[[boards]]
glyphs = [{ glyph = "oval@0,0", mark = "approved" }, { glyph = "square@0,0", mark = "rejected" }]
"""


def test_a_right_guess_typed_after_the_list_was_shown_wins():
    st = GAME.load_position(GUESS)
    assert "guess it has at least one oval" not in [str(a) for a in st.legal_actions(1)]  # a subset is listed
    st.apply_text(1, "guess it has at least one oval")  # ... and anything typed is checked directly
    events = [e.text for e in st.apply_text(1, "confirm")]
    assert events[-1].startswith("seat 1 wins: the guess 'it has at least one oval' is correct (proven equivalent)")
    assert st.returns() == [0.0, 1.0, 0.0]


def test_the_teaching_position_file():
    st = GAME.load_position(TEACHING.read_text())
    view = st.view(1)
    assert st.to_move() == (1,) and view["coins"] == [0, 1, 0] and "decree" not in view
    assert [g["glyph"] for g in view["boards"][0]] == ["oval@0,0", "square@0,0", "oval@0,0 square@1.5,0"]


def test_bad_positions_are_refused_with_the_reason():
    wrong_mark = GUESS.replace('mark = "rejected"', 'mark = "approved"')
    with pytest.raises(LoadError, match="glyph 2: the decree marks it rejected"):
        GAME.load_position(wrong_mark)
    with pytest.raises(LoadError, match="glyph 1"):
        GAME.load_position(GUESS.replace("oval@0,0", "blob@0,0", 1))
    with pytest.raises(LoadError, match="'position.step'"):
        GAME.load_position(GUESS.replace('step = "guess"', 'step = "over"'))
    with pytest.raises(LoadError, match="does not make glyphs"):
        GAME.load_position(GUESS.replace("turn = 1", "turn = 7"))
