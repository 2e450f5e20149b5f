"""Bots that play any game through the engine contract; they never import a game."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, ask
from .simple import CarelessBot, GreedyBot, RandomBot, evaluate

#: name -> factory(seed). Other bot modules add themselves here (see `register`).
_FACTORIES: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": GreedyBot,
    "careless": CarelessBot,
}


def register(name: str, factory: Callable[[int], Bot]) -> None:
    _FACTORIES[name] = factory


def names() -> list[str]:
    _load_extra_bots()
    return sorted(_FACTORIES)


def make(name: str, seed: int = 0) -> Bot:
    """A bot by name. Raises KeyError listing the known names."""
    _load_extra_bots()
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise KeyError(f"no bot {name!r}; known bots: {', '.join(sorted(_FACTORIES))}") from None
    return factory(seed)


def _load_extra_bots() -> None:
    """Search bots live in their own module, imported on first use to keep start-up fast."""
    import importlib.util

    if importlib.util.find_spec(f"{__name__}.mcts") is not None:
        importlib.import_module(f"{__name__}.mcts")  # registers its levels
        importlib.import_module(f"{__name__}.guided")  # registers "mcts-net" (search guided by a network)
    importlib.import_module(f"{__name__}.learned")  # registers "learned" (a trained policy network)


__all__ = ["Bot", "CarelessBot", "GreedyBot", "RandomBot", "ask", "evaluate", "make", "names", "register"]
