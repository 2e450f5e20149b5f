"""Shared replay rooms (hanab.live's shared replays): a finished game's replay that a leader
steps through while everyone in the room follows, with hypothetical lines, a hand-over of the
lead, an invite link (/room/<id>) and chat.

Protocol on /ws/room/<id>, JSON objects:
  client: {"type": "hello", "name": "Ann"}          first message; the first member leads. A
                                                     signed-in person joins under the account's
                                                     name (`name` is ignored); a guest's name may
                                                     not be a registered one (closed with 4409)
          {"type": "goto", "step": N}                leader: show the real game after N moves
          {"type": "line", "line": [[seat, "action"], ...] | null}
                                                     leader: the hypothetical line from the step
                                                     (null leaves it: back to the real game)
          {"type": "lead", "to": <member id>}        leader: hand the lead over
          {"type": "chat", "text": "..."}            anyone
          {"type": "ping"}
  server: room   - {"room": {id, table, step, line, leader, members: [{id, name, guest}]}, "you": id}
                   after every change; each member fetches the position as the seat it watches
          chat   - {"line": {author, guest, text, at}};  error - {"message"}: refused, nothing changed
Rooms live in the server's memory (they are a way of watching together, not a record): a
restart closes them, and an empty room is dropped when rooms run short."""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import APIRouter, Request, WebSocket
from pydantic import BaseModel, Field

from ..guard import guest_names, origins
from ..guard.flood_limits import FrameGate
from ..guard.identity import user_of
from ..play.frames import FLOODED, HELLO_SECONDS, SocketClosed, receive_text, refuse
from ..play.protocol import read_object as _parse  # the same JSON checks
from ..tables.live import Connection, LiveTable, TableError
from ..tables.manager import TableManager
from . import replay_steps
from .replay import REPLAY_NOT_YET
from .replay_work import replay_work

router = APIRouter()

MAX_ROOMS = 500
MAX_NAME = 40
MAX_CHAT = 500
TYPES = ("hello", "goto", "line", "lead", "chat", "ping")


@dataclass
class Member:
    id: int
    name: str
    conn: Connection
    guest: bool = True  # not signed in: the name is only what they typed, shown marked


@dataclass
class Room:
    id: str
    table_id: str
    step: int = 0
    line: list[tuple[int, str]] | None = None
    leader: int | None = None
    members: dict[int, Member] = field(default_factory=dict)
    chat: list[dict[str, Any]] = field(default_factory=list)
    next_member: int = 1
    created_at: float = field(default_factory=time.time)

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "table": self.table_id,
            "step": self.step,
            "line": None if self.line is None else [[s, t] for s, t in self.line],
            "leader": self.leader,
            "members": [{"id": m.id, "name": m.name, "guest": m.guest} for m in self.members.values()],
        }

    def broadcast_room(self) -> None:
        info = self.public()
        for m in list(self.members.values()):
            m.conn.push({"type": "room", "room": info, "you": m.id, "chat": self.chat[-100:]})


class Rooms:
    """Every open replay room, by id (kept on the app's state)."""

    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}

    def create(self, table_id: str) -> Room:
        if len(self.rooms) >= MAX_ROOMS:
            empty = sorted((r for r in self.rooms.values() if not r.members), key=lambda r: r.created_at)
            if not empty:
                raise TableError("too many replay rooms are open; try again later", 503)
            del self.rooms[empty[0].id]
        # The table id leads the room id so that a balancer sends the room to the process that
        # created it (rooms live in memory): deploy/haproxy.cfg hashes on that part.
        room = Room(f"{table_id}-{secrets.token_urlsafe(6)}", table_id)
        self.rooms[room.id] = room
        return room


def rooms_of(app: Any) -> Rooms:
    if not hasattr(app.state, "rooms"):
        app.state.rooms = Rooms()
    return app.state.rooms


class NewRoom(BaseModel):
    step: int = Field(0, ge=0, description="the step the room starts at")


@router.post("/api/tables/{table_id}/rooms", status_code=201, tags=["replay"],
             summary="Open a shared replay room for a finished game: answers its invite link")
async def create_room(table_id: str, body: NewRoom, request: Request) -> dict[str, Any]:
    m: TableManager = request.app.state.manager
    table = await m.get_finished(table_id, REPLAY_NOT_YET)
    room = rooms_of(request.app).create(table_id)
    room.step = min(body.step, len(table.actions))
    # the link names the game too, so once the room is gone (a restart) it still opens the replay
    return {**room.public(), "invite": f"/room/{room.id}?table={table_id}"}


@router.get("/api/rooms/{room_id}", tags=["replay"], summary="A replay room: its game, step, line and members")
async def get_room(room_id: str, request: Request) -> dict[str, Any]:
    return _room(request.app, room_id).public()


