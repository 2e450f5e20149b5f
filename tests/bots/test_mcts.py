"""Information-set MCTS: it plays well where it should and cannot cheat where it must not."""

from __future__ import annotations

import pytest

from glyphhall import bots
from glyphhall.bots import ask
from glyphhall.bots.mcts import LEVELS, ROLLOUT_GUARD, MCTSBot, make_level
from glyphhall.engine import Action
from tests.engine.toy import GAME as TOY

from .games import (
    BetGame,
    GuessGame,
    HaystackGame,
    KingGame,
    NimGame,
    PeekingGuessGame,
    PenniesGame,
    TwoCoinGame,
)


def _guess_hits(game, games: int = 60) -> int:
    hits = 0
    for seed in range(games):
        state = game.new(2, seed)
        bot = MCTSBot(seed, iterations=90)
        state.apply(0, ask(bot, state, 0))
        hits += state.returns()[0] == 1.0
    return hits


def test_bot_cannot_reach_the_hidden_secret() -> None:
    """A bot that saw the secret would always win Guess; through `ask` it is down to chance (1/9)."""
    assert _guess_hits(GuessGame()) <= 20  # chance is about 7 of 60


def test_the_secret_test_would_catch_a_leaking_determinize() -> None:
    """Control for the test above: where determinize leaks the secret, the same search finds it."""
    assert _guess_hits(PeekingGuessGame()) == 60


def test_bot_does_not_foresee_dice_drawn_from_the_state_rng() -> None:
    """`determinize` clones the state's rng; the search must not use it to foresee the die."""
    game = BetGame()
    wins = 0
    for seed in range(60):
        state = game.new(2, seed)
        state.apply(0, ask(MCTSBot(seed, iterations=40), state, 0))
        wins += state.returns()[0] == 1.0
    assert 15 <= wins <= 45  # a bot that knew the die would win all 60


def test_bet_control_knowing_the_rng_wins_every_time() -> None:
    """Control: a search handed the true state (bypassing `ask`, which determinizes and so
    reseeds the chance stream) would win every Bet."""

    class Clairvoyant(MCTSBot):
        def _fresh_sample(self, state, seat):
            return state.clone()

    game = BetGame()
    for seed in range(20):
        state = game.new(2, seed)
        state.apply(0, Clairvoyant(seed, iterations=40).choose(state, 0))
        assert state.returns()[0] == 1.0


@pytest.mark.parametrize("stones, winning", [(5, 1), (6, 2), (7, 3), (9, 1)])
def test_finds_the_winning_move_in_nim(stones: int, winning: int) -> None:
    state = NimGame(stones).new(2, 0)
    assert MCTSBot(3, iterations=3000).choose(state, 0) == Action("take", (winning,))


def test_cutoff_rollouts_score_with_the_game_heuristic() -> None:
    """With cut-off 0 every leaf is judged by the heuristic alone, which here misleads toward
    leaving 2 modulo 4 (taking 3 of 41, losing); without the cut-off the search plays out to
    the end and finds the winning 'take 1' (of 9)."""
    state = NimGame(41, misleading_heuristic=True).new(2, 0)
    assert MCTSBot(1, iterations=200, cutoff=0).choose(state, 0) == Action("take", (3,))
    state = NimGame(9, misleading_heuristic=True).new(2, 0)
    assert MCTSBot(1, iterations=3000).choose(state, 0) == Action("take", (1,))


def test_cutoff_is_ignored_when_the_game_has_no_heuristic() -> None:
    state = NimGame(9).new(2, 0)
    assert MCTSBot(1, iterations=3000, cutoff=0).choose(state, 0) == Action("take", (1,))


def test_multiplayer_edges_are_scored_for_the_seat_that_chose_them() -> None:
    """Seat 1 will crown itself, so seat 0 must prefer sharing to gambling."""
    state = KingGame().new(3, 0)
    bot = MCTSBot(0, iterations=500)
    assert bot.choose(state, 0) == Action("share")
    gamble = state.clone()
    gamble.apply(0, Action("gamble"))
    assert bot.choose(gamble, 1) == Action("crown", (1,))


