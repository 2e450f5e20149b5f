"""The levels at the table (issue 23): iteration budgets per game under a wall-clock ceiling, and
rollouts that finish the turn under way."""

from pathlib import Path

import pytest

from glyphhall.bots import ask
from glyphhall.bots.mcts import LEVELS, make_level
from glyphhall.bots.rollout import finish_turn
from glyphhall.bots.spec import make_bot
from glyphhall.games.glyfts import GAME as GLYFTS
from glyphhall.games.heroscape import GAME as HEROSCAPE
from glyphhall.games.inscription import GAME as INSCRIPTION
from glyphhall.games.tundrus import GAME as TUNDRUS

from .games import NimGame

GAMES = (INSCRIPTION, GLYFTS, TUNDRUS, HEROSCAPE)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_level_plays_its_games_budget_and_a_harder_level_more(game) -> None:
    normal, hard = make_level("mcts", 0), make_level("mcts-hard", 0)
    assert normal.iterations_for(game) == game.search_iterations["mcts"]
    assert hard.iterations_for(game) == game.search_iterations["mcts-hard"] > normal.iterations_for(game)
    # A budget asked for by name is the one played; a game without a hint gets the level's own.
    assert make_level("mcts", 0, iterations=77).iterations_for(game) == 77
    assert make_bot("mcts:iterations=77,seconds=none").iterations_for(game) == 77
    assert normal.iterations_for(NimGame(9)) == LEVELS["mcts"]["iterations"]


def test_the_time_stays_a_ceiling_whatever_the_budget() -> None:
    state = HEROSCAPE.new(2, 3)
    while state.to_move() and len(state.legal_actions(state.to_move()[0])) < 2:
        state.apply(state.to_move()[0], state.legal_actions(state.to_move()[0])[0])
    seat = state.to_move()[0]
    bot = make_level("mcts-hard", 1, seconds=0.2, early_stop=False)
    ask(bot, state, seat)
    assert bot.last_search["iterations"] < HEROSCAPE.search_iterations["mcts-hard"]
    # One iteration past the ceiling at most: well under a second even on a loaded machine.
    assert bot.last_search["seconds"] < 0.2 + 0.5


def test_finishing_the_turn_plays_the_seat_to_move_until_another_seat_is() -> None:
    text = (Path(__file__).resolve().parents[2] / "glyphhall/games/glyfts/positions/last-capture.toml").read_text()
    state = GLYFTS.load_position(text)
    assert state.to_move() == (0,)
    finish_turn(state, None, None)
    assert state.is_over() or state.to_move() != (0,)
    assert make_bot("mcts:finish_turn=on").finishes_turn(GLYFTS)
    assert not make_bot("mcts:finish_turn=off").finishes_turn(NimGame(9))
