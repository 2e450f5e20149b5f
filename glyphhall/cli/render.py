"""Terminal rendering of a game's view: the game's own renderer if it has one, else a generic one."""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty

from glyphhall.engine import Game


def renderer_for(game: Game):  # -> Callable[[dict, int | None], RenderableType]
    """`glyphhall.games.<id>.terminal.render` where the game has one, else `generic_render`."""
    package = f"glyphhall.games.{game.id}"
    try:
        module = importlib.import_module(f"{package}.terminal")
    except ModuleNotFoundError as err:
        if err.name in (package, f"{package}.terminal"):
            return generic_render
        raise  # the renderer exists but is broken: say so
    return module.render


def generic_render(view: dict[str, Any], seat: int | None) -> RenderableType:
    who = "spectator" if seat is None else f"seat {seat}"
    return Panel(Pretty(view, expand_all=False), title=f"what {who} sees")