def test_simultaneous_moves_do_not_let_the_later_seat_see_the_earlier_choice() -> None:
    """Matching pennies is worth one half to each seat. If seat 1 could react to seat 0's coin in
    the tree, both of seat 0's coins would look lost."""
    state = PenniesGame().new(2, 0)
    bot = MCTSBot(4, iterations=3000)
    root = bot.search(state, 0)
    for action in (Action("heads"), Action("tails")):
        assert root.children[action].mean() > 0.3


def test_a_seat_with_several_secret_choices_stays_unseen_until_the_phase_ends() -> None:
    """Two-coin pennies: seat 0 lays both its coins before seat 1 lays any in the tree; seat 1
    must still not see seat 0's first coin, or both of seat 0's first coins would look lost."""
    state = TwoCoinGame().new(2, 0)
    root = MCTSBot(4, iterations=4000).search(state, 0)
    for action in (Action("heads"), Action("tails")):
        assert root.children[action].mean() > 0.3


def test_simultaneous_search_from_the_later_seat_too() -> None:
    """After seat 0 chose in secret, seat 1 searches over determinized coins of seat 0."""
    state = PenniesGame().new(2, 0)
    state.apply(0, Action("heads"))
    bot = MCTSBot(4, iterations=400)
    root = bot.search(state, 1)
    for action in (Action("heads"), Action("tails")):
        assert 0.25 < root.children[action].mean() < 0.75


def test_progressive_widening_tries_a_rare_verb_early() -> None:
    """Among 300 'fiddle' actions the single 'claim' is found within a small budget, and the
    root stays narrow."""
    state = HaystackGame().new(2, 0)
    bot = MCTSBot(2, iterations=60)
    root = bot.search(state, 0)
    assert Action("claim") in root.children
    assert len(root.children) < 40
    assert bot.choose(state, 0) == Action("claim")


def test_iteration_budget_is_exact_and_search_is_reproducible() -> None:
    state = TOY.new(2, 7)
    one, two = MCTSBot(11, iterations=123), MCTSBot(11, iterations=123)
    assert one.choose(state, 0) == two.choose(state, 0)
    assert one.last_search["iterations"] == 123
    assert one.last_search["visits"] == two.last_search["visits"]
    assert sum(one.last_search["visits"].values()) == 123


def test_time_budget_stops_the_search() -> None:
    bot = MCTSBot(0, iterations=None, seconds=0.05)
    action = bot.choose(TOY.new(2, 1), 0)
    assert action in TOY.new(2, 1).legal_actions(0)
    assert bot.last_search["iterations"] > 0


def test_a_forced_move_needs_no_search() -> None:
    state = NimGame(1).new(2, 0)
    bot = MCTSBot(0, iterations=50)
    assert bot.choose(state, 0) == Action("take", (1,))
    assert bot.last_search["iterations"] == 0


@pytest.mark.parametrize(
    "kwargs", [{"iterations": None, "seconds": None}, {"iterations": 0}, {"seconds": -1.0}]
)
def test_bad_budgets_are_refused(kwargs) -> None:
    with pytest.raises(ValueError):
        MCTSBot(0, **kwargs)


def test_levels_are_registered_by_name() -> None:
    for level in LEVELS:
        bot = bots.make(level, 5)
        assert isinstance(bot, MCTSBot) and bot.name == level
    assert {"mcts-easy", "mcts", "mcts-hard"} <= set(bots.names())
    hard, easy = bots.make("mcts-hard"), bots.make("mcts-easy")
    assert hard.seconds > easy.seconds


def test_a_level_plays_a_whole_toy_game() -> None:
    state = TOY.new(2, 3)
    players = [make_level("mcts-easy", 1, iterations=30, seconds=None), bots.make("random", 2)]
    while not state.is_over():
        for seat in state.to_move():
            state.apply(seat, ask(players[seat], state, seat))
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


def test_a_simultaneous_choice_is_mixed_not_fixed() -> None:
    """In matching pennies any fixed coin can be exploited: over many searches both coins are
    played (drawn from the average regret-matching strategy)."""
    state = PenniesGame().new(2, 0)
    picks = {str(MCTSBot(seed, iterations=300).choose(state, 0)) for seed in range(12)}
    assert picks == {"heads", "tails"}


def test_greedy_bot_does_not_foresee_dice() -> None:
    """The engine reseeds every determinization's rng, so even a one-step lookahead through
    `ask` cannot see the real die."""
    game = BetGame()
    wins = 0
    for seed in range(60):
        state = game.new(2, seed)
        state.apply(0, ask(bots.make("heuristic", seed), state, 0))
        wins += state.returns()[0] == 1.0
    assert wins <= 45


