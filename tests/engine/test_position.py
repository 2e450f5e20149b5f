"""Positions as data: the scripted Rng and the keys every position shares (engine/position.py)."""

import pytest

from glyphhall.engine import LoadError, Rng, ScriptedRng, ScriptError, first_state
from glyphhall.engine import rng as rng_module

from .toy import GAME, PositionDuelGame


def test_scripted_dice_come_first_then_the_seeded_stream():
    rng = ScriptedRng(5, dice=[(6, 5), (2, 1), (3, 3)], strict=False)
    assert rng.randint(1, 6) == 5  # a d6 showing 5
    assert rng.below(2) == 0  # a coin (d2) showing 1: the first of two
    assert rng.choice(["a", "b", "c"]) == "c"  # a d3 showing 3: the third choice
    seeded = Rng(5)
    assert [rng.below(100) for _ in range(5)] == [seeded.below(100) for _ in range(5)]


def test_scripted_orders_are_the_next_shuffles():
    rng = ScriptedRng(1, orders=[["c", "a", "b"]], strict=False)
    deck = ["a", "b", "c"]
    rng.shuffle(deck)
    assert deck == ["c", "a", "b"]
    rng.shuffle(deck)  # the script is used up: a seeded shuffle, the same items
    assert sorted(deck) == ["a", "b", "c"]


def test_a_draw_that_does_not_fit_the_script_names_both():
    with pytest.raises(ScriptError, match="d6.*one of 4"):
        ScriptedRng(1, dice=[(6, 2)], strict=False).below(4)
    with pytest.raises(ScriptError, match="not an order"):
        ScriptedRng(1, orders=[["x", "y"]], strict=False).shuffle(["a", "b"])
    with pytest.raises(ScriptError, match="no face 7"):
        ScriptedRng(1, dice=[(6, 7)])


def test_a_clone_keeps_what_is_left_of_the_script():
    rng = ScriptedRng(3, dice=[(6, 1), (6, 2)])
    rng.randint(1, 6)
    twin = rng.clone()
    assert twin == rng and twin.randint(1, 6) == rng.randint(1, 6) == 2


def test_a_strict_script_refuses_a_draw_past_its_end():
    """Strict (the tests' default): a scenario that draws more than it scripted fails loudly."""
    rng = ScriptedRng(1, dice=[(6, 4)], orders=[["b", "a"]], strict=True)
    assert rng.randint(1, 6) == 4
    with pytest.raises(ScriptError, match=r"run out \(1 dice and 1 orders.*draws a d6"):
        rng.randint(1, 6)
    items = ["a", "b"]
    rng.shuffle(items)
    with pytest.raises(ScriptError, match="run out.*shuffles 2 things"):
        rng.shuffle(items)
    with pytest.raises(ScriptError, match="run out"):
        rng.random()


def test_an_unused_strict_script_is_reported_and_a_clone_counts_as_using_it():
    """The tests' fixture (tests/conftest.py) fails a test whose strict script is left unused; a
    clone that drew the dice (a search, an undo) counts: the script is shared."""
    rng_module.take_unfinished_scripts()
    left = ScriptedRng(1, dice=[(6, 4), (20, 13)], strict=True)
    left.randint(1, 6)
    used = ScriptedRng(1, dice=[(6, 2)], strict=True)
    used.clone().randint(1, 6)
    assert ScriptedRng(1, strict=True).strict is False, "an empty script scripts nothing"
    ScriptedRng(1, dice=[(6, 1)], strict=False)  # not strict: never reported
    assert rng_module.take_unfinished_scripts() == ["d20 13"]
    assert used.dice == [(6, 2)] and left.dice == [(20, 13)]


def test_a_position_script_is_strict_unless_it_says_otherwise():
    game, hands = PositionDuelGame(), '[position]\nhands = [[9], [1]]\n'
    strict = game.load_position(hands + '[chance]\ndice = ["d6 3"]')
    loose = game.load_position(hands + '[chance]\ndice = ["d6 3"]\nstrict = false')
    assert strict.rng.strict and not loose.rng.strict
    assert strict.rng.randint(1, 6) == loose.rng.randint(1, 6) == 3
    loose.rng.randint(1, 6)  # the seed carries on
    with pytest.raises(ScriptError, match="run out"):
        strict.rng.randint(1, 6)
    played = first_state(game, 2, 0, {}, hands + '[chance]\ndice = ["d6 3"]\nstrict = true')
    assert not played.rng.strict, "a match goes on past its script, whatever the text says"
    played.rng.randint(1, 6)
    played.rng.randint(1, 6)
    with pytest.raises(LoadError, match="'chance.strict' must be a true or false"):
        game.load_position(hands + '[chance]\nstrict = "yes"')


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
