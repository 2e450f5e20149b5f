"""Root-parallel search (bots/roots.py, issue 23: "both cores used where the search can share
work"): a level's budget shared between trees grown from their own seeds, the move chosen by the
visits summed over them, the same move whether the trees grow one after another or at once."""

from __future__ import annotations

import asyncio

import pytest

from glyphhall.bots import ask, roots
from glyphhall.bots.base import sample_for
from glyphhall.bots.mcts import LEVELS, MCTSBot, make_level
from glyphhall.bots.spec import BotSpecError, make_bot
from glyphhall.games.glyfts import GAME as GLYFTS
from glyphhall.games.inscription import GAME as INSCRIPTION
from glyphhall.server.tables import botpool
from glyphhall.server.tables.botpool import BotPool, choose_in_worker, grow_in_worker
from glyphhall.server.tables.catalog import game_locator

from .games import NimGame, PenniesGame


def _open_position(game, seed: int):
    """A position of `game` where the seat to move has several choices."""
    state = game.new(2, seed)
    while len(state.legal_actions(state.to_move()[0])) < 2:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state, state.to_move()[0]


def test_the_summed_visits_choose_not_one_trees_favourite() -> None:
    first = {"a": (10, 0.9), "b": (8, 0.5)}
    second = {"a": (1, 0.1), "b": (9, 0.6), "c": (3, 1.0)}
    assert roots.best([first, second]) == "b"  # 17 visits against 11
    assert roots.best([{"a": (5, 0.2)}, {"b": (5, 0.7)}]) == "b"  # a tie goes to the better mean
    with pytest.raises(ValueError):
        roots.best([{}, {}])


def test_the_trees_share_the_budget_and_grow_from_seeds_of_their_own() -> None:
    state, seat = _open_position(GLYFTS, 4)
    bot = make_level("mcts", 7, iterations=400, seconds=None, early_stop=False)
    assert bot.roots == LEVELS["mcts"]["roots"] == 2
    ask(bot, state, seat)
    assert bot.last_search["trees"] == 2
    assert bot.last_search["iterations"] == 400  # 200 a tree
    assert roots.tree_seed(bot.rng, 0) != roots.tree_seed(bot.rng, 1)
    # An odd budget is rounded up, never down to nothing.
    assert make_level("mcts", 0, iterations=5, roots=2).iterations_for(GLYFTS) == 5
    tree = make_level("mcts", 0, iterations=5)
    tree.share = 2
    assert tree.iterations_for(GLYFTS) == 3


@pytest.mark.parametrize("game", [GLYFTS, INSCRIPTION], ids=lambda g: g.id)
def test_growing_the_trees_at_once_plays_the_move_grown_one_after_another(game) -> None:
    for seed in range(3):
        state, seat = _open_position(game, seed)
        one_after_another = str(ask(make_level("mcts", seed, iterations=300, seconds=None), state, seat))
        bot = make_level("mcts", seed, iterations=300, seconds=None)
        sample = sample_for(bot, state, seat)
        grown = [roots.grow(bot, sample, seat, index, at_once=True) for index in range(bot.roots)]
        assert roots.best([stats for stats, _ in grown]) == one_after_another
        assert all(0 < figures["iterations"] <= 150 for _, figures in grown)  # half the budget each


def test_forced_and_simultaneous_choices_are_not_shared() -> None:
    bot = MCTSBot(0, iterations=100, roots=2)
    nim = NimGame(1).new(2, 0)  # one stone: one legal move
    assert not roots.splits(bot, nim, nim.to_move()[0])
    pennies = PenniesGame().new(2, 0)  # matching pennies: played from a mixed strategy
    assert not roots.splits(bot, pennies, 0)
    assert roots.splits(bot, NimGame(9).new(2, 0), 0)
    assert not roots.splits(MCTSBot(0, iterations=100), NimGame(9).new(2, 0), 0)


def test_the_number_of_trees_is_a_setting() -> None:
    assert make_bot("mcts-hard:roots=1").roots == 1
    assert make_bot("mcts:roots=4,iterations=40,seconds=none").roots == 4
    with pytest.raises(BotSpecError, match="roots"):
        make_bot("mcts:roots=0")


def test_the_server_grows_a_levels_trees_in_its_workers(monkeypatch) -> None:
    """The workers' answers chosen from as the bot itself chooses (in this process, with the time
    ceiling off so that the load cannot change the move)."""
    monkeypatch.setitem(LEVELS["mcts"], "seconds", None)
    monkeypatch.setattr(GLYFTS, "search_iterations", {**GLYFTS.search_iterations, "mcts": 300})
    locator = game_locator(GLYFTS)
    for seed in range(2):
        state, seat = _open_position(GLYFTS, seed)
        grown = [grow_in_worker(locator, state.to_dict(), seat, "mcts", seed, index) for index in range(2)]
        assert all(isinstance(tree, dict) for tree in grown)
        assert roots.best(grown) == choose_in_worker(locator, state.to_dict(), seat, "mcts", seed)
    # A decision that is not shared: the first tree answers with the move, the other with nothing.
    nim = NimGame(1)
    monkeypatch.setattr(botpool, "_GAMES", {("tests", "nim"): nim})
    state = nim.new(2, 0)
    assert grow_in_worker(("tests", "nim"), state.to_dict(), 0, "mcts", 0, 0) == "take 1"
    assert grow_in_worker(("tests", "nim"), state.to_dict(), 0, "mcts", 0, 1) is None


def test_the_bot_pool_plays_a_legal_move_with_two_workers() -> None:
    state, seat = _open_position(GLYFTS, 2)
    pool = BotPool(2)
    try:
        text = asyncio.run(pool.choose(GLYFTS, state.to_dict(), seat, "mcts-easy", 1))
        assert text in {str(a) for a in state.legal_actions(seat)}
        text = asyncio.run(pool.choose(GLYFTS, state.to_dict(), seat, "mcts", 1))
        assert text in {str(a) for a in state.legal_actions(seat)}
    finally:
        pool.close()
