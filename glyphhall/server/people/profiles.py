"""People REST routes: My games, whose turn it is (for the your-turn alerts), profiles and
leaderboards. Results are worded by the games' own `result_text`."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from glyphhall.bots.levels import label as bot_label
from glyphhall.engine import GlyphHallError, first_state
from glyphhall.store import TableInfo, UserInfo

from ..guard.identity import visitor
from ..tables import skill_ratings
from ..tables.live import TableError
from ..tables.manager import TableManager
from . import friends
from .refusals import ProfileError

router = APIRouter(prefix="/api", tags=["people"])

RECENT = 20
_RESULTS: OrderedDict[tuple[str, tuple[str, ...]], str] = OrderedDict()  # (table id, seat names) -> result text


class SeatToken(BaseModel):
    table: str = Field(max_length=64)
    token: str = Field(max_length=200)


class TurnQuery(BaseModel):
    seats: list[SeatToken] = Field(default_factory=list, max_length=100, description="a guest's seats (tokens from localStorage)")
    focused: bool = Field(False, description="whether the asking page has the focus (no e-mail or push then)")


def _manager(request: Request) -> TableManager:
    return request.app.state.manager


async def _signed_in(request: Request) -> UserInfo:
    v = await visitor(request)
    if v.user is None:
        raise ProfileError(v.problem or "sign in to see your games", 401)
    return v.user


def seat_names(info: TableInfo) -> list[str]:
    return [s.name or (bot_label(s.bot) if s.kind == "bot" else f"Player {s.seat + 1}") for s in info.seats]


def outcome(result: list[float] | None, seat: int) -> str | None:
    """win, draw or loss for `seat` (a draw: everybody has the same return)."""
    if not result or not 0 <= seat < len(result):
        return None
    best = max(result)
    if all(r == best for r in result):
        return "draw"
    return "win" if result[seat] == best else "loss"


async def _result_text(m: TableManager, info: TableInfo) -> str | None:
    if info.status != "finished":
        return None
    names = seat_names(info)
    # (keyed by the names too: a deleted account's name becomes "deleted player" in the result)
    key = (info.id, tuple(names))
    if key in _RESULTS:
        return _RESULTS[key]
    try:
        game = m.catalog.get(info.game)
        actions = await m.db(m.store.actions, info.id)
        final = await asyncio.to_thread(_replay, game, info, actions)
        text = game.result_text(final, names)
    except (KeyError, GlyphHallError):
        return None
    _RESULTS[key] = text
    while len(_RESULTS) > 5000:
        _RESULTS.popitem(last=False)
    return text


def _replay(game: Any, info: TableInfo, actions: list[tuple[int, str]]) -> Any:
    state = first_state(game, info.players, info.seed, info.options, info.position)
    for seat, text in actions:
        state.apply_text(seat, text)
    return state


async def _to_move(m: TableManager, info: TableInfo) -> list[int]:
    if info.status != "running":
        return []
    try:
        table = await m.get(info.id)
    except TableError:
        return []
    return [] if table.state is None or table.status != "running" else list(table.state.to_move())


async def _my_table(m: TableManager, info: TableInfo, user_id: int) -> dict[str, Any]:
    names = seat_names(info)
    mine = [s.seat for s in info.seats if s.user_id == user_id]
    to_move = await _to_move(m, info)
    return {
        "id": info.id,
        "game": info.game,
        "game_name": _game_name(m, info.game),
        "status": info.status,
        "created_at": info.created_at,
        "finished_at": info.finished_at,
        "seats": names,
        "my_seats": mine,
        "to_move": [names[s] for s in to_move],
        "your_turn": any(s in to_move for s in mine),
        "outcome": outcome(info.result, mine[0]) if mine else None,
        "result": await _result_text(m, info),
        "rated": info.rated,
        "link": f"/r/{info.id}" if info.status == "finished" else f"/t/{info.id}",
    }


def _game_name(m: TableManager, game_id: str) -> str:
    try:
        return m.catalog.get(game_id).name
    except KeyError:
        return game_id


@router.get("/me/games", summary="My games: every open, running and finished table of mine, newest first, with whose turn it is")
async def my_games(request: Request) -> dict[str, Any]:
    m = _manager(request)
    user = await _signed_in(request)
    ids = await m.db(m.store.table_ids_of_user, user.id, ("open", "running", "finished"))
    infos = await m.db(m.store.tables, ("open", "running", "finished"), len(ids) or 1, ids)
    return {"tables": [await _my_table(m, info, user.id) for info in infos],
            "invitations": await friends.invitations(m, user.id)}


@router.post("/turns", summary="The tables waiting for a move of mine (my account's, and a guest's seats by token)")
async def turns(body: TurnQuery, request: Request) -> dict[str, Any]:
    m = _manager(request)
    user = (await visitor(request)).user
    waiting: dict[str, dict[str, Any]] = {}
    if user is not None:
        notifier = request.app.state.notifier
        notifier.learn_base(str(request.base_url))
        await notifier.note_presence(user.id, body.focused)
        for inv in await friends.invitations(m, user.id):  # an invitation sets off the alert too
            waiting[inv["table"]] = {"table": inv["table"], "game_name": inv["game_name"], "link": inv["link"],
                                     "invitation": inv["from"]}
        ids = await m.db(m.store.table_ids_of_user, user.id, ("running",))
        for table_id in ids:
            table = await _live(m, table_id)
            seat = None if table is None else table.seat_of_user(user.id)
            if table is not None and seat is not None and _waits_for(table, seat):
                waiting[table_id] = _waiting(table)
    for st in body.seats:
        table = await _live(m, st.table)
        seat = None if table is None else table.seat_of_token(st.token)
        if table is not None and seat is not None and _waits_for(table, seat):
            waiting[st.table] = _waiting(table)
    return {"waiting": list(waiting.values())}


async def _live(m: TableManager, table_id: str) -> Any:
    try:
        return await m.get(table_id)
    except TableError:
        return None


def _waits_for(table: Any, seat: int) -> bool:
    return table.status == "running" and table.state is not None and seat in table.state.to_move()


def _waiting(table: Any) -> dict[str, Any]:
    return {"table": table.id, "game_name": table.game.name, "link": f"/t/{table.id}"}


@router.get("/users/{name}", summary="A person's profile: games, wins/draws/losses and rating per game, recent matches")
async def profile(name: str, request: Request) -> dict[str, Any]:
    m = _manager(request)
    user = await m.db(m.store.user_named, name)
    if user is None:
        raise ProfileError(f"there is no account named {name!r} (guests have no profile)", 404)
    entry = f"user:{user.id}"
    ids = await m.db(m.store.table_ids_of_user, user.id, ("finished",), 1000)
    infos = await m.db(m.store.tables, ("finished",), len(ids) or 1, ids)
    ratings = {r.game: r for r in await m.db(m.store.ratings_of, entry)}
    changes = await m.db(m.store.rating_changes, entry)
    games: dict[str, dict[str, Any]] = {}
    for info in infos:
        seat = next(s.seat for s in info.seats if s.user_id == user.id)
        g = games.setdefault(info.game, _game_line(m, info.game))
        g["played"] += 1
        g[{"win": "wins", "draw": "draws", "loss": "losses"}.get(outcome(info.result, seat) or "", "unfinished")] += 1
    for game_id, r in ratings.items():
        g = games.setdefault(game_id, _game_line(m, game_id))
        g["rating"] = skill_ratings.shown((r.mu, r.sigma))
        g["rated_matches"] = r.matches
    for c in changes:
        games.setdefault(c.game, _game_line(m, c.game))["history"].append(
            {"table": c.table_id, "at": c.at, "rating": skill_ratings.shown(c.after), "before": skill_ratings.shown(c.before)}
        )
    for game_id, puzzles in (await m.db(m.store.player_puzzle_ratings, user.id)).items():
        if game_id in m.catalog.ids():
            g = games.setdefault(game_id, _game_line(m, game_id))
            g["puzzle_rating"], g["puzzles_tried"] = puzzles.rating.shown, puzzles.attempts
    by_table = {c.table_id: c for c in changes}
    recent = []
    for info in infos[:RECENT]:
        line = await _my_table(m, info, user.id)
        change = by_table.get(info.id)
        line["rating_change"] = None if change is None else round(skill_ratings.shown(change.after) - skill_ratings.shown(change.before), 1)
        line["replay"] = f"/r/{info.id}"
        recent.append(line)
    return {
        "name": user.name,
        "joined": user.created_at,
        "games": sorted(games.values(), key=lambda g: g["game_name"]),
        "recent": recent,
    }


def _game_line(m: TableManager, game_id: str) -> dict[str, Any]:
    return {
        "game": game_id, "game_name": _game_name(m, game_id), "played": 0, "wins": 0, "draws": 0,
        "losses": 0, "unfinished": 0, "rating": None, "rated_matches": 0, "history": [],
        "puzzle_rating": None, "puzzles_tried": 0,
    }


@router.get("/leaderboard/{game_id}", summary="A game's ladder: people and bot levels by rating (mu - 3 sigma)")
async def leaderboard(game_id: str, request: Request) -> dict[str, Any]:
    m = _manager(request)
    if game_id not in m.catalog.ids():
        raise ProfileError(f"there is no game {game_id!r}; games: {', '.join(m.catalog.ids())}", 404)
    rows = await m.db(m.store.leaderboard, game_id)
    users = await m.db(m.store.users_by_id, [int(r.entry[5:]) for r in rows if r.entry.startswith("user:")])
    out = []
    for place, r in enumerate(rows, 1):
        kind, _, key = r.entry.partition(":")
        person = users.get(int(key)) if kind == "user" else None
        if kind == "user" and person is None:
            continue  # an account since removed
        out.append({
            "place": place,
            "kind": "person" if kind == "user" else "bot",
            "name": person.name if person else bot_label(key),
            "profile": f"/u/{person.name}" if person else None,
            "rating": skill_ratings.shown((r.mu, r.sigma)),
            "mu": round(r.mu, 2),
            "sigma": round(r.sigma, 2),
            "matches": r.matches,
        })
    return {"game": game_id, "game_name": _game_name(m, game_id), "entries": out}
