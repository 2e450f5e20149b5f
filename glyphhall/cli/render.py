"""Terminal rendering of a game's view: the game's own renderer if it has one, else a generic one."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty

from glyphhall.engine import Game


def renderer_for(game: Game):  # -> Callable[[dict, int | None], RenderableType]
    """`glyphhall.games.<id>.terminal.render` where the game has one, else `generic_render`."""
    name = f"glyphhall.games.{game.id}.terminal"
    if importlib.util.find_spec(name) is None:
        return generic_render
    return importlib.import_module(name).render


def generic_render(view: dict[str, Any], seat: int | None) -> RenderableType:
    who = "spectator" if seat is None else f"seat {seat}"
    return Panel(Pretty(view, expand_all=False), title=f"what {who} sees")
