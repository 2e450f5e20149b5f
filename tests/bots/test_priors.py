"""Heuristic priors in the search tree (glyphhall/bots/priors.py, issue 23): with few iterations
the search plays the heuristic's move, and it leaves it only with evidence."""

from __future__ import annotations

import pytest

from glyphhall.bots import GreedyBot
from glyphhall.bots.mcts import MCTSBot, make_level
from glyphhall.bots.priors import heuristic_values
from glyphhall.bots.spec import BotSpecError, make_bot
from glyphhall.engine import Action
from tests.engine.toy import GAME as TOY

from .games import GambleGame, LadderGame, NimGame


@pytest.mark.parametrize("stones", [5, 7, 11, 12, 23])
def test_few_iterations_play_the_heuristics_move(stones: int) -> None:
    """Nim's misleading heuristic wants 2 stones modulo 4 left; a search of 12 iterations with
    priors plays that move (the heuristic bot's), rollouts notwithstanding."""
    state = NimGame(stones, misleading_heuristic=True).new(2, 0)
    greedy = GreedyBot(0).choose(state, 0)
    assert greedy == Action("take", ((stones - 2) % 4,))
    for seed in range(5):
        assert MCTSBot(seed, iterations=12, prior="heuristic").choose(state, 0) == greedy


def test_with_enough_evidence_the_search_leaves_the_heuristics_move() -> None:
    """Played out to the end, 9 stones are won by taking 1 (leaving 8), not the heuristic's 3."""
    state = NimGame(9, misleading_heuristic=True).new(2, 0)
    assert GreedyBot(0).choose(state, 0) == Action("take", (3,))
    bot = MCTSBot(1, iterations=3000, prior="heuristic", prior_weight=4)
    assert bot.choose(state, 0) == Action("take", (1,))


def test_widening_adds_the_heuristics_favourites_first() -> None:
    """Among 300 actions of one verb the few children made are the best by the heuristic, and the
    best is played; without priors they are drawn at random."""
    state = LadderGame().new(2, 0)
    bot = MCTSBot(3, iterations=40, prior="heuristic")
    root = bot.search(state, 0)
    rungs = sorted((int(a.args[0]) for a in root.children), reverse=True)
    assert 1 < len(rungs) <= 20
    assert rungs == list(range(299, 299 - len(rungs), -1))
    assert bot.choose(state, 0) == Action("pick", (299,))
    plain = MCTSBot(3, iterations=40).search(state, 0)
    assert Action("pick", (299,)) not in plain.children  # control: random widening misses it


def test_priors_are_the_one_step_heuristic_and_a_roll_is_scored_before_its_dice() -> None:
    state = NimGame(7, misleading_heuristic=True).new(2, 0)
    values = heuristic_values(state, 0, state.legal_actions(0), None)
    assert values == {Action("take", (1,)): 0.9, Action("take", (2,)): 0.1, Action("take", (3,)): 0.1}
    game = GambleGame()
    state = game.new(2, 0)
    state.apply(0, Action("gamble"))
    for seed in range(8):  # whatever the die would show, the roll's prior is the heuristic before it
        state.rng.state = seed + 1
        assert heuristic_values(state, 0, [Action("roll")], game.heuristic_averages_chance) == {Action("roll"): 0.5}
    assert state.die == 0  # scoring changed nothing


def test_levels_follow_a_games_search_prior_and_explicit_settings_win() -> None:
    class Hinted(NimGame):
        search_prior = {"mcts": 6, "mcts-hard": 12}

    hinted = Hinted(9, misleading_heuristic=True)
    assert make_level("mcts", 0).prior_weight_for(hinted) == 6.0
    assert make_level("mcts-hard", 0).prior_weight_for(hinted) == 12.0
    assert make_level("mcts-easy", 0).prior_weight_for(hinted) is None  # a level not named: none
    assert make_level("mcts", 0).prior_weight_for(NimGame(9, misleading_heuristic=True)) is None
    assert make_level("mcts", 0, prior=None).prior_weight_for(hinted) is None
    assert make_level("mcts", 0, prior_weight=2.0).prior_weight_for(hinted) == 2.0
    assert MCTSBot(0).prior_weight_for(hinted) is None  # plain bots ignore hints
    assert MCTSBot(0, prior="heuristic").prior_weight_for(TOY) is None  # no heuristic, no prior


def test_priors_by_spec_and_bad_settings_are_refused() -> None:
    bot = make_bot("mcts:iterations=50,seconds=none,prior=heuristic,prior_weight=8")
    assert (bot.prior, bot.prior_weight) == ("heuristic", 8.0)
    assert make_bot("mcts:prior=off").prior is None
    with pytest.raises(BotSpecError, match="heuristic or off"):
        make_bot("mcts:prior=oracle")
    with pytest.raises(BotSpecError, match="positive number of visits"):
        make_bot("mcts:prior_weight=0")
    with pytest.raises(ValueError, match="prior must be heuristic"):
        MCTSBot(0, prior="oracle")
