"""Reading and refusing websocket frames, the same way on every socket of the hall (a table's
and a replay room's): the first message's time limit, frames too large, floods, refusals."""

from __future__ import annotations

import orjson
from fastapi import WebSocket, WebSocketDisconnect

from .protocol import MAX_FRAME

#: How long a socket may wait before its first message (hello).
HELLO_SECONDS = 30
#: Close codes: 1009 a frame too large, 4400 a bad first message, 4403 a token not of this
#: table, 4404 no such table.
TOO_BIG = 1009
#: ... and 1008 a flood of frames from one address.
FLOODED = 1008


class SocketClosed(Exception):
    """The socket closed (or was closed by us); the connection ends."""


async def receive_text(ws: WebSocket) -> str:
    """The next text frame. Binary frames are read as UTF-8 text; a frame too large closes the
    socket with a reason the client shows."""
    try:
        event = await ws.receive()
    except WebSocketDisconnect:
        raise SocketClosed from None
    if event["type"] == "websocket.disconnect":
        raise SocketClosed
    text = event.get("text")
    if text is None:
        text = (event.get("bytes") or b"").decode("utf-8", "replace")
    if len(text) > MAX_FRAME:
        await ws.close(TOO_BIG, f"messages are at most {MAX_FRAME} characters")
        raise SocketClosed
    return text


async def refuse(ws: WebSocket, message: str, code: int) -> None:
    """An error the client shows, then the socket closed with `code`."""
    await ws.send_text(orjson.dumps({"type": "error", "seq": 1, "message": message, "ref": None}).decode())
    await ws.close(code)
