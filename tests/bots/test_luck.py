"""Luck: where a game's heuristic already averages over a roll, the search backs up results less
the luck of the sampled dice, so a sure edge is not lost to a few lucky rolls of a gamble."""

from __future__ import annotations

import pytest

from glyphhall.bots.mcts import MCTSBot, chance_hook
from glyphhall.bots.spec import make_bot
from glyphhall.engine import Action

from .games import GambleGame, NimGame


def test_a_gamble_is_judged_by_its_expectation_not_by_sampled_dice() -> None:
    """Every backed-up result of 'gamble' is its expectation, one half, exactly."""
    state = GambleGame().new(2, 0)
    for seed in range(10):
        bot = MCTSBot(seed, iterations=60, cutoff=0)
        root = bot.search(state, 0)
        gamble = root.children[Action("gamble")]
        assert gamble.visits > 1
        assert gamble.mean() == pytest.approx(0.5, abs=1e-12)
        assert bot.choose(state, 0) == Action("safe")


def test_without_the_hook_the_dice_luck_stays_in_the_results() -> None:
    """Control: a game that does not declare the roll, or a bot told not to adjust, sees the
    sampled dice: 'gamble' is then scored one or zero per roll, not one half."""
    for game, adjust in ((GambleGame(knows_luck=False), True), (GambleGame(), False)):
        means = set()
        for seed in range(10):
            root = MCTSBot(seed, iterations=60, cutoff=0, adjust_luck=adjust).search(game.new(2, 0), 0)
            means.add(round(root.children[Action("gamble")].mean(), 9))
        assert means != {0.5}


def test_luck_is_counted_in_rollouts_too() -> None:
    """With rollouts to the end (no cut-off) the roll happens in the rollout; it is adjusted there."""
    state = GambleGame().new(2, 0)
    root = MCTSBot(3, iterations=60).search(state, 0)
    assert root.children[Action("gamble")].mean() == pytest.approx(0.5, abs=1e-12)


def test_the_hook_is_used_only_with_a_heuristic() -> None:
    assert chance_hook(GambleGame()) is not None
    assert chance_hook(NimGame(5)) is None  # no hook


def test_luck_adjustment_can_be_switched_off_by_spec() -> None:
    assert make_bot("mcts").adjust_luck
    assert not make_bot("mcts:adjust_luck=off").adjust_luck
