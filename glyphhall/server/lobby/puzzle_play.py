"""A puzzle attempt in the browser, kept by nobody: the page sends the solver's moves accepted so
far with each new move, and the attempt is played again from the puzzle's position (a puzzle's
line is a move or a few). The answer is the table page's `state` message, the solver seat's view
only (`tables/messages.py`, the code table pages use), with the puzzle's own part; the line and
the explanation are in it only once the attempt is over (solved or failed)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from glyphhall.engine import Event, GlyphHallError, IllegalAction, State, filter_events
from glyphhall.puzzles import THEMES, Puzzle, puzzle_start, try_move

from ..tables import messages
from ..tables.errors import TableError

#: What the solver is called in the log when neither an account nor the page gives a name.
SOLVER = "Solver"
#: How many of the game's last events (as the solver saw them) lead into the puzzle's log.
LEAD_IN = 12

#: Puzzle id -> the position the solver faces and the game's events before it (a puzzle is
#: replayed from its seed once, then copied for each request).
_STARTS: OrderedDict[str, tuple[State, tuple[tuple[Event, ...], ...]]] = OrderedDict()
_STARTS_KEPT = 64
_STARTS_LOCK = threading.Lock()  # the routes play puzzles in worker threads


def _start(puzzle: Puzzle) -> tuple[State, tuple[tuple[Event, ...], ...]]:
    with _STARTS_LOCK:
        found = _STARTS.pop(puzzle.id, None)
    if found is None:
        try:
            found = puzzle_start(puzzle)
        except GlyphHallError as err:  # the puzzles' own test keeps this from happening
            raise TableError(f"this puzzle cannot be set up: {err}", 500) from None
    with _STARTS_LOCK:
        _STARTS[puzzle.id] = found
        while len(_STARTS) > _STARTS_KEPT:
            _STARTS.popitem(last=False)
    return found[0].clone(), found[1]


@dataclass
class Played:
    """Where an attempt stands: the position, the next step of the line, and how it ended."""

    puzzle: Puzzle
    state: State
    step: int = 0
    status: str = "playing"  # "playing", "solved" or "failed"
    message: str = ""
    last: tuple[Event, ...] = ()  # the events of the solver's last right move

    @property
    def over(self) -> bool:
        return self.status != "playing"


def play(puzzle: Puzzle, moves: list[str], move: str | None) -> Played:
    """The attempt after the moves accepted so far, then `move`. Refused (TableError 400, nothing
    kept) when the moves so far are not the puzzle's or `move` is not a legal move."""
    state, _ = _start(puzzle)
    played = Played(puzzle, state, message="Find the best move.")
    for n, earlier in enumerate(moves, start=1):
        if played.over:
            raise TableError("the puzzle is over after your earlier moves: start it again", 400)
        try:
            attempt = try_move(puzzle, played.state, played.step, earlier)
        except GlyphHallError:
            attempt = None
        if attempt is None or not attempt.correct:
            raise TableError(f"the puzzle does not go on from your move {n} ({earlier!r}): start it again", 400)
        _advance(played, earlier, attempt.state, attempt.solved, attempt.message)
    if move is None:
        return played
    if played.over:
        raise TableError("this puzzle is over: open the next one", 400)
    try:
        attempt = try_move(puzzle, played.state, played.step, move)
    except IllegalAction as err:
        raise TableError(f"{move!r} is not a legal move here: {err}", 400) from None
    except GlyphHallError as err:
        raise TableError(f"{move!r} cannot be played here: {err}", 400) from None
    if not attempt.correct:
        played.status, played.message = "failed", f"{move} is not the best move here."
        return played
    _advance(played, move, attempt.state, attempt.solved, attempt.message)
    return played


def _advance(played: Played, move: str, after: State, solved: bool, message: str) -> None:
    # The right move's events for the log: played again on a copy (an Attempt carries none).
    played.last = tuple(played.state.clone().apply_text(played.puzzle.seat, move))
    played.state, played.step = after, played.step + 1
    played.status = "solved" if solved else "playing"
    played.message = "Solved!" if solved else message


def names(puzzle: Puzzle, name: str | None) -> list[str]:
    """The seats' names in the log: the solver's own, and "Opponent" for the others."""
    return [(name or SOLVER) if i == puzzle.seat else ("Your opponent" if puzzle.players == 2 else f"Opponent {i}")
            for i in range(puzzle.players)]


def answer(puzzle: Puzzle, moves: list[str], move: str | None, seat_names: list[str],
           rating: dict[str, Any]) -> tuple[Played, dict[str, Any]]:
    """`play`, then its `message` (what the routes run in a worker thread: a first replay of a
    long game takes a moment)."""
    played = play(puzzle, moves, move)
    return played, message(played, seat_names, rating)


def message(played: Played, seat_names: list[str], rating: dict[str, Any]) -> dict[str, Any]:
    """A table's `state` message for the attempt as it stands, with the puzzle's own part. The
    line and the explanation only once it is over; `rating` is what the page shows of ratings."""
    puzzle, state, seat = played.puzzle, played.state, played.puzzle.seat
    game = state.game
    table = {
        "id": None, "game": game.id, "game_name": game.name, "status": "running", "result": None,
        "seats": [{"seat": i, "kind": "person" if i == seat else "bot", "bot": None, "name": seat_names[i], "taken": True,
                   "connected": True, "guest": False, "profile": None} for i in range(len(seat_names))],
        "spectators": 0, "practice": True, "position": {"title": THEMES.get(puzzle.theme, puzzle.theme)},
        "rating": "puzzle", "rating_note": "A puzzle: it moves your puzzle rating, not your game rating.",
    }
    # The log's steps count the game's moves: the opponent's last one is the page's "Last move"
    # until the solver plays.
    _, lead_in = _start(puzzle)
    log = [{"step": n, **messages.worded(e, game, seat_names)}
           for n, events in enumerate(lead_in, start=1) for e in filter_events(events, seat)][-LEAD_IN:]
    step = len(lead_in) + played.step
    log += [{"step": step, **messages.worded(e, game, seat_names)} for e in filter_events(played.last, seat)]
    part = messages.seat_part(state, seat, seat_names)
    if played.over:  # nothing more to play; the page's banner says how it went
        part["legal"], part["to_move"] = [], []
        table["banner"] = "Puzzle solved!" if played.status == "solved" else "Not the best move: the answer is beside the board"
    return {
        "type": "state", "you": seat, "table": table, "step": step, **part, "log": log,
        "deadline": None, "chat": [], "undo": None, "thinking": [],
        "puzzle": {
            "id": puzzle.id, "game": game.id, "theme": puzzle.theme, "theme_name": THEMES.get(puzzle.theme, puzzle.theme),
            "step": played.step, "steps": len(puzzle.line), "status": played.status, "message": played.message,
            "seat": seat,
            "explanation": puzzle.explanation if played.over else None,
            "answer": [list(step) for step in puzzle.line] if played.over else None,
            **rating,
        },
    }
