import pytest

from glyphhall import games
from tests.engine.toy import GAME as TOY_GAME


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run every contract check for every registered game, and for the engine's toy game so the
    suite checks itself even before any game is registered."""
    if "game" in metafunc.fixturenames:
        all_games = [games.get(i) for i in games.ids()] + [TOY_GAME]
        metafunc.parametrize("game", all_games, ids=[g.id for g in all_games])
