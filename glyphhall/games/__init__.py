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


def resolve(name: str) -> Game:
    """A registered game by id, or any Game object named "package.module:ATTRIBUTE" (games
    outside the registry: a game in development, the test games). Raises KeyError."""
    if ":" not in name:
        return get(name)
    module_name, _, attribute = name.partition(":")
    try:
        game = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError):
        raise KeyError(f"no game object {name!r}") from None
    if not isinstance(game, Game):
        raise KeyError(f"{name!r} is not a Glyph Hall game")
    return game
