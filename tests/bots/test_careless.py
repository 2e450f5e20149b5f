"""The careless bot (issue 41, the Easy level): the greedy bot's move, but on each decision with
probability p a uniformly random legal one, from its own seeded rng."""

from __future__ import annotations

import pytest

from glyphhall import bots, games
from glyphhall.bots import ask
from glyphhall.bots.simple import CARELESS_P, CarelessBot, GreedyBot, RandomBot
from glyphhall.bots.spec import BotSpecError, make_bot
from glyphhall.engine import Action, Rng, State

from .games import NimGame

DECISIONS = 30


def _moves(game_id: str, players: list, seed: int = 7, decisions: int = DECISIONS) -> list[Action]:
    """The moves of the first `decisions` turns of a game between `players` (one bot per seat),
    each checked legal for its seat."""
    game = games.get(game_id)
    state: State = game.new(len(players), seed)
    rng = Rng(seed)
    moves = []
    while not state.is_over() and len(moves) < decisions:
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        action = ask(players[seat], state, seat)
        assert action in state.legal_actions(seat), (game_id, seat, action)
        state.apply(seat, action)
        moves.append(action)
    return moves


@pytest.mark.parametrize("game_id", games.ids())
def test_it_plays_legal_moves_and_a_seed_replays_it(game_id: str) -> None:
    game = games.get(game_id)
    n = game.min_players

    def careless(seed: int) -> list:
        return [CarelessBot(seed + k) for k in range(n)]

    first = _moves(game_id, careless(3))
    assert first and _moves(game_id, careless(3)) == first


@pytest.mark.parametrize("game_id", ["inscription", "glyfts", "tundrus", "heroscape"])
def test_at_p_0_it_is_the_greedy_bot_and_at_p_1_the_random_bot_move_for_move(game_id: str) -> None:
    n = games.get(game_id).min_players
    greedy = _moves(game_id, [GreedyBot(5 + k) for k in range(n)])
    assert _moves(game_id, [CarelessBot(5 + k, p=0.0) for k in range(n)]) == greedy
    random = _moves(game_id, [RandomBot(5 + k) for k in range(n)])
    assert _moves(game_id, [CarelessBot(5 + k, p=1.0) for k in range(n)]) == random
    assert random != greedy  # the two ends differ, so the two checks above can fail


@pytest.mark.parametrize("p", [0.25, CARELESS_P, 0.75])
def test_it_goes_astray_about_p_of_the_time(p: float) -> None:
    """Nim from 5 stones: the greedy move is the one take of 3 (its heuristic likes leaving 2), and
    a random move is one of 3, so the careless bot leaves the greedy move on p * 2/3 of its
    decisions. Fixed seeds: 900 decisions, the same every run (a binomial's 95 % band is
    +-0.03 here; the check allows +-0.06)."""
    game = NimGame(5, misleading_heuristic=True)
    state = game.new(2, 0)
    greedy_move = GreedyBot(0).choose(state, 0)
    assert greedy_move == Action("take", (3,))
    astray = 0
    for seed in range(30):
        bot = CarelessBot(seed, p=p)
        astray += sum(bot.choose(state, 0) != greedy_move for _ in range(30))
    assert abs(astray / 900 - p * 2 / 3) < 0.06, astray


def test_it_is_registered_and_its_p_is_a_setting() -> None:
    assert "careless" in bots.names() and type(bots.make("careless", 1)) is CarelessBot
    assert bots.make("careless", 1).p == CARELESS_P
    bot = make_bot("careless:p=0.2", 4)
    assert isinstance(bot, CarelessBot) and bot.p == 0.2 and bot.name == "careless:p=0.2"
    for bad in ("careless:p=1.5", "careless:p=x", "careless:iterations=4", "heuristic:p=0.2"):
        with pytest.raises(BotSpecError):
            make_bot(bad)
