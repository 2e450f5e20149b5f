"""Unfinished games kept between sessions: written after every move, removed when the game ends.

A save is the match record (which holds the position a match began from, where it had one)
plus who plays each seat: a person, or a bot by its spec. `glyphhall resume` reads it back and
replays the record to the very same state."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from glyphhall import games
from glyphhall.engine import GlyphHallError, LoadError, MatchRecord
from glyphhall.paths import data_dir

SAVE_FORMAT = "glyphhall-save/1"


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_path(record: MatchRecord) -> Path:
    return saves_dir() / f"{record.game}-{int(record.started_at)}-{record.seed}.json"


@dataclass
class Saved:
    """One unfinished game on disk."""

    path: Path
    record: MatchRecord
    #: per seat, the bot spec that plays it, or None for a person
    bots: list[str | None]
    saved_at: float

    def summary(self) -> str:
        try:
            name = games.get(self.record.game).name
        except KeyError:
            name = self.record.game
        people = " vs ".join(self.record.players)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        moves = len(self.record.live_actions())
        return f"{name}: {people}, {moves} move{'s' if moves != 1 else ''}, saved {when}"


def write(record: MatchRecord, bot_specs: list[str | None]) -> Path:
    path = save_path(record)
    data = {"format": SAVE_FORMAT, "saved_at": time.time(), "bots": bot_specs, "record": record.to_dict()}
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=1))
    tmp.replace(path)  # atomic: a crash never leaves half a save
    return path


def remove(record: MatchRecord) -> None:
    save_path(record).unlink(missing_ok=True)


def read(path: Path) -> Saved:
    try:
        data = json.loads(path.read_text())
    except OSError as err:
        raise LoadError(f"cannot read the saved game: {err.strerror}") from None
    except json.JSONDecodeError:
        raise LoadError("the saved game is damaged (it is not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise LoadError("this is not a game saved by this version of Glyph Hall")
    record = MatchRecord.from_dict(data.get("record"))
    specs = data.get("bots")
    if not isinstance(specs, list) or len(specs) != len(record.players) or \
            any(s is not None and not isinstance(s, str) for s in specs):
        raise LoadError("the saved game is damaged (who plays each seat is missing)")
    return Saved(path, record, specs, float(data.get("saved_at") or 0.0))


def listed() -> tuple[list[Saved], list[str]]:
    """The saved games, latest first, and a sentence for each save that cannot be read."""
    found, problems = [], []
    for path in saves_dir().glob("*.json"):
        try:
            found.append(read(path))
        except GlyphHallError as err:
            problems.append(f"{path.name}: {err}")
    found.sort(key=lambda s: s.saved_at, reverse=True)
    return found, problems
