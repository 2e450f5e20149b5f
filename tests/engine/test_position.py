"""Positions as data: the scripted Rng and the keys every position shares (engine/position.py)."""

import pytest

from glyphhall.engine import LoadError, Rng, ScriptedRng, ScriptError

from .toy import GAME


def test_scripted_dice_come_first_then_the_seeded_stream():
    rng = ScriptedRng(5, dice=[(6, 5), (2, 1), (3, 3)])
    assert rng.randint(1, 6) == 5  # a d6 showing 5
    assert rng.below(2) == 0  # a coin (d2) showing 1: the first of two
    assert rng.choice(["a", "b", "c"]) == "c"  # a d3 showing 3: the third choice
    seeded = Rng(5)
    assert [rng.below(100) for _ in range(5)] == [seeded.below(100) for _ in range(5)]


def test_scripted_orders_are_the_next_shuffles():
    rng = ScriptedRng(1, orders=[["c", "a", "b"]])
    deck = ["a", "b", "c"]
    rng.shuffle(deck)
    assert deck == ["c", "a", "b"]
    rng.shuffle(deck)  # the script is used up: a seeded shuffle, the same items
    assert sorted(deck) == ["a", "b", "c"]


def test_a_draw_that_does_not_fit_the_script_names_both():
    with pytest.raises(ScriptError, match="d6.*one of 4"):
        ScriptedRng(1, dice=[(6, 2)]).below(4)
    with pytest.raises(ScriptError, match="not an order"):
        ScriptedRng(1, orders=[["x", "y"]]).shuffle(["a", "b"])
    with pytest.raises(ScriptError, match="no face 7"):
        ScriptedRng(1, dice=[(6, 7)])


def test_a_clone_keeps_what_is_left_of_the_script():
    rng = ScriptedRng(3, dice=[(6, 1), (6, 2)])
    rng.randint(1, 6)
    twin = rng.clone()
    assert twin == rng and twin.randint(1, 6) == rng.randint(1, 6) == 2


def test_shared_keys_are_checked_with_their_names():
    with pytest.raises(LoadError, match="for game 'chess'"):
        GAME.load_position('game = "chess"')
    with pytest.raises(LoadError, match="not valid TOML"):
        GAME.load_position("players = ")
    with pytest.raises(LoadError, match="'seed' must be a whole number"):
        GAME.load_position('seed = "seven"')
    with pytest.raises(LoadError, match="like 'd6 5'"):
        GAME.load_position('[chance]\ndice = ["six"]')
    with pytest.raises(LoadError, match="'chance.faces'"):
        GAME.load_position("[chance]\nfaces = 3")
    with pytest.raises(LoadError, match="no position format yet"):  # the toy game has none
        GAME.load_position("seed = 3")
