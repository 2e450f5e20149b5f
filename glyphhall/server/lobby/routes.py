"""Lobby REST routes: games and their options, creating tables, seats and tokens, starting,
leaving, and the list of open and running tables."""

from __future__ import annotations

import asyncio
import re
import tomllib
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from glyphhall.bots.levels import resolve as resolve_level
from glyphhall.engine import Game, GlyphHallError
from glyphhall.store import UserInfo

from ..guard import guest_names
from ..guard.identity import user_of
from ..guard.tokens import new_seed, new_table_id, new_token, token_hash
from ..tables import keepsakes
from ..tables.catalog import game_folder
from ..tables.live import LiveTable, TableError
from ..tables.manager import TableManager
from ..tables.seats import vacate_seat
from ..tables.table_info import SeatState, position_info
from . import practice_positions

router = APIRouter(prefix="/api", tags=["lobby"])

MAX_NAME = 40
DATA_NAME = re.compile(r"^[a-z0-9_-]{1,40}$")

_NTH = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _the_seat(index: int) -> str:
    """A seat as a refusal names it to a player ("the second seat", never "seat 1")."""
    return f"the {_NTH[index]} seat" if index < len(_NTH) else f"seat number {index + 1}"


class SeatSpec(BaseModel):
    kind: Literal["person", "bot"] = Field(description="a person who takes the seat, or a bot")
    bot: str | None = Field(None, description="the bot level, for a bot seat (see /api/games)")
    name: str | None = Field(None, max_length=MAX_NAME)


class CreateTable(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=16)
    turn_seconds: int = Field(0, ge=0, le=86400, description="0 for no turn timer")
    undo: bool = Field(True, description="players may take back moves of their turn (never in rated games)")
    practice: bool = Field(
        False, description="a practice table: never rated, and it may be given a seed, shown to every player")
    seed: int | None = Field(None, ge=0, lt=2**62, description="practice tables only: the seed to play (random unless given)")
    position: str | None = Field(
        None, description="a position's TOML text (see the game's README, 'Positions'): the table begins from it "
        "(always practice; the position sets the seed and the options)")
    position_name: str | None = Field(
        None, max_length=60, description="or the name of one of the game's packaged positions (/api/games/{game}/positions)")


class TakeSeat(BaseModel):
    name: str = Field(min_length=1, max_length=MAX_NAME)


class WithToken(BaseModel):
    token: str | None = Field(None, max_length=200)


def manager(request: Request) -> TableManager:
    return request.app.state.manager


def game_named(request: Request, game_id: str) -> Game:
    """The game this server offers under `game_id`; 404 naming the known games."""
    try:
        return manager(request).catalog.get(game_id)
    except KeyError as err:
        raise TableError(str(err).strip('"'), 404) from None


@router.get("/games", summary="Every game this server offers, with its options and the bot levels")
async def list_games(request: Request) -> dict[str, Any]:
    m = manager(request)
    return {
        "games": [m.catalog.describe(m.catalog.get(i)) for i in m.catalog.ids()],
        **m.catalog.bot_offer(),
    }


@router.get("/games/{game_id}/data/{name}", summary="A game's public data file (TOML) as JSON, for its renderer")
async def game_data(game_id: str, name: str, request: Request) -> dict[str, Any]:
    game = game_named(request, game_id)
    if not DATA_NAME.match(name):
        raise TableError("a data file name is lower-case letters, digits, '-' and '_'", 404)
    folder = game_folder(game, "data")
    path = folder / f"{name}.toml" if folder else None
    if path is None or not path.is_file():
        raise TableError(f"{game.name} has no data file {name!r}", 404)
    with path.open("rb") as f:
        return tomllib.load(f)


