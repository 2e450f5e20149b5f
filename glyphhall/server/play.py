"""The websocket play protocol (one socket per browser tab at a table).

Client to server, JSON objects:
  {"type": "hello", "token": <seat token or null>}   first message; null (or no token) watches
  {"type": "act", "text": "<action text>", "ref": <anything>}
  {"type": "chat", "text": "..."}
  {"type": "undo", "ref": <anything>}                 take back your last move (BGA's policy)
  {"type": "resync"}                                  ask for the full state again
  {"type": "ping"}
Server to client, each with "seq" (1, 2, 3... per connection):
  state  - everything this seat may know: table, view, legal, to_move, result_text, log, chat,
           deadline, undo (also sent to everyone after a move is taken back, with "ack" for the
           one who did)
  update - after each action: step, view, legal, to_move, events, status, result, result_text,
           deadline, undo ({"allowed": bool, "reason": why not}, null for spectators) (+ "ack": ref
           for the connection that acted). A client whose step is not the last one + 1 resyncs.
  table  - seats, presence or status changed
  chat, notice, pong
  error  - {"message": ..., "ref": ...}: the request was refused and nothing changed
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from glyphhall.engine import IllegalAction

from .tables import Connection, LiveTable, TableError, TableManager

router = APIRouter()

HELLO_SECONDS = 30
MAX_MESSAGE = 16_000
MAX_CHAT = 500
TYPES = ("hello", "act", "undo", "chat", "resync", "ping")


@router.websocket("/ws/{table_id}")
async def play(ws: WebSocket, table_id: str) -> None:
    await ws.accept()
    m: TableManager = ws.app.state.manager
    try:
        table = await m.get(table_id)
    except TableError as err:
        await _refuse(ws, str(err), 4404)
        return
    try:
        hello = _parse(await asyncio.wait_for(ws.receive_text(), HELLO_SECONDS))
    except (TimeoutError, WebSocketDisconnect):
        return
    except ValueError as err:
        await _refuse(ws, str(err), 4400)
        return
    if hello.get("type") != "hello":
        await _refuse(ws, "the first message must be {\"type\": \"hello\", \"token\": ...}", 4400)
        return
    token = hello.get("token")
    seat: int | None = None
    if token is not None:
        seat = table.seat_of_token(token) if isinstance(token, str) else None
        if seat is None:
            await _refuse(ws, "that seat token does not belong to this table", 4403)
            return

    async def send(message: dict[str, Any]) -> None:
        # orjson: encoding the views is the largest cost of a move on the server.
        await ws.send_text(orjson.dumps(message).decode())

    conn = Connection(send, seat)
    table.connections.add(conn)
    conn.push(table.full_state(seat))
    table.broadcast_table()
    try:
        while True:
            raw = await ws.receive_text()
            try:
                msg = _parse(raw)
            except ValueError as err:
                conn.push({"type": "error", "message": str(err), "ref": None})
                continue
            await _handle(m, table, conn, msg)
    except WebSocketDisconnect:
        pass
    finally:
        table.connections.discard(conn)
        await conn.close()
        table.broadcast_table()
        if table.status == "finished" and not table.connections:
            m.forget(table.id)  # finished and unwatched: its replay reloads it from the store


async def _handle(m: TableManager, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
    kind = msg.get("type")
    ref = msg.get("ref")
    if kind == "act":
        if conn.seat is None:
            conn.push({"type": "error", "message": "spectators cannot act; take a seat in the lobby", "ref": ref})
            return
        try:
            await table.act(conn.seat, msg.get("text"), conn, ref)
        except (IllegalAction, TableError) as err:
            conn.push({"type": "error", "message": str(err), "ref": ref})
    elif kind == "undo":
        if conn.seat is None:
            conn.push({"type": "error", "message": "spectators have no moves to take back", "ref": ref})
            return
        try:
            await table.take_back(conn.seat, conn, ref)
        except TableError as err:
            conn.push({"type": "error", "message": str(err), "ref": ref})
    elif kind == "chat":
        text = msg.get("text")
        if not isinstance(text, str) or not text.strip():
            conn.push({"type": "error", "message": "a chat message needs some text", "ref": ref})
            return
        if len(text) > MAX_CHAT:
            conn.push({"type": "error", "message": f"chat messages are at most {MAX_CHAT} characters", "ref": ref})
            return
        author = "spectator" if conn.seat is None else (table.seats[conn.seat].name or f"seat {conn.seat}")
        line = await m.db(m.store.add_chat, table.id, author, text.strip())
        entry = {"id": line.id, "author": line.author, "text": line.text, "at": line.at}
        if table.chat_cache is not None:
            table.chat_cache.append(entry)
            del table.chat_cache[:-200]
        table.broadcast(lambda c: {"type": "chat", "line": entry})
    elif kind == "resync":
        conn.push(table.full_state(conn.seat))
    elif kind == "ping":
        conn.push({"type": "pong", "ref": ref})
    elif kind == "hello":
        conn.push({"type": "error", "message": "already connected; send resync for the full state", "ref": ref})
    else:
        conn.push({"type": "error", "message": f"unknown message type {kind!r}; types: {', '.join(TYPES)}", "ref": ref})


def _parse(raw: str) -> dict[str, Any]:
    if len(raw) > MAX_MESSAGE:
        raise ValueError(f"messages are at most {MAX_MESSAGE} characters")
    try:
        msg = json.loads(raw)
    except json.JSONDecodeError:
        raise ValueError("messages are JSON objects, like {\"type\": \"act\", \"text\": \"...\"}") from None
    if not isinstance(msg, dict):
        raise ValueError("messages are JSON objects, like {\"type\": \"act\", \"text\": \"...\"}")
    return msg


async def _refuse(ws: WebSocket, message: str, code: int) -> None:
    await ws.send_text(json.dumps({"type": "error", "seq": 1, "message": message, "ref": None}))
    await ws.close(code)
