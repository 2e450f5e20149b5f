"""Match records: game, versions, options, seed, players and every action as text.
The record is the truth about a match: replaying it rebuilds the identical state.

Format 2 has an optional `undone`: the indices (into `actions`) of the actions a player took
back. They stay in the record, in order, so a replay can show them; replaying skips them.

Format 3 adds `position`: a match that began from a position (`Game.load_position`) keeps the
position's TOML text with its SHA-256 (checked when read), because such a match does not rebuild
from seed and options: replaying loads the position, then applies the actions. Only such records
are written as format 3, so a program that knows only format 2 refuses them (it would replay
them from the seed, wrongly) and still reads every other record."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import GlyphHallError, LoadError
from .game import ENGINE_VERSION, Game, State

RECORD_FORMAT = "glyphhall-match/2"
#: A record of a match begun from a position (format 2 and a "position").
POSITION_FORMAT = "glyphhall-match/3"
#: Formats still read: /1 had no "attachments" (its options are used as they are).
READABLE_FORMATS = ("glyphhall-match/1", RECORD_FORMAT, POSITION_FORMAT)
#: Option values longer than this (a map of one's own) travel as attachments: the text with
#: its SHA-256, checked when the record is read, so a replay runs on exactly that text.
ATTACH_OVER = 200


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def brief_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options for lists and summaries: a long value (a map of one's own) as a short note with
    its hash instead of the whole text (the table list is polled every few seconds)."""
    return {k: (f"({len(v)} characters, sha256 {_sha256(v)[:12]})" if isinstance(v, str) and len(v) > ATTACH_OVER
                else v) for k, v in options.items()}


@dataclass
class MatchRecord:
    game: str
    seed: int
    players: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    game_version: str = "1"
    engine_version: str = ENGINE_VERSION
    result: list[float] | None = None
    started_at: float = field(default_factory=time.time)
    finished_at: float | None = None
    #: Indices into `actions` of the actions taken back (undo); they stay in the record.
    undone: list[int] = field(default_factory=list)
    #: The TOML text of the position the match began from (None: a new game from the seed).
    position: str | None = None

    @classmethod
    def start(cls, game: Game, state: State, players: list[str], position: str | None = None) -> MatchRecord:
        """The record of a match about to be played from `state`: a new game, or the one
        `game.load_position(position)` made."""
        return cls(
            game=game.id,
            seed=state.seed,
            players=list(players),
            options=dict(state.options),
            game_version=game.version,
            position=position,
        )

    def add(self, seat: int, text: str) -> None:
        self.actions.append((seat, text))

    def mark_undone(self, index: int) -> None:
        if index not in self.undone:
            self.undone.append(index)
            self.undone.sort()

    def live_actions(self) -> list[tuple[int, str]]:
        """The actions that stand (those not taken back), in order: what replays the match."""
        gone = set(self.undone)
        return [a for i, a in enumerate(self.actions) if i not in gone]

    def finish(self, state: State) -> None:
        self.result = list(state.returns())
        self.finished_at = time.time()

    def to_dict(self) -> dict[str, Any]:
        long = {k: v for k, v in self.options.items() if isinstance(v, str) and len(v) > ATTACH_OVER}
        return {
            "format": RECORD_FORMAT if self.position is None else POSITION_FORMAT,
            "game": self.game,
            "game_version": self.game_version,
            "engine_version": self.engine_version,
            "options": {k: v for k, v in self.options.items() if k not in long},
            "attachments": {k: {"sha256": _sha256(v), "text": v} for k, v in sorted(long.items())},
            "seed": self.seed,
            "players": self.players,
            "actions": [[seat, text] for seat, text in self.actions],
            "undone": list(self.undone),
            **({} if self.position is None else {"position": {"sha256": _sha256(self.position), "text": self.position}}),
            "result": self.result,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
        }

    @classmethod
    def from_dict(cls, data: object) -> MatchRecord:
        if not isinstance(data, Mapping) or data.get("format") not in READABLE_FORMATS:
            raise LoadError(_format_problem(data))
        try:
            actions = [(int(seat), str(text)) for seat, text in data["actions"]]
            options = dict(data.get("options") or {})
            for key, attached in dict(data.get("attachments") or {}).items():
                text = str(attached["text"])
                if _sha256(text) != attached["sha256"]:
                    raise LoadError(f"the record's attached option {key!r} does not match its SHA-256: "
                                    "the record was changed or damaged")
                options[str(key)] = text
            undone = sorted({int(i) for i in data.get("undone") or []})
            position = _read_position(data.get("position"))
            if any(not 0 <= i < len(actions) for i in undone):
                raise ValueError("an undone index names no action")
            return cls(
                game=str(data["game"]),
                seed=int(data["seed"]),
                players=[str(p) for p in data["players"]],
                options=options,
                actions=actions,
                game_version=str(data.get("game_version", "1")),
                engine_version=str(data.get("engine_version", "")),
                result=None if data.get("result") is None else [float(r) for r in data["result"]],
                started_at=float(data.get("started_at") or 0.0),
                finished_at=None if data.get("finished_at") is None else float(data["finished_at"]),
                undone=undone,
                position=position,
            )
        except KeyError as err:
            raise LoadError(f"the match record has no {err.args[0]!r}: it is damaged") from None
        except (TypeError, ValueError) as err:
            raise LoadError(f"the match record is damaged: {_field_problem(data) or err}") from None

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=1))
        tmp.replace(path)  # atomic: a crash never leaves half a record
        return path

    @classmethod
    def read(cls, path: str | Path) -> MatchRecord:
        try:
            data = json.loads(Path(path).read_text())
        except OSError as err:
            raise LoadError(f"cannot read {path}: {err.strerror}") from None
        except json.JSONDecodeError as err:
            raise LoadError(f"{path} is not JSON: {err}") from None
        return cls.from_dict(data)


