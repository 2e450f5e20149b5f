"""Terminal rendering of a game's view: the game's own renderer if it has one, else a generic one.

A game's `terminal.py` provides `render(view, seat, names)` and, where a game keeps something
after a match (Inscription's death card), `render_kept(kept)`; see `terminal_hook` for the rest."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty

from glyphhall.engine import Game


def _terminal_module(game: Game) -> ModuleType | None:
    package = f"glyphhall.games.{game.id}"
    try:
        return importlib.import_module(f"{package}.terminal")
    except ModuleNotFoundError as err:
        if err.name in (package, f"{package}.terminal"):
            return None
        raise  # the renderer exists but is broken: say so


def renderer_for(game: Game):  # -> Callable[[dict, int | None, Sequence[str]], RenderableType]
    """`glyphhall.games.<id>.terminal.render` where the game has one, else `generic_render`."""
    module = _terminal_module(game)
    return generic_render if module is None else module.render


def kept_renderer_for(game: Game):  # -> Callable[[dict], RenderableType]
    module = _terminal_module(game)
    return getattr(module, "render_kept", None) or (lambda kept: Pretty(kept))


def terminal_hook(game: Game, name: str):
    """An optional function of the game's terminal module: `extra_actions(state, seat)` (more
    texts for Tab to complete), `action_note(state, seat, text)` (shown as the action is made) or
    `command(state, seat, line)` (a board command such as Glyphs' "page 2": its answer, or None
    when the line is not one and is played as an action)."""
    return getattr(_terminal_module(game), name, None)


def generic_render(view: dict[str, Any], seat: int | None, names: Sequence[str] = ()) -> RenderableType:
    who = "a spectator" if seat is None else (names[seat] if seat < len(names) else f"seat {seat}")
    return Panel(Pretty(view, expand_all=False), title=f"what {who} sees")
