"""Positions of a finished game for replays: the game after `step` of its standing actions,
optionally followed by a hypothetical line of moves for any seat (hanab.live's hypotheticals),
seen as any seat (the game is over, so nothing is secret any more), with the log in people's
names (`Game.event_text`) and the moves taken back shown where they were made."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from glyphhall.bots.levels import label as bot_label
from glyphhall.engine import Event, GlyphHallError, IllegalAction, filter_events, first_state

from ..tables import messages
from ..tables.catalog import game_locator, load_game
from ..tables.live import LiveTable, TableError

#: A hypothetical line is at most this many moves (each request replays the game from the start).
MAX_LINE = 200


def parse_line(raw: Any, players: int) -> list[tuple[int, str]]:
    """A hypothetical line from JSON: [[seat, "action text"], ...]. Raises TableError."""
    if not isinstance(raw, list):
        raise TableError('a hypothetical line is a list of [seat, "action"] pairs')
    if len(raw) > MAX_LINE:
        raise TableError(f"a hypothetical line has at most {MAX_LINE} moves")
    line: list[tuple[int, str]] = []
    for i, item in enumerate(raw):
        ok = isinstance(item, list) and len(item) == 2 and type(item[0]) is int and isinstance(item[1], str)
        if not ok or not 0 <= item[0] < players:
            raise TableError(f'hypothetical move {i + 1} is not a [seat, "action"] pair with a seat 0 to {players - 1}')
        line.append((item[0], item[1]))
    return line


def names_of(table: LiveTable) -> list[str]:
    """Each seat's player as the log names them; two alike (two random bots) get their seat's
    number, so a log never leaves it open who did what."""
    names = [s.name or (bot_label(s.bot) if s.bot else f"Player {i + 1}") for i, s in enumerate(table.seats)]
    return [f"{n} {i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names)]


@dataclass(frozen=True)
class ReplayJob:
    """Everything computing a replay position needs, picklable: it runs in a worker process
    (replay_work.py), never in the event loop."""

    locator: tuple[str, str]  # where a worker finds the game (catalog.game_locator)
    players: int
    seed: int
    options: tuple[tuple[str, Any], ...]
    position: str | None
    actions: tuple[tuple[int, str], ...]
    names: tuple[str, ...]
    step: int
    seat: int | None
    line: tuple[tuple[int, str], ...] | None
    taken_back: tuple[tuple[int, tuple[tuple[int, str], ...]], ...]


def job_for(
    table: LiveTable,
    step: int,
    seat: int | None,
    line: Sequence[tuple[int, str]] | None = None,
    record: Sequence[tuple[int, str, bool]] = (),
) -> ReplayJob:
    """The replay job for `step` (0 = before the first move) as `seat` sees it (None: the
    public view), after the hypothetical `line` if one is given. `record` is the stored record
    with the moves taken back, for the log. Raises TableError for a step or seat that does not fit."""
    total = len(table.actions)
    if not 0 <= step <= total:
        raise TableError(f"this game has steps 0 to {total}, not {step}", 404)
    if seat is not None and not 0 <= seat < table.players:
        raise TableError(f"this table has seats 0 to {table.players - 1}, not {seat}", 404)
    return ReplayJob(
        game_locator(table.game), table.players, table.seed, tuple(sorted(table.options.items())), table.position,
        tuple(table.actions[:step]), tuple(names_of(table)), step, seat, None if line is None else tuple(line),
        tuple((k, tuple(v)) for k, v in _taken_back_by_step(record).items()),
    )


def compute(job: ReplayJob) -> dict[str, Any]:
    """The replay message of `job` (without the table's public information, which the caller
    adds). A hypothetical move that is not legal gives {"error": sentence} instead."""
    game = load_game(job.locator)
    names = list(job.names)
    state = first_state(game, job.players, job.seed, dict(job.options), job.position)
    taken_back = dict(job.taken_back)
    log: list[dict[str, Any]] = []
    seat = job.seat

    def note(events: list[Event], where: int, hypothetical: bool) -> None:
        for e in filter_events(events, seat):
            entry = {"step": where, "text": game.event_text(e, names)}
            log.append({**entry, "hypothetical": True} if hypothetical else entry)

    for i, (s, text) in enumerate(job.actions):
        for who, gone in taken_back.get(i, ()):
            log.append({"step": i, "text": f"{names[who]} took back: {gone}", "undone": True})
        note(state.apply_text(s, text), i + 1, False)
    step = job.step
    out: dict[str, Any] = {
        "type": "replay",
        "step": step,
        "names": names,
        "action": None if step == 0 else {"seat": job.actions[step - 1][0], "text": job.actions[step - 1][1]},
    }
    if job.line is not None:
        for j, (s, text) in enumerate(job.line):
            try:
                why = messages.not_to_move(state, s, names, f"{names[s]}'s")
                if why is not None:
                    raise IllegalAction(why)
                note(state.apply_text(s, text), step + j + 1, True)
            except GlyphHallError as err:
                return {"error": f"hypothetical move {j + 1} ({text!r} for {names[s]}) is not legal: {err}"}
        out["hypothetical"] = {
            "line": [[s, text] for s, text in job.line],
            "to_move": list(state.to_move()),
            "over": state.is_over(),
            "result": game.result_text(state, names) if state.is_over() else None,
        }
    out["view"] = state.view(seat)
    out["to_move"] = [] if state.is_over() else list(state.to_move())
    out["result_text"] = game.result_text(state, names) if state.is_over() else None
    out.update(messages.legal_part(state.legal_actions(seat) if job.line is not None and seat is not None else []))
    out["log"] = log
    last = step + len(job.line or ())
    out["events"] = [e for e in log if e["step"] == last and not e.get("undone")]  # the last move's
    return out


def _taken_back_by_step(record: Sequence[tuple[int, str, bool]]) -> dict[int, list[tuple[int, str]]]:
    """The moves taken back, keyed by how many standing moves came before each."""
    out: dict[int, list[tuple[int, str]]] = {}
    standing = 0
    for seat, text, undone in record:
        if undone:
            out.setdefault(standing, []).append((seat, text))
        else:
            standing += 1
    return out
