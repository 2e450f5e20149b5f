"""Early stopping: a search ends once its most visited root action cannot be overtaken within the
budget left, and then plays exactly what the full search would have played."""

from __future__ import annotations

import pytest

from glyphhall import games
from glyphhall.bots import ask
from glyphhall.bots.mcts import STOP_CHECK_EVERY, MCTSBot, make_level, settled
from glyphhall.bots.spec import BotSpecError, make_bot
from glyphhall.bots.tree import Node
from glyphhall.engine import Action, Rng

from .games import HaystackGame, NimGame, PenniesGame, TwinsGame


def _node(visits: int) -> Node:
    node = Node()
    node.visits = visits
    return node


def test_settled_needs_a_lead_larger_than_the_iterations_left() -> None:
    root = Node()
    root.children = {"a": _node(50), "b": _node(20), "c": _node(5)}
    assert settled(root, 29)
    assert not settled(root, 30)  # the runner-up could draw level, and a tie is not decided
    root.children = {"a": _node(40)}  # widening may not have added the runner-up yet
    assert settled(root, 39) and not settled(root, 40)


@pytest.mark.parametrize("seed", range(5))
def test_a_dominant_action_stops_early_and_plays_what_the_full_search_plays(seed: int) -> None:
    state = HaystackGame().new(2, 0)
    early = MCTSBot(seed, iterations=3000, early_stop=True)
    full = MCTSBot(seed, iterations=3000)
    assert early.choose(state, 0) == full.choose(state, 0) == Action("claim")
    assert early.last_search["stopped_early"] and not full.last_search["stopped_early"]
    assert early.last_search["iterations"] < 2000
    assert full.last_search["iterations"] == 3000
    visits = early.last_search["visits"]
    lead = visits["claim"] - max(n for a, n in visits.items() if a != "claim")
    assert lead > 3000 - early.last_search["iterations"]


def test_a_time_budget_stops_early_on_a_dominant_action() -> None:
    """The decided move ends the search before the deadline (a stop on the deadline would not
    report `stopped_early`). With a time budget alone that takes a little over half of it: the
    leader must be ahead by more than the iterations the rest of the time would bring."""
    bot = MCTSBot(3, iterations=None, seconds=2.0, early_stop=True)
    assert bot.choose(HaystackGame().new(2, 0), 0) == Action("claim")
    assert bot.last_search["stopped_early"]


def test_a_balanced_position_uses_the_whole_budget() -> None:
    """Left and right are equally good (draws), so UCB keeps their visits level."""
    bot = MCTSBot(1, iterations=1000, early_stop=True)
    bot.choose(TwinsGame().new(2, 0), 0)
    assert bot.last_search["iterations"] == 1000
    assert not bot.last_search["stopped_early"]


def test_a_balanced_position_uses_the_whole_time_budget() -> None:
    bot = MCTSBot(1, iterations=None, seconds=0.2, early_stop=True)
    bot.choose(TwinsGame().new(2, 0), 0)
    assert not bot.last_search["stopped_early"]
    assert bot.last_search["seconds"] >= 0.2


def test_simultaneous_choices_never_stop_early() -> None:
    """A secret simultaneous choice is played from the average strategy, which visit counts do
    not decide."""
    bot = MCTSBot(2, iterations=600, early_stop=True)
    bot.choose(PenniesGame().new(2, 0), 0)
    assert bot.last_search["iterations"] == 600 and not bot.last_search["stopped_early"]


def test_early_stopping_searches_are_reproducible_for_a_seed() -> None:
    state = NimGame(9).new(2, 0)
    one, two = MCTSBot(7, iterations=3000, early_stop=True), MCTSBot(7, iterations=3000, early_stop=True)
    assert one.choose(state, 0) == two.choose(state, 0) == Action("take", (1,))
    assert one.last_search["iterations"] == two.last_search["iterations"]
    assert one.last_search["visits"] == two.last_search["visits"]
    assert one.last_search["iterations"] % STOP_CHECK_EVERY == 0


@pytest.mark.parametrize("game_id", ["inscription", "glyfts", "tundrus"])
def test_early_and_full_searches_agree_along_a_real_game(game_id: str) -> None:
    """Along a seeded random game, every decision of the early-stopping search is the full
    search's decision, and at least one search did stop early."""
    game = games.get(game_id)
    state = game.new(game.min_players, 5)
    rng = Rng(8)
    stops = decisions = 0
    while not state.is_over() and decisions < 6:
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        if len(movers) == 1 and len(state.legal_actions(seat)) > 1:
            early = MCTSBot(decisions, iterations=1000, cutoff=0, early_stop=True)
            full = MCTSBot(decisions, iterations=1000, cutoff=0)
            sample = state.determinize(seat, Rng(decisions))
            assert early.choose(sample.clone(), seat) == full.choose(sample.clone(), seat)
            stops += early.last_search["stopped_early"]
            decisions += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert decisions and stops


def test_levels_stop_early_unless_told_not_to() -> None:
    assert make_level("mcts", 0).early_stop
    assert not make_level("mcts", 0, early_stop=False).early_stop
    assert make_bot("mcts:early_stop=off").early_stop is False
    assert make_bot("mcts-hard:early_stop=on,iterations=50").early_stop is True
    assert not MCTSBot(0).early_stop  # a plain bot spends its budget exactly
    with pytest.raises(BotSpecError, match="on or off"):
        make_bot("mcts:early_stop=maybe")


def test_a_forced_move_reports_no_early_stop() -> None:
    bot = make_level("mcts", 0, iterations=50, seconds=None)
    state = NimGame(1).new(2, 0)
    assert ask(bot, state, 0) == Action("take", (1,))
    assert bot.last_search["iterations"] == 0 and not bot.last_search["stopped_early"]