@router.post("/tables", status_code=201, summary="Create a table (it opens for seats to be taken)")
async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
    m = manager(request)
    address = request.client.host if request.client else "?"
    hall = request.app.state.create_hall_window  # the whole hall's count, with several processes
    if not request.app.state.create_buckets.allow(address) or (hall is not None and await hall.wait(address) > 0):
        raise TableError("too many tables created from your address; wait a minute", 429)
    if hall is not None:
        await hall.note(address)
    try:
        game = m.catalog.get(body.game)
    except KeyError as err:
        raise TableError(str(err).strip('"')) from None
    levels = m.catalog.bot_levels()
    seats: list[tuple[str, str | None, str | None]] = []
    for i, s in enumerate(body.seats):
        if s.kind == "bot":
            level = s.bot or "random"
            if resolve_level(level) not in levels:  # a level's key or name ("hard"), or an old spec
                raise TableError(f"{_the_seat(i)}: there is no computer level {level!r}; levels: "
                                 f"{', '.join(m.catalog.bot_offer()['bots'])}")
            seats.append(("bot", resolve_level(level), await _guest_name(m, s.name) if s.name else None))
        else:
            if s.bot:
                raise TableError(f"{_the_seat(i).capitalize()} is for a person, so it takes no computer level")
            seats.append(("person", None, None))
    if body.position is not None or body.position_name is not None:
        return await _create_from_position(m, game, body, seats)
    if body.seed is not None and not body.practice:
        # A chosen seed lets its chooser compute every hidden card offline: only for practice.
        raise TableError("the server chooses the seed; a chosen seed is for practice tables "
                         "(practice: true), which are never rated and show their seed to every player")
    seed = new_seed() if body.seed is None else body.seed
    try:
        options = game.resolve_options(body.options)
        options = await m.db(keepsakes.prepare_options, game, options, m.store)
        # A trial game proves the table can start; its options are the canonical ones to store.
        options = dict(game.new(len(seats), seed, options).options)
    except GlyphHallError as err:
        raise TableError(str(err)) from None
    table_id = new_table_id()
    await m.db(
        m.store.create_table, table_id, game.id, game.version, options, seed, seats, body.turn_seconds, body.undo,
        body.practice,
    )
    table = await m.get(table_id)
    return {**table.public_info(), "invite": f"/t/{table_id}"}


async def _create_from_position(m: TableManager, game: Game, body: CreateTable, seats: list[Any]) -> dict[str, Any]:
    """A practice table beginning from a position: checked by the game's loader first, so a
    position that does not load creates nothing."""
    if "practice" in body.model_fields_set and not body.practice:
        raise TableError("a table from a position is always practice (never rated): its set-up was chosen by a person")
    if body.seed is not None or body.options:
        raise TableError("the position sets the seed and the options itself")
    text = practice_positions.chosen(game, body.position, body.position_name)
    state = await asyncio.to_thread(practice_positions.load, game, text, len(seats))
    table_id = new_table_id()
    await m.db(
        m.store.create_table, table_id, game.id, game.version, dict(state.options), state.seed, seats,
        body.turn_seconds, body.undo, True, text,
    )
    table = await m.get(table_id)
    return {**table.public_info(), "invite": f"/t/{table_id}"}


@router.get("/games/{game_id}/positions", summary="A game's packaged positions (puzzles, teaching positions)")
async def packaged_positions(game_id: str, request: Request) -> dict[str, Any]:
    game = game_named(request, game_id)
    found = await asyncio.to_thread(practice_positions.packaged, game)
    return {"positions": [p.public() for p in found], "max_chars": practice_positions.MAX_POSITION}


class PositionText(BaseModel):
    text: str


@router.post("/games/{game_id}/positions/check",
             summary="Check a position's TOML text: the players and title it sets, or why it does not load")
async def check_position(game_id: str, body: PositionText, request: Request) -> dict[str, Any]:
    game = game_named(request, game_id)
    text = practice_positions.chosen(game, body.text, None)
    state = await asyncio.to_thread(practice_positions.load, game, text)
    return {"players": state.num_players, "title": practice_positions.title_of(text)}


@router.get("/tables", summary="Open and running tables, newest first")
async def list_tables(request: Request, status: str = "open,running") -> dict[str, Any]:
    m = manager(request)
    wanted = tuple(s for s in status.split(",") if s)
    bad = [s for s in wanted if s not in ("open", "running", "finished")]
    if bad:
        raise TableError(f"status can be open, running or finished, not {', '.join(bad)}")
    infos = await m.db(m.store.tables, wanted, 200, None, False)  # without positions' texts
    out = []
    for info in infos:
        live = m.tables.get(info.id)
        if live is not None:
            out.append(live.public_info())
        else:
            out.append(
                {
                    "id": info.id,
                    "game": info.game,
                    "options": info.options,
                    "players": info.players,
                    "status": info.status,
                    "turn_seconds": info.turn_seconds,
                    "result": info.result,
                    "practice": info.practice,
                    **({"seed": info.seed} if info.practice else {}),
                    "position": position_info(info.from_position, info.position_title),
                    "seats": [
                        {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "taken": s.taken}
                        for s in info.seats
                    ],
                }
            )
    return {"tables": out}


@router.get("/tables/{table_id}", summary="One table's public information")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    return (await manager(request).get(table_id)).public_info()


