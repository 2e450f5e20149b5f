"""Which games the server offers, and how each is described to the lobby form."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from glyphhall import games
from glyphhall.bots import levels
from glyphhall.engine import Game, Option
from glyphhall.engine.for_players import for_players


class Catalog:
    """The registered games, or a fixed set injected by tests."""

    def __init__(self, injected: Mapping[str, Game] | None = None) -> None:
        self._injected = dict(injected) if injected is not None else None

    def ids(self) -> list[str]:
        return sorted(self._injected) if self._injected is not None else games.ids()

    def get(self, game_id: str) -> Game:
        """Raises KeyError with a sentence naming the known games."""
        if self._injected is None:
            return games.get(game_id)
        try:
            return self._injected[game_id]
        except KeyError:
            raise KeyError(f"no game {game_id!r}; known games: {', '.join(self.ids())}") from None

    def describe(self, game: Game) -> dict[str, Any]:
        return {
            "id": game.id,
            "name": game.name,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options": [describe_option(o, game) for o in game.options],
            "notation_help": game.notation_help,
        }

    @staticmethod
    def bot_levels() -> list[str]:
        """Every word a bot seat may be asked for: the levels' keys ("hard"), then the bot specs."""
        return levels.accepted()

    def bot_offer(self) -> dict[str, Any]:
        """The levels as the lobby offers them: keys, names, how each plays, ratings per game, and
        the level a computer seat starts at (per game: one a game leaves off its ladder is not it)."""
        return {"bots": [level.key for level in levels.LEVELS], "default_bot": levels.DEFAULT_LEVEL,
                "default_bots": {game_id: levels.default_level(game_id) for game_id in self.ids()},
                "levels": levels.describe(self.ids())}


def describe_option(option: Option, game: Game) -> dict[str, Any]:
    """An option as the lobby form shows it; its help is the game's words for players
    (`for_players.toml`), the option's own help only for a game without them (a test's toy game)."""
    kind = {bool: "bool", int: "int", float: "float"}.get(option.kind, "str")
    help_ = for_players(game).option_help.get(option.name, option.help)
    out: dict[str, Any] = {"name": option.name, "type": kind, "default": option.default, "help": help_}
    if option.choices:
        out["choices"] = list(option.choices)
    if option.minimum is not None:
        out["minimum"] = option.minimum
    if option.maximum is not None:
        out["maximum"] = option.maximum
    return out


def game_folder(game: Game, name: str) -> Path | None:
    """A folder beside the game's module (`data`, `positions`), None if it has none."""
    module = sys.modules.get(type(game).__module__)
    folder = Path(module.__file__).parent / name if module and module.__file__ else None
    return folder if folder is not None and folder.is_dir() else None


def game_locator(game: Game) -> tuple[str, str]:
    """(module, attribute) where a fresh process finds this same game object (for bot workers)."""
    module = sys.modules.get(type(game).__module__)
    for candidate in (module, _package_of(type(game).__module__)):
        if candidate is None:
            continue
        for name, value in vars(candidate).items():
            if value is game:
                return candidate.__name__, name
    return f"glyphhall.games.{game.id}", "GAME"


def _package_of(module_name: str) -> Any:
    parent = module_name.rpartition(".")[0]
    return importlib.import_module(parent) if parent else None


def load_game(locator: tuple[str, str]) -> Game:
    module, attr = locator
    return getattr(importlib.import_module(module), attr)
