"""The websocket play protocol (one socket per browser tab at a table).

Client to server, JSON objects (validated by the models in protocol.py; schema in
docs/protocol.md):
  {"type": "hello", "token": <seat token or null>}   first message; null (or no token) watches, or
                                                      plays the seat of the signed-in account (cookie)
  {"type": "act", "text": "<action text>", "ref": <short text or number>, "step": <step seen>}
  {"type": "chat", "text": "..."}
  {"type": "undo", "ref": <short text or number>}      take back your last move (BGA's policy)
  {"type": "resync"}                                  ask for the full state again
  {"type": "ping"}
Server to client, each with "seq" (1, 2, 3... per connection):
  state  - everything this seat may know: table, view, legal, moves, to_move, result_text, log, chat,
           deadline, undo (also sent to everyone after a move is taken back, with "ack" for the
           one who did)
  update - after each action: step, view, legal, moves, to_move, events, status, result, result_text,
           deadline, undo ({"allowed": bool, "reason": why not}, null for spectators) (+ "ack": ref
           for the connection that acted). A client whose step is not the last one + 1 resyncs.
  table  - seats, presence or status changed
  chat, notice, pong
  error  - {"message": ..., "ref": ...}: the request was refused and nothing changed
`legal` is the seat's legal moves as texts, `moves` the same as {text, kind, args} (protocol.md).
A frame the server cannot read gets an `error` and the socket goes on; a frame over
protocol.MAX_FRAME characters closes the socket with code 1009 and a reason to show.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket

from glyphhall.engine import IllegalAction

from ..guard import origins
from ..guard.flood_limits import ConnectionBuckets, FrameGate
from ..guard.identity import visitor
from ..guard.session_sockets import SESSION_ENDED, session_sockets
from ..people.friends import muted_names
from ..runtime.logs import TABLE
from ..runtime.metrics import MOVE_SECONDS, SOCKETS, timed
from ..tables import other_processes
from ..tables.live import AlreadyPlayed, Connection, LiveTable, StaleMove, TableError
from ..tables.manager import TableManager
from .frames import FLOODED, HELLO_SECONDS, SocketClosed, receive_text, refuse
from .protocol import (
    Act,
    AnyMessage,
    Chat,
    Hello,
    Ping,
    ProtocolError,
    Resync,
    Undo,
    read_message,
    safe_ref,
)

router = APIRouter()
log = logging.getLogger("glyphhall.server")

#: Which bucket each message spends from, and what a client is told when it is empty.
BUCKETS = {"act": ("act", "moves"), "undo": ("act", "moves"), "chat": ("chat", "chat messages"), "ping": ("ping", "pings"), "resync": ("ping", "resyncs")}


@router.websocket("/ws/{table_id}")
async def play(ws: WebSocket, table_id: str) -> None:
    await ws.accept()
    m: TableManager = ws.app.state.manager
    if origins.foreign(ws, ws.app.state.allowed_origins):
        await refuse(ws, "a page of another site may not open the hall's tables", origins.FOREIGN_ORIGIN)
        return
    try:
        table = await m.get(table_id)
    except TableError as err:
        await refuse(ws, str(err), 4404)
        return
    TABLE.set(table.id)  # every log line of this socket (and the tasks it starts) names the table
    try:
        hello = read_message(await asyncio.wait_for(receive_text(ws), HELLO_SECONDS))
    except (TimeoutError, SocketClosed):
        return
    except ProtocolError as err:
        await refuse(ws, str(err), 4400)
        return
    if not isinstance(hello, Hello):
        await refuse(ws, "the first message must be {\"type\": \"hello\", \"token\": ...}", 4400)
        return
    signed_in = await visitor(ws)
    if hello.token is not None and table.seat_of_token(hello.token) is None:
        await refuse(ws, "that seat token does not belong to this table", 4403)
        return

    async def send(message: dict[str, Any]) -> None:
        # orjson: encoding the views is the largest cost of a move on the server.
        await ws.send_text(orjson.dumps(message).decode())

    await other_processes.serve_here(m, table)
    conn = Connection(send, None, label=f"table {table.id}")
    conn.muted = await muted_names(ws)  # the chat of the people this person blocked stays away
    # While this socket waited above, the table may have been dropped from memory (another
    # process's note, idle tables let go): join the one loaded now, with nothing awaited between.
    try:
        table = await m.get_to_join(table_id)
    except TableError as err:  # (gone from the store meanwhile)
        await refuse(ws, str(err), 4404)
        return
    if hello.token is None and (user := signed_in.user) is not None:
        conn.seat = table.seat_of_user(user.id)  # signed in: the account's seat, on any device
    elif hello.token is not None:
        conn.seat = table.seat_of_token(hello.token)
    buckets = ConnectionBuckets(ws.app.state.limits)

    async def session_ended() -> None:  # signed out, or the password changed elsewhere
        conn.seat = None
        conn.push({"type": "error", "message": "you were signed out; sign in again to play", "ref": None})
        await conn.close()
        await ws.close(SESSION_ENDED)

    forget_socket = (session_sockets(ws.app).add(signed_in.user.id, signed_in.session_hash, session_ended)
                     if signed_in.user is not None and signed_in.session_hash else lambda: None)
    table.connections.add(conn)
    SOCKETS.inc()
    conn.push(table.full_state(conn.seat))
    table.broadcast_table()
    gate = FrameGate(ws.app, ws.client.host if ws.client else "unknown")
    try:
        while True:
            raw = await receive_text(ws)
            admitted = await gate.admit(lambda said: conn.push({"type": "error", "message": said, "ref": None}))
            if admitted is None:
                await ws.close(FLOODED, "too many messages")
                break
            if not admitted:
                continue
            try:
                msg = read_message(raw)
            except ProtocolError as err:
                conn.push({"type": "error", "message": str(err), "ref": safe_ref(raw)})
                continue
            bucket, what = BUCKETS.get(msg.type, ("ping", "messages"))
            if not buckets.allow(bucket) or msg.type == "chat" and not gate.chat_allowed():
                conn.push({"type": "error", "message": f"too many {what}; wait a moment", "ref": getattr(msg, "ref", None)})
                continue
            try:
                await _handle(m, table, conn, msg)
            except Exception as err:  # a bug must cost one message, never the socket
                log.warning("table %s: %s message failed: %s: %s", table.id, msg.type, type(err).__name__, str(err)[:200])
                conn.push({"type": "error", "message": "the server could not handle that message", "ref": getattr(msg, "ref", None)})
    except SocketClosed:
        pass
    finally:
        forget_socket()
        SOCKETS.dec()
        table.connections.discard(conn)
        await conn.close()
        table.broadcast_table()
        m.release_if_idle(table)


async def _handle(m: TableManager, table: LiveTable, conn: Connection, msg: AnyMessage) -> None:
    if isinstance(msg, Act):
        if conn.seat is None:
            conn.push({"type": "error", "message": "spectators cannot act; take a seat in the lobby", "ref": msg.ref})
            return
        try:
            with timed(MOVE_SECONDS):
                await table.act(conn.seat, msg.text, conn, msg.ref, msg.step)
            await other_processes.serve_here(m, table)
        except AlreadyPlayed as done:
            conn.push({"type": "ack", "ack": msg.ref, "step": done.step, "message": str(done)})
        except StaleMove as err:
            conn.push({"type": "error", "message": str(err), "ref": msg.ref, "stale": True})
            conn.push(table.full_state(conn.seat))
        except (IllegalAction, TableError) as err:
            conn.push({"type": "error", "message": str(err), "ref": msg.ref})
    elif isinstance(msg, Undo):
        if conn.seat is None:
            conn.push({"type": "error", "message": "spectators have no moves to take back", "ref": msg.ref})
            return
        try:
            await table.take_back(conn.seat, conn, msg.ref)
        except TableError as err:
            conn.push({"type": "error", "message": str(err), "ref": msg.ref})
    elif isinstance(msg, Chat):
        text = msg.text.strip()
        if not text:
            conn.push({"type": "error", "message": "a chat message needs some text", "ref": msg.ref})
            return
        author = "spectator" if conn.seat is None else (table.seats[conn.seat].name or f"Player {conn.seat + 1}")
        line = await m.db(m.store.add_chat, table.id, author, text)
        table.add_chat(line)
        await m.announce("chat", table.id, line.id)
    elif isinstance(msg, Resync):
        conn.push(table.full_state(conn.seat))
    elif isinstance(msg, Ping):
        conn.push({"type": "pong", "ref": msg.ref})
    else:
        conn.push({"type": "error", "message": "already connected; send resync for the full state", "ref": None})