@router.post(
    "/tables/{table_id}/seats/{seat}",
    summary="Take a free seat: answers the seat's secret token",
    description="Signed in, the seat is tied to the account and shows its name (`name` is ignored); "
    "a guest's name may not be a registered user name.",
)
async def take_seat(table_id: str, seat: int, body: TakeSeat, request: Request) -> dict[str, Any]:
    m = manager(request)
    user = await user_of(request)
    name = user.name if user else await _guest_name(m, body.name)
    table = await m.get(table_id)
    async with table.lock:
        _check_seat(table, seat)
        if table.status != "open":
            raise TableError("the game has already started; you can watch it", 409)
        s = table.seats[seat]
        if s.kind != "person":
            raise TableError("that seat is played by a bot", 409)
        token = new_token()
        name = name or f"player {seat}"
        user_id = user.id if user else None
        if not await m.db(m.store.take_seat, table_id, seat, name, token_hash(token), user_id):
            raise TableError("that seat is already taken", 409)
        s.name, s.token_hash, s.user_id = name, token_hash(token), user_id
        table.broadcast_table()
    await m.announce("table", table_id)
    return {"seat": seat, "token": token, "table": table.public_info()}


@router.post("/tables/{table_id}/leave", summary="Leave your seat (a bot finishes a running game for you)")
async def leave(table_id: str, body: WithToken, request: Request) -> dict[str, Any]:
    m = manager(request)
    table = await m.get(table_id)
    user = await user_of(request)
    async with table.lock:
        await vacate_seat(m, table, _seat_of(table, body.token, user))
        table.broadcast_table()
    await m.announce("table", table_id)
    m.after_change(table)
    return table.public_info()


@router.post("/tables/{table_id}/start", summary="Start the game once every seat is taken")
async def start(table_id: str, body: WithToken, request: Request) -> dict[str, Any]:
    m = manager(request)
    table = await m.get(table_id)
    user = await user_of(request)
    async with table.lock:
        await _refresh_seats(m, table)
        if any(s.kind == "person" for s in table.seats):
            _seat_of(table, body.token, user)  # only a seated person may start
        await start_locked(m, table)
    await m.announce("table", table_id)
    m.after_change(table)
    return table.public_info()


async def _refresh_seats(m: TableManager, table: LiveTable) -> None:
    """The seats as the store has them: another process may have seated someone a moment ago
    (its note may not have arrived yet), and a state-changing check must not read a stale copy."""
    stored = await m.db(m.store.table, table.id)
    if stored is not None and table.status == "open":
        table.seats = [SeatState(x.kind, x.bot, x.name, x.token_hash, x.user_id) for x in stored.seats]


async def start_locked(m: TableManager, table: LiveTable) -> None:
    """Start an open table whose seats are all taken (call with its lock held)."""
    if table.status != "open":
        raise TableError("the game has already started", 409)
    free = sum(1 for s in table.seats if s.kind == "person" and s.token_hash is None)
    if free:
        raise TableError(f"{free} seat{'s are' if free > 1 else ' is'} still free", 409)
    if not await m.db(m.store.start, table.id):
        raise TableError("the game has already started", 409)
    table.rebuild([])
    table.status = "running"
    await m.claim(table.id)
    table.restart_timer()
    for conn in list(table.connections):
        conn.push(table.full_state(conn.seat))


async def _guest_name(m: TableManager, raw: str) -> str:
    """A name typed without an account (a guest's, a bot seat's label): clean, and not a
    registered person's or a lookalike of one (guest_names.py). Raises TableError."""
    try:
        name = guest_names.clean(raw, MAX_NAME)
    except guest_names.NameRefused as err:
        raise TableError(str(err)) from None
    try:
        await guest_names.refuse_registered(name, lambda n: m.db(m.store.user_named, n))
    except guest_names.NameRefused as err:
        raise TableError(str(err), 409) from None
    return name


def _check_seat(table: LiveTable, seat: int) -> None:
    if not 0 <= seat < table.players:
        raise TableError(f"this table has seats 0 to {table.players - 1}, not {seat}", 404)


def _seat_of(table: LiveTable, token: str | None, user: UserInfo | None = None) -> int:
    """The seat of this token, or (without one) of the signed-in account."""
    mine = table.seat_of_user(user.id) if user is not None and not token else None
    if mine is not None:
        return mine
    if not token:
        raise TableError("this needs your seat token (take a seat first)", 403)
    seat = table.seat_of_token(token)
    if seat is None:
        raise TableError("that seat token does not belong to this table", 403)
    return seat


@router.get("/vault/{game_id}", summary="What a game keeps between matches on this server (Inscription's death cards)")
async def vault(request: Request, game_id: str) -> dict[str, Any]:
    m = manager(request)
    if game_id not in m.catalog.ids():
        raise TableError(f"no game {game_id!r}", 404)
    return {"items": await m.db(keepsakes.StoreVault(m.store, game_id).list)}