def test_policy_bot_plays_the_games_own_strategy() -> None:
    """A game may offer `policy(state, seat, rng)`; the 'policy' bot plays it."""

    class Coached(NimGame):
        def policy(self, state, seat, rng):
            return Action("take", (state.stones % 4 or 1,))

    bot = bots.make("policy", 0)
    assert bot.choose(Coached(9).new(2, 0), 0) == Action("take", (1,))
    assert bot.choose(Coached(7).new(2, 0), 0) == Action("take", (3,))


def test_policy_bot_falls_back_to_the_heuristic_and_refuses_illegal_policies() -> None:
    bot = bots.make("policy", 0)
    assert bot.choose(NimGame(9).new(2, 0), 0) in NimGame(9).new(2, 0).legal_actions(0)

    class Broken(NimGame):
        def policy(self, state, seat, rng):
            return Action("take", (7,))

    with pytest.raises(ValueError, match="not legal"):
        bot.choose(Broken(9).new(2, 0), 0)


def test_levels_follow_a_games_own_rollout_cutoff_and_explicit_settings_win() -> None:
    """A game may set `rollout_cutoff`; the levels use it, an explicit cut-off overrides it, and
    without a heuristic rollouts always run to the end."""

    class Hinted(NimGame):
        rollout_cutoff = 0

    hinted, plain = Hinted(9, misleading_heuristic=True), NimGame(9, misleading_heuristic=True)
    level = make_level("mcts", 0)
    assert level.rollout_limit(hinted) == 0
    assert level.rollout_limit(plain) == LEVELS["mcts"]["cutoff"]
    assert make_level("mcts", 0, cutoff=7).rollout_limit(hinted) == 7
    assert MCTSBot(0, cutoff=5).rollout_limit(hinted) == 5  # plain bots ignore hints
    assert level.rollout_limit(TOY) == ROLLOUT_GUARD  # the toy game has no heuristic


def test_a_games_rollout_cutoff_caps_the_levels_cutoffs() -> None:
    """`rollout_cutoff` is the latest a level's rollout is cut: a level with a longer cut-off is
    cut there, one with a shorter cut-off keeps its own (Heroscape's Expert cut as Hard is)."""

    class Capped(NimGame):
        rollout_cutoff = LEVELS["mcts"]["cutoff"] - 5

    capped = Capped(9, misleading_heuristic=True)
    assert LEVELS["mcts-easy"]["cutoff"] < Capped.rollout_cutoff < LEVELS["mcts"]["cutoff"]
    assert make_level("mcts-easy", 0).rollout_limit(capped) == LEVELS["mcts-easy"]["cutoff"]
    assert make_level("mcts", 0).rollout_limit(capped) == Capped.rollout_cutoff
    assert make_level("mcts-hard", 0).rollout_limit(capped) == Capped.rollout_cutoff
    assert MCTSBot(0, game_cutoff=True).rollout_limit(capped) == Capped.rollout_cutoff  # no cut-off of its own


def test_levels_follow_a_games_own_exploration_and_explicit_settings_win() -> None:
    """A game may set `search_exploration` (its heuristic's moves lie close together); the levels
    use it, an exploration asked for by name overrides it, plain bots ignore it."""

    class Hinted(NimGame):
        search_exploration = 0.05

    class Odd(NimGame):
        search_exploration = "wide"  # not a number: ignored

    hinted = Hinted(9, misleading_heuristic=True)
    assert make_level("mcts", 0).exploration_for(hinted) == 0.05
    assert make_level("mcts", 0).exploration_for(NimGame(9)) == MCTSBot(0).exploration
    assert make_level("mcts", 0, exploration=0.3).exploration_for(hinted) == 0.3
    assert make_level("mcts", 0).exploration_for(Odd(9)) == MCTSBot(0).exploration
    assert MCTSBot(0, exploration=0.9).exploration_for(hinted) == 0.9
    bot = make_level("mcts", 0, iterations=50, seconds=None, roots=1)  # one tree: its constant is here
    bot.choose(hinted.new(2, 0), 0)
    assert bot._c == 0.05  # the search used the hint
