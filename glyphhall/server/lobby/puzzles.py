"""Puzzles in the browser (`glyphhall/puzzles/`): `/puzzles/<game>` is the table page in puzzle
mode; the routes give the puzzle of the day, the next puzzle (near the player's puzzle rating, not
tried recently, optionally of one theme), a puzzle by id, and play a move (`puzzle_play.py`).

Ratings (Glicko-2, `store/glicko.py`): an account's finished attempt moves its puzzle rating and
the puzzle's (only the first attempt at a puzzle, in the store). A guest's provisional rating is
kept by their browser: the page sends it with the move and gets the new one back; nothing of a
guest is stored, and a guest's attempt never moves the puzzle's rating."""

from __future__ import annotations

import asyncio
import datetime
import random
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from glyphhall.engine import GlyphHallError
from glyphhall.engine.position import MAX_TEXT
from glyphhall.puzzles import THEMES, Puzzle, load_puzzles, puzzle_by_id, puzzle_of_the_day
from glyphhall.store.glicko import (
    HIGHEST,
    LOWEST,
    MAX_DEVIATION,
    MAX_VOLATILITY,
    MIN_DEVIATION,
    MIN_VOLATILITY,
    Glicko,
    after_attempt,
)

from ..guard.flood_limits import posted_move_allowed
from ..guard.identity import visitor
from ..tables.errors import TableError
from . import puzzle_play
from .learn import WEB

router = APIRouter()

#: The most puzzle ids a guest's page may name as seen (it keeps the most recent ones).
MOST_SEEN = 200
#: The next puzzle is drawn among this many unseen ones nearest the player's rating, those at
#: most WINDOW further from it than the nearest one.
NEAREST = 5
WINDOW = 150.0


class GuestRating(BaseModel):
    rating: float = Field(ge=LOWEST, le=HIGHEST)
    deviation: float = Field(ge=MIN_DEVIATION, le=MAX_DEVIATION)
    volatility: float = Field(ge=MIN_VOLATILITY, le=MAX_VOLATILITY)


class PuzzleMove(BaseModel):
    moves: list[str] = Field(default_factory=list, max_length=20,
                             description="the solver's moves of this attempt accepted so far, in order")
    move: str = Field(max_length=MAX_TEXT, description="the next move")
    name: str | None = Field(None, max_length=40, description="the solver's name in the log")
    guest: GuestRating | None = Field(None, description="a guest's provisional rating (from their browser)")


def _puzzles_of(request: Request, game_id: str) -> tuple[Puzzle, ...]:
    """A game's puzzles; 404 for a game this server does not offer or one without puzzles."""
    try:
        request.app.state.manager.catalog.get(game_id)
        found = load_puzzles(game_id)
    except KeyError:
        found = ()
    except GlyphHallError as err:  # the puzzles' own tests keep a shipped file loading
        raise TableError(f"the puzzles of {game_id} do not load: {err}", 500) from None
    if not found:
        raise TableError(f"there are no puzzles for {game_id!r}", 404)
    return found


def _puzzle(request: Request, puzzle_id: str) -> Puzzle:
    try:
        found = puzzle_by_id(puzzle_id)
        request.app.state.manager.catalog.get(found.game_id)
    except KeyError:
        raise TableError(f"there is no puzzle {puzzle_id!r:.60}", 404) from None
    return found


async def _ratings(request: Request, game_id: str) -> dict[str, Glicko]:
    m = request.app.state.manager
    return {pid: r.rating for pid, r in (await m.db(m.store.puzzle_ratings, game_id)).items()}


def _current(puzzle: Puzzle, ratings: dict[str, Glicko]) -> Glicko:
    """The puzzle's rating: the store's once played, the shipped start until then."""
    return ratings.get(puzzle.id) or Glicko(puzzle.rating, puzzle.deviation)


def _shown(g: Glicko) -> dict[str, Any]:
    return {"rating": g.shown, "deviation": round(g.deviation), "provisional": g.provisional}


async def _player(request: Request, game_id: str) -> tuple[int | None, Glicko | None]:
    """The signed-in account and its puzzle rating in the game (None before its first attempt)."""
    user = (await visitor(request)).user
    if user is None:
        return None, None
    m = request.app.state.manager
    found = (await m.db(m.store.player_puzzle_ratings, user.id)).get(game_id)
    return user.id, found.rating if found else None


async def _attempt(request: Request, puzzle: Puzzle, name: str | None, rating: dict[str, Any]) -> dict[str, Any]:
    """A puzzle as the solver first sees it."""
    names = puzzle_play.names(puzzle, await _name(request, name))
    _, msg = await asyncio.to_thread(puzzle_play.answer, puzzle, [], None, names, rating)
    return msg


@router.get("/puzzles/{game_id}", include_in_schema=False)
def puzzles_page(game_id: str) -> FileResponse:
    return FileResponse(WEB / "table.html")


@router.get("/api/puzzles", summary="The games that have puzzles")
def puzzle_games(request: Request) -> dict[str, Any]:
    out = []
    catalog = request.app.state.manager.catalog
    for game_id in catalog.ids():
        try:
            found = load_puzzles(game_id)
        except GlyphHallError:  # a game whose puzzles do not load offers none (its own page says why)
            continue
        if found:
            out.append({"game": game_id, "name": catalog.get(game_id).name, "count": len(found),
                        "href": f"/puzzles/{game_id}"})
    return {"games": out}


