"""The checked `apply` uses the legal actions its caller just listed instead of listing them
again, and never accepts what the state does not allow now."""

from collections import Counter

import pytest

from glyphhall.engine import Action, IllegalAction, Rng
from tests.engine.toy import GAME as TOY


def test_an_action_listed_for_the_seat_is_applied_without_a_second_listing(monkeypatch):
    state = TOY.new(2, seed=3)
    legal = state.legal_actions(0)
    calls = []
    monkeypatch.setattr(type(state), "is_legal", lambda self, seat, action: calls.append(seat) or True)
    state.apply(0, legal[0])
    assert calls == []


def test_after_a_change_the_old_list_is_not_trusted():
    state = TOY.new(2, seed=3)
    legal = state.legal_actions(0)
    state.apply(0, legal[0])
    # seat 0 has chosen; the card it played is no longer legal, nor is any move of seat 0
    with pytest.raises(IllegalAction):
        state.apply(0, legal[1])


def test_a_list_made_for_another_seat_is_not_used_for_this_one():
    state = TOY.new(2, seed=3)
    theirs = state.legal_actions(1)
    mine = {str(a) for a in state.legal_actions(0)}
    state.legal_actions(1)
    foreign = next(a for a in theirs if str(a) not in mine)
    with pytest.raises(IllegalAction):
        state.apply(0, foreign)


def test_an_equal_action_made_anew_is_accepted_and_a_non_action_refused():
    state = TOY.new(2, seed=3)
    legal = state.legal_actions(0)
    copy = Action(legal[0].verb, legal[0].args)
    assert copy is not legal[0]
    state.clone().apply(0, copy)
    with pytest.raises(IllegalAction):
        state.apply(0, str(legal[0]))  # text, not an Action


def test_a_state_changed_by_hand_is_checked_again_after_forget_legal():
    state = TOY.new(2, seed=3)
    legal = state.legal_actions(0)
    state.hands[0] = [x for x in state.hands[0] if x != legal[0].args[0]]
    state.forget_legal()
    with pytest.raises(IllegalAction):
        state.apply(0, legal[0])


def test_the_default_sample_is_uniform_over_the_legal_actions():
    state = TOY.new(2, seed=5)
    legal = state.legal_actions(0)
    rng = Rng(11)
    draws = Counter(state.sample_action(0, rng) for _ in range(3000))
    assert set(draws) == set(legal)
    for action in legal:  # 1,000 expected each; 5 standard deviations is about 130
        assert abs(draws[action] - 1000) < 130


def test_an_action_the_game_accepts_without_listing_it_is_still_asked_of_is_legal(monkeypatch):
    """Heroscape's `move FIG HEX` is legal but not among the listed step actions."""
    state = TOY.new(2, seed=3)
    state.legal_actions(0)
    shortcut = Action("play-best")
    monkeypatch.setattr(type(state), "is_legal", lambda self, seat, action: action == shortcut)
    monkeypatch.setattr(type(state), "_apply", lambda self, seat, action: [])
    assert state.apply(0, shortcut) == []
