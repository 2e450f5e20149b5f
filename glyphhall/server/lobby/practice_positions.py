"""Practice tables that begin from a position (`Game.load_position`): a game's packaged positions
(`games/<id>/positions/*.toml`, puzzles and teaching positions) or a position's TOML text sent by
a player, checked by the game's loader before anything is created. Such a table is always
practice (never rated): a person chose its set-up, as with a chosen seed. It keeps the text,
because it rebuilds from the position and its actions, not from a seed (see engine.first_state).
(`replays/replay_steps.py` is something else: the steps of a finished game, for its replay.)"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

from glyphhall.engine import Game, GlyphHallError, State, position_title

from ..tables.catalog import game_folder
from ..tables.live import TableError

log = logging.getLogger("glyphhall.server")

#: A position's text is at most this many characters (room for a Heroscape map of one's own,
#: 256 KB, in its options); the body limit of /api/tables is larger.
MAX_POSITION = 300 * 1024


@dataclass(frozen=True)
class Packaged:
    """A position that comes with the game."""

    name: str  # the file's name without .toml
    title: str
    players: int
    text: str

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "players": self.players}


_PACKAGED: dict[tuple[str, str], list[Packaged]] = {}


def packaged(game: Game) -> list[Packaged]:
    """The game's packaged positions that load (read once per game and version)."""
    key = (game.id, game.version)
    if key not in _PACKAGED:
        _PACKAGED[key] = list(_read_packaged(game))
    return _PACKAGED[key]


def _read_packaged(game: Game) -> list[Packaged]:
    folder = game_folder(game, "positions")
    if folder is None:
        return []
    found = []
    for path in sorted(folder.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        try:
            state = game.load_position(text)
        except GlyphHallError as err:  # a packaged position that does not load is not offered
            log.error("%s: packaged position %s does not load: %s", game.id, path.name, err)
            continue
        found.append(Packaged(path.stem, title_of(text) or path.stem.replace("-", " "), state.num_players, text))
    return found


def title_of(text: str | None) -> str | None:
    """The position's own title, if the text gives one."""
    return None if text is None else position_title(text)


def chosen(game: Game, text: str | None, name: str | None) -> str:
    """The position's text: the one sent, or the packaged one named. Raises TableError."""
    if (text is None) == (name is None):
        raise TableError("give either a position's text ('position') or a packaged position's name ('position_name')")
    if name is not None:
        found = next((p for p in packaged(game) if p.name == name), None)
        if found is None:
            names = ", ".join(p.name for p in packaged(game)) or "none"
            raise TableError(f"{game.name} has no packaged position {name!r} (it has: {names})", 404)
        return found.text
    assert text is not None
    if len(text) > MAX_POSITION:
        raise TableError(f"a position is at most {MAX_POSITION // 1024} KB of text; this one is {len(text) // 1024} KB", 413)
    return text


#: One stranger's position is read at a time (in a worker thread): a large one is a few tenths of
#: a second of Python holding the GIL, and several at once would take every turn from the event loop.
_READING = threading.Lock()


def load(game: Game, text: str, seats: int | None = None) -> State:
    """The game the position sets up (for `seats` seats, when given). Raises TableError with
    the loader's sentence. Call it in a worker thread (asyncio.to_thread)."""
    try:
        with _READING:
            state = game.load_position(text)
    except GlyphHallError as err:
        raise TableError(f"the position does not load: {err}") from None
    except Exception as err:  # a loader's own slip must not become a 500 for hostile text
        log.exception("%s: a position's loader failed", game.id)
        raise TableError(f"the position does not load ({type(err).__name__}: {err})") from None
    if seats is not None and state.num_players != seats:
        raise TableError(f"the position is for {state.num_players} players; the table has {seats} seats")
    return state
