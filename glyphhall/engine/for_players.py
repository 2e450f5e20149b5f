"""A game's words for players, from `for_players.toml` beside its rules (issue 40): the Rules
panel's summary and rulings and the lobby form's help for each option. The developers' notes stay
in the game's README; nothing is filtered from there. Loading refuses a text with a developer word
in it (engine/player_text.py), so the server and the terminal never show one."""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .game import Game
from .player_text import developer_words

FILE_NAME = "for_players.toml"


@dataclass(frozen=True)
class ForPlayers:
    summary: str = ""
    rulings: tuple[str, ...] = ()
    option_help: dict[str, str] = field(default_factory=dict)

    def texts(self) -> dict[str, str]:
        """Every text here by where it is read (for the checker)."""
        out = {"summary": self.summary} | {f"ruling {i + 1}": r for i, r in enumerate(self.rulings)}
        return out | {f"option {name}": text for name, text in self.option_help.items()}


class PlayerTextError(ValueError):
    """A game's players' text is missing a part or carries developer words."""


def file_of(game: Game) -> Path | None:
    module = sys.modules.get(type(game).__module__)
    return Path(module.__file__).parent / FILE_NAME if module and module.__file__ else None


@cache
def for_players(game: Game) -> ForPlayers:
    """The game's players' texts; empty ones for a game without the file (a test's toy game)."""
    path = file_of(game)
    if path is None or not path.is_file():
        return ForPlayers()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found = ForPlayers(str(data.get("summary", "")).strip(), tuple(data.get("rulings", ())),
                       {str(k): str(v) for k, v in data.get("options", {}).items()})
    names = {o.name for o in game.options}
    if set(found.option_help) != names:
        raise PlayerTextError(f"{path}: [options] must word exactly the game's options; missing "
                              f"{sorted(names - set(found.option_help))}, unknown {sorted(set(found.option_help) - names)}")
    bad = {where: marks for where, text in found.texts().items() if (marks := developer_words(text))}
    if bad:
        raise PlayerTextError(f"{path}: written for developers, not players: {bad}")
    return found