def _format_problem(data: Any) -> str:
    """Why a file is not read: not a record at all, or a record of a newer Glyph Hall."""
    stated = data.get("format") if isinstance(data, Mapping) else None
    if isinstance(stated, str) and stated.startswith("glyphhall-match/"):
        number = stated.rpartition("/")[2]
        newest = int(POSITION_FORMAT.rpartition("/")[2])
        if number.isdigit() and int(number) > newest:
            return (f"this match record was written by a newer Glyph Hall (record format {number}); "
                    f"this version reads formats 1 to {newest}: update Glyph Hall to replay it")
        return f"this match record's format {stated!r} is not one this version reads"
    return f"not a Glyph Hall match record (expected format {RECORD_FORMAT!r})"


def _field_problem(data: Mapping[str, Any]) -> str:
    """The first field of a damaged record that has the wrong kind of value, in words."""
    for key, kind, check in (("seed", "a whole number", int), ("started_at", "a time", float)):
        value = data.get(key)
        if value is not None:
            try:
                check(value)
            except (TypeError, ValueError):
                return f"its {key} is {value!r}, not {kind}"
    if not isinstance(data.get("actions"), list):
        return "its actions are not a list"
    return ""


def _read_position(stored: Any) -> str | None:
    if stored is None:
        return None
    text = str(stored["text"])
    if _sha256(text) != stored["sha256"]:
        raise LoadError("the record's position does not match its SHA-256: the record was changed or damaged")
    return text


def first_state(game: Game, players: int, seed: int, options: Mapping[str, Any], position: str | None = None) -> State:
    """The state a match starts from: the position's (`game.load_position`) when it has one,
    else a new game from the seed and options. Raises LoadError if the position does not load
    or does not seat `players`. A match goes on past the position's chance script (never strict:
    a strict script would stop a table mid-action once it ran out)."""
    if position is None:
        return game.new(players, seed, options)
    state = game.load_position(position, strict=False)
    if state.num_players != players:
        raise LoadError(f"the position is for {state.num_players} players, not {players}")
    return state


def replay(record: MatchRecord, game: Game, upto: int | None = None) -> State:
    """The state of `game` after the first `upto` standing actions of `record` (all of them by
    default; actions taken back are skipped), from the record's position if it has one. The
    caller hands the game (the registry, `glyphhall.games.get(record.game)`, lives a layer above
    the engine). Raises LoadError naming the step if the record does not replay."""
    if record.game != game.id:
        raise LoadError(f"record is a {record.game} match, not {game.id}")
    if record.game_version != game.version:
        raise LoadError(
            f"record is for {game.id} version {record.game_version}; this program plays {game.version}"
        )
    state = first_state(game, len(record.players), record.seed, record.options, record.position)
    for step, (seat, text) in enumerate(record.live_actions()[:upto]):
        try:
            state.apply_text(seat, text)
        except GlyphHallError as err:
            raise LoadError(f"step {step + 1} ({text!r} by seat {seat}) does not replay: {err}") from None
    return state
