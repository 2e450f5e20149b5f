"""The network-guided search (bots/guided.py, issue 41)."""

from __future__ import annotations

import numpy as np
import pytest

from glyphhall import games
from glyphhall.bots import ask, make, names
from glyphhall.bots.guided import DEFAULT_PUCT, LEVEL_MIX, LEVEL_PUCT, GuidedBot, _seat_values
from glyphhall.bots.learned import LearnedBot, shipped_network
from glyphhall.bots.spec import BotSpecError, make_bot
from glyphhall.bots.tree import Node


def _positions(game_id: str, count: int, seed: int = 7) -> list:
    game = games.get(game_id)
    state = game.new(2, seed)
    bots = [make("heuristic", 1), make("random", 2)]
    out = []
    while not state.is_over() and len(out) < count:
        seat = state.to_move()[0]
        if len(state.legal_actions(seat)) > 1:
            out.append((state.clone(), seat))
        state.apply(seat, ask(bots[seat], state, seat))
    return out


@pytest.mark.parametrize("game_id", ["glyfts", "inscription"])
def test_one_iteration_plays_the_networks_favourite(game_id: str) -> None:
    """With one walk the only child is the one PUCT picks from the priors alone: the top-scored."""
    greedy = LearnedBot(0, network=shipped_network(game_id, "guided"), greedy=True)
    for state, seat in _positions(game_id, 6):
        bot = GuidedBot(3, iterations=1)
        assert bot.choose(state, seat) == greedy.choose(state, seat)


def test_the_level_plays_the_guided_network_where_one_is_shipped_and_its_games_settings() -> None:
    """GAME-guided.npz where shipped (Inscription, Tundrus); none in Heroscape, whose Instinct
    network (GAME.npz) is not used: the search is unguided there. `mix` and `puct` unset are the
    game's LEVEL_MIX and LEVEL_PUCT (a game's own, elsewhere 0 and DEFAULT_PUCT), and ones given
    are kept."""
    assert shipped_network("heroscape") is not None and shipped_network("heroscape", "guided") is None
    for game_id, mix, puct in (("inscription", 0.5, 0.4), ("tundrus", 1.0, 0.4), ("heroscape", 0.0, DEFAULT_PUCT)):
        state, seat = _positions(game_id, 1)[0]
        bot = make_bot("mcts-net:iterations=8,seconds=none", 2)
        assert isinstance(bot, GuidedBot) and bot.mix is None and bot.puct is None
        bot.search(state, seat)
        assert bot._net is shipped_network(game_id, "guided") and (bot._mix, bot._puct) == (mix, puct)
        assert (bot.network_calls > 0) == (game_id != "heroscape")  # unguided: the network is never read
    assert (LEVEL_MIX["inscription"], LEVEL_PUCT["inscription"]) == (0.5, 0.4)
    given = make_bot("mcts-net:iterations=8,seconds=none,mix=0,puct=2", 2)
    state, seat = _positions("inscription", 1)[0]
    given.search(state, seat)
    assert (given._mix, given._puct) == (0.0, 2.0)


def test_leaves_are_scored_in_batches_and_the_move_is_legal() -> None:
    state, seat = _positions("glyfts", 3)[2]
    bot = GuidedBot(5, iterations=64, batch=8)
    action = bot.choose(state, seat)
    assert state.is_legal(seat, action)
    assert bot.last_search["iterations"] == 64
    # Every leaf the tree reached (not the end of a game) was read in a call of several.
    assert bot.network_rows > bot.network_calls
    assert bot.network_calls < 64
    visits = bot.last_search["visits"]
    assert sum(visits.values()) == 64  # the virtual losses were all settled


def test_the_same_seed_gives_the_same_move_and_mixing_in_rollouts_works() -> None:
    state, seat = _positions("inscription", 2)[1]
    first = GuidedBot(9, iterations=40, mix=0.5).choose(state.clone(), seat)
    again = GuidedBot(9, iterations=40, mix=0.5).choose(state.clone(), seat)
    assert first == again and state.is_legal(seat, first)


def test_the_level_is_registered_and_its_settings_are_checked() -> None:
    assert "mcts-net" in names()
    bot = make_bot("mcts-net:iterations=30,batch=4,mix=0.25,puct=2,seconds=none", 1)
    assert isinstance(bot, GuidedBot)
    assert (bot.iterations, bot.batch, bot.mix, bot.puct, bot.seconds) == (30, 4, 0.25, 2.0, None)
    assert isinstance(make("mcts-net", 1), GuidedBot)
    for bad in ("mcts-net:mix=2", "mcts-net:batch=0", "mcts-net:puct=-1"):
        with pytest.raises(BotSpecError):
            make_bot(bad, 1)


def test_values_split_between_the_seats() -> None:
    assert _seat_values(1.0, 0, 2) == [1.0, 0.0]
    assert _seat_values(-0.5, 1, 2) == [0.75, 0.25]
    assert sum(_seat_values(0.2, 2, 3)) == pytest.approx(1.0)
    network = shipped_network("glyfts")
    assert network is not None
    state, seat = _positions("glyfts", 1)[0]
    bot = GuidedBot(1)
    bot._net = network
    legal = state.legal_actions(seat)
    p = bot.priors(Node(), state, seat, legal)  # the softmax is over the legal actions only
    assert len(p) == len(legal) and sum(p) == pytest.approx(1.0) and min(p) > 0
    (node_net,) = bot._nodes.values()
    scores = np.array([node_net.logits[a] for a in legal])
    expected = np.exp(scores - scores.max())
    assert p == pytest.approx(expected / expected.sum(), rel=1e-12)