def _room(app: Any, room_id: str) -> Room:
    room = rooms_of(app).rooms.get(room_id)
    if room is None:
        raise TableError(f"there is no replay room {room_id!r} (rooms close when the server restarts)", 404)
    return room


@router.websocket("/ws/room/{room_id}")
async def room_socket(ws: WebSocket, room_id: str) -> None:
    await ws.accept()
    m: TableManager = ws.app.state.manager
    if origins.foreign(ws, ws.app.state.allowed_origins):
        await refuse(ws, "a page of another site may not open the hall's replay rooms", origins.FOREIGN_ORIGIN)
        return
    try:
        room = _room(ws.app, room_id)
        table = await m.get_finished(room.table_id, REPLAY_NOT_YET)
    except TableError as err:
        await refuse(ws, str(err), 4404)
        return
    try:
        hello = _parse(await asyncio.wait_for(receive_text(ws), HELLO_SECONDS))
    except (TimeoutError, SocketClosed):
        return
    except ValueError as err:
        await refuse(ws, str(err), 4400)
        return
    name = hello.get("name")
    if hello.get("type") != "hello" or not isinstance(name, str) or not name.strip():
        await refuse(ws, 'the first message must be {"type": "hello", "name": "your name"}', 4400)
        return

    user = await user_of(ws)
    if user is not None:
        name = user.name
    else:
        try:
            name = guest_names.clean(name[:200], MAX_NAME)
            await guest_names.refuse_registered(name, lambda n: m.db(m.store.user_named, n))
        except guest_names.NameRefused as err:
            await refuse(ws, str(err), 4409)
            return

    async def send(message: dict[str, Any]) -> None:
        await ws.send_text(orjson.dumps(message).decode())

    member = Member(room.next_member, name, Connection(send, None), guest=user is None)
    room.next_member += 1
    room.members[member.id] = member
    if room.leader is None:
        room.leader = member.id
    room.broadcast_room()
    gate = FrameGate(ws.app, ws.client.host if ws.client else "unknown")
    try:
        while True:
            raw = await receive_text(ws)  # binary frames too (they used to end in a KeyError)
            admitted = await gate.admit(lambda said: member.conn.push({"type": "error", "message": said}))
            if admitted is None:
                await ws.close(FLOODED, "too many messages")
                break
            if not admitted:
                continue
            try:
                msg = _parse(raw)
                if msg.get("type") == "chat" and not gate.chat_allowed():
                    raise ValueError("too many chat messages from your address; wait a moment")
                await _handle(ws, room, table, member, msg)
            except (ValueError, TableError) as err:
                member.conn.push({"type": "error", "message": str(err)})
    except SocketClosed:
        pass
    finally:
        del room.members[member.id]
        await member.conn.close()
        if room.leader == member.id:
            room.leader = next(iter(room.members), None)  # the longest present member leads on
        room.broadcast_room()


async def _handle(ws: WebSocket, room: Room, table: LiveTable, member: Member, msg: dict[str, Any]) -> None:
    kind = msg.get("type")
    if kind == "ping":
        member.conn.push({"type": "pong"})
        return
    if kind == "chat":
        text = msg.get("text")
        if not isinstance(text, str) or not text.strip():
            raise ValueError("a chat message needs some text")
        if len(text) > MAX_CHAT:
            raise ValueError(f"chat messages are at most {MAX_CHAT} characters")
        line = {"author": member.name, "guest": member.guest, "text": text.strip(), "at": time.time()}
        room.chat.append(line)
        del room.chat[:-200]
        for m in list(room.members.values()):
            m.conn.push({"type": "chat", "line": line})
        return
    if kind not in TYPES or kind == "hello":
        raise ValueError(f"unknown message type {kind!r}; types: {', '.join(TYPES[1:])}")
    if member.id != room.leader:
        leader = room.members.get(room.leader) if room.leader is not None else None
        raise ValueError(f"only the leader ({leader.name if leader else 'nobody'}) moves the replay")
    if kind == "goto":
        step = msg.get("step")
        if type(step) is not int or not 0 <= step <= len(table.actions):
            raise ValueError(f"a step is a whole number from 0 to {len(table.actions)}")
        room.step, room.line = step, None
    elif kind == "line":
        raw = msg.get("line")
        if raw is None:
            room.line = None
        else:
            moves = replay_steps.parse_line(raw, table.players)
            address = ws.client.host if ws.client else "unknown"
            await replay_work(ws.app).position(address, table, room.step, None, moves)  # refuses an illegal move
            room.line = moves
    elif kind == "lead":
        to = msg.get("to")
        if type(to) is not int or to not in room.members:
            raise ValueError("the lead goes to a member of this room (by id)")
        room.leader = to
    room.broadcast_room()
