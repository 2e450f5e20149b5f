"""The game registry. Every subpackage of `glyphhall.games` that exports `GAME` is a game:
adding a game means adding its package, nothing else."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from glyphhall.engine import Game


@cache
def _registry() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    return dict(sorted(found.items()))


def ids() -> list[str]:
    """The ids of every registered game, sorted."""
    return list(_registry())


def get(game_id: str) -> Game:
    """The game with this id. Raises KeyError with the known ids."""
    try:
        return _registry()[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; known games: {', '.join(ids()) or 'none'}") from None
