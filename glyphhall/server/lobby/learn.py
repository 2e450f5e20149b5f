"""Guided first games in the browser (engine/tutorial.py): `/learn/<game>` is the table page in
lesson mode, and `POST /api/learn/<game>` plays the lesson. The server keeps nothing: the page
sends the moves accepted so far with each new move, and the lesson is played again up to there
(a lesson is a few dozen moves of a scripted position: milliseconds). A wrong move is answered
with why, and the position stays. The messages have the shape of a table's (`messages.py`), so
the table page draws the lesson's board with the game's own renderer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from glyphhall.engine import GlyphHallError, filter_events
from glyphhall.engine.position import MAX_TEXT
from glyphhall.engine.tutorial import MAX_STEPS, Lesson, Tutorial
from glyphhall.games.tutorials import tutorial

from ..guard.flood_limits import posted_move_allowed
from ..tables import messages
from ..tables.errors import TableError

router = APIRouter()
WEB = Path(__file__).resolve().parents[2] / "web"

#: What the learner and the other seats are called in a lesson.
OPPONENT = "Your opponent"
NEWCOMER = "Newcomer"  # the learner, unless the page knows their name


class LessonMove(BaseModel):
    moves: list[str] = Field(default_factory=list, max_length=MAX_STEPS,
                             description="the moves of the lesson accepted so far, in order")
    move: str | None = Field(None, max_length=MAX_TEXT, description="the next move (none: the lesson as it stands)")
    name: str | None = Field(None, max_length=40, description="the learner's name in the log (default: Newcomer)")


def _tutorial_of(request: Request, game_id: str) -> Tutorial:
    """The lesson of a game this server offers; 404 for a game it does not offer or one with no lesson."""
    try:
        request.app.state.manager.catalog.get(game_id)
        found = tutorial(game_id)
    except KeyError:
        found = None
    if found is None:
        raise TableError(f"there is no lesson for {game_id!r}", 404)
    return found


@router.get("/api/learn", summary="The games that have a guided first game")
def lessons(request: Request) -> dict[str, Any]:
    out = []
    for game_id in request.app.state.manager.catalog.ids():
        try:
            found = tutorial(game_id)
        except (KeyError, GlyphHallError):
            continue
        if found is not None:
            out.append({"game": game_id, "name": found.game.name, "title": found.title, "href": f"/learn/{game_id}"})
    return {"lessons": out}


@router.get("/learn/{game_id}", include_in_schema=False)
def learn_page(game_id: str) -> FileResponse:
    return FileResponse(WEB / "table.html")


@router.post("/api/learn/{game_id}", summary="Play a guided first game: the moves so far, then the next one")
def play_lesson(game_id: str, body: LessonMove, request: Request) -> dict[str, Any]:
    if not posted_move_allowed(request):
        raise TableError("too many moves from your address; wait a moment", 429)
    found = _tutorial_of(request, game_id)
    lesson = Lesson(found)
    log: list[tuple[int, list[Any]]] = []
    names = _names(found, lesson, body.name)
    for n, move in enumerate(body.moves, start=1):
        answer = lesson.play(move)
        if not answer.accepted:
            raise TableError(f"the lesson does not go on from move {n} ({move!r}): start it again", 400)
        log.append((n, list(answer.events)))
    refused = None
    if body.move is not None:
        answer = lesson.play(body.move)
        if answer.accepted:
            log.append((len(log) + 1, list(answer.events)))
        else:
            refused = answer.message
    return _message(found, lesson, names, log, refused)


def _names(found: Tutorial, lesson: Lesson, name: str | None) -> list[str]:
    count = lesson.state.num_players
    return [(name or NEWCOMER) if i == found.seat else (OPPONENT if count == 2 else f"Opponent {i}") for i in range(count)]


def _message(found: Tutorial, lesson: Lesson, names: list[str], log: list[tuple[int, list[Any]]],
             refused: str | None) -> dict[str, Any]:
    """A table's `state` message for the lesson as it stands, with the lesson's own part."""
    seat, game, state = found.seat, found.game, lesson.state
    table = {
        "id": None, "game": game.id, "game_name": game.name, "status": "running", "result": None,
        "seats": [{"seat": i, "kind": "person" if i == seat else "bot", "bot": None, "name": names[i], "taken": True,
                   "connected": True, "guest": False, "profile": None} for i in range(len(names))],
        "spectators": 0, "practice": True, "position": {"title": found.title}, "rating": "unrated",
        "rating_note": "A lesson: nothing is rated.",
    }
    step = lesson.step if not lesson.done else None
    expected = None
    if step is not None:
        try:
            expected = str(lesson.expected())
        except GlyphHallError:  # the tutorial test keeps this from happening
            expected = step.expect
    return {
        "type": "state", "you": seat, "table": table, "step": len(log),
        **messages.seat_part(state, seat, names),
        **messages.legal_part(state.legal_actions(seat) if step is not None and seat in state.to_move() else []),
        "log": [{"step": n, **messages.worded(e, game, names)} for n, events in log for e in filter_events(events, seat)],
        "deadline": None, "chat": [], "undo": None, "thinking": [],
        "lesson": {
            "title": found.title, "index": lesson.index, "total": len(found.steps), "done": lesson.done,
            "text": step.text if step else found.finish_text, "move": step.expect if step else None, "expected": expected,
            "refused": refused, "bot": found.bot, "options": dict(found.options), "players": game.min_players,
            "seat": seat,
        },
    }