@router.get("/api/puzzles/{game_id}", summary="A game's puzzles: themes, the puzzle of the day, your puzzle rating")
async def puzzle_overview(game_id: str, request: Request) -> dict[str, Any]:
    found = _puzzles_of(request, game_id)
    user_id, mine = await _player(request, game_id)
    themes = [{"theme": key, "name": name, "count": sum(p.theme == key for p in found)} for key, name in THEMES.items()]
    return {
        "game": game_id, "name": request.app.state.manager.catalog.get(game_id).name, "count": len(found),
        "themes": [t for t in themes if t["count"]],
        "daily": puzzle_of_the_day(game_id, datetime.date.today()).id,
        "signed_in": user_id is not None,
        "player": _shown(mine) if mine else None,
    }


@router.get("/api/puzzles/{game_id}/daily", summary="The puzzle of the day, the same for everyone")
async def daily_puzzle(game_id: str, request: Request, name: str | None = Query(None, max_length=40)) -> dict[str, Any]:
    _puzzles_of(request, game_id)
    puzzle = puzzle_of_the_day(game_id, datetime.date.today())
    return await _attempt(request, puzzle, name, {"daily": True})


@router.get("/api/puzzles/{game_id}/next", summary="The next puzzle: near your puzzle rating, not tried recently")
async def next_puzzle(
    game_id: str, request: Request,
    theme: str | None = Query(None, max_length=40, description="only puzzles of this theme"),
    rating: float | None = Query(None, ge=0, le=4000, description="a guest's provisional rating"),
    seen: str = Query("", max_length=MOST_SEEN * 65, description="a guest's puzzles tried, comma-separated"),
    name: str | None = Query(None, max_length=40),
) -> dict[str, Any]:
    found = _puzzles_of(request, game_id)
    if theme is not None and theme not in THEMES:
        raise TableError(f"there is no puzzle theme {theme!r:.40}; the themes are {', '.join(THEMES)}", 400)
    m = request.app.state.manager
    user_id, mine = await _player(request, game_id)
    if user_id is not None:
        tried = await m.db(m.store.puzzles_tried, user_id, game_id, MOST_SEEN)
        target = (mine or Glicko()).rating
    else:
        tried = [p for p in seen.split(",") if p][:MOST_SEEN]
        target = rating if rating is not None else Glicko().rating
    candidates = [p for p in found if theme is None or p.theme == theme]
    if not candidates:
        raise TableError(f"{m.catalog.get(game_id).name} has no puzzles of that theme yet", 404)
    puzzle = _nearest_unseen(candidates, tried, target, await _ratings(request, game_id))
    return await _attempt(request, puzzle, name, {"daily": False})


def _nearest_unseen(candidates: list[Puzzle], tried: list[str], target: float, ratings: dict[str, Glicko]) -> Puzzle:
    """One of the few puzzles nearest `target` among those not tried; once all were tried, the
    one tried longest ago (`tried` is most recent first)."""
    fresh = [p for p in candidates if p.id not in set(tried)]
    if not fresh:
        order = {pid: i for i, pid in enumerate(tried)}
        return max(candidates, key=lambda p: order.get(p.id, len(order)))
    distance = {p.id: abs(_current(p, ratings).rating - target) for p in fresh}
    fresh.sort(key=lambda p: distance[p.id])
    near = [p for p in fresh[:NEAREST] if distance[p.id] <= distance[fresh[0].id] + WINDOW]
    return random.choice(near)


@router.get("/api/puzzle/{puzzle_id}", summary="A puzzle by its id, as the solver sees it")
async def one_puzzle(puzzle_id: str, request: Request, name: str | None = Query(None, max_length=40)) -> dict[str, Any]:
    puzzle = _puzzle(request, puzzle_id)
    return await _attempt(request, puzzle, name, {})


@router.post("/api/puzzle/{puzzle_id}", summary="Try a move in a puzzle: the moves accepted so far, then the next")
async def puzzle_move(puzzle_id: str, body: PuzzleMove, request: Request) -> dict[str, Any]:
    if not posted_move_allowed(request):
        raise TableError("too many moves from your address; wait a moment", 429)
    puzzle = _puzzle(request, puzzle_id)
    names = puzzle_play.names(puzzle, await _name(request, body.name))
    played, msg = await asyncio.to_thread(puzzle_play.answer, puzzle, body.moves, body.move, names, {})
    if played.over:  # rated once the attempt is over, and only then
        msg["puzzle"].update(await _rate(request, puzzle, played.status == "solved", body.guest))
    return msg


async def _name(request: Request, typed: str | None) -> str | None:
    """The solver's name in the log: the account's, else the one the page keeps (a guest's)."""
    user = (await visitor(request)).user
    return user.name if user is not None else typed


async def _rate(request: Request, puzzle: Puzzle, solved: bool, guest: GuestRating | None) -> dict[str, Any]:
    """The ratings once an attempt is over: an account's stored, a guest's computed and handed back."""
    m = request.app.state.manager
    start = Glicko(puzzle.rating, puzzle.deviation)
    user = (await visitor(request)).user
    if user is not None:
        outcome = await m.db(m.store.rate_puzzle_attempt, user.id, puzzle.game_id, puzzle.id, start, solved)
        return {
            "rated": outcome.rated, "puzzle_rating": outcome.puzzle_before.shown,
            "player": {**_shown(outcome.player_after), "change": outcome.player_after.shown - outcome.player_before.shown},
        }
    # A guest's attempt never moves the puzzle's rating: anonymous attempts cost nothing to make
    # (a script could fail or solve a puzzle thousands of times and push it anywhere), so only
    # accounts, once per puzzle, rate puzzles.
    current = _current(puzzle, await _ratings(request, puzzle.game_id))
    before = Glicko(guest.rating, guest.deviation, guest.volatility) if guest else Glicko()
    after, _ = after_attempt(before, current, solved)
    return {
        "rated": True, "puzzle_rating": current.shown,
        "player": {**_shown(after), "change": after.shown - before.shown},
        "guest_rating": {"rating": after.rating, "deviation": after.deviation, "volatility": after.volatility},
    }
