"""One websocket's outgoing side: a queue and a writer task, so a slow client never holds up
its table, and no message that fails to encode stops the writer."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("glyphhall.server")


class Connection:
    """One websocket: a seat (or a spectator, seat None) and an outgoing queue with a writer
    task, so a slow client never holds up its table. A message that cannot be sent (it does not
    encode) is logged in one line and replaced by an error; only a closed socket stops the
    writer, and then `alive` is False and nothing more is queued."""

    def __init__(self, send: Callable[[dict[str, Any]], Awaitable[None]], seat: int | None, label: str = "") -> None:
        self.seat = seat
        self.seq = 0
        self.alive = True
        self.label = label
        self.muted: frozenset[str] = frozenset()  # chat authors (casefolded) this person blocked
        self._send = send
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._task = asyncio.create_task(self._writer())

    def push(self, message: dict[str, Any]) -> None:
        if not self.alive:
            return
        if self.muted and message.get("type") in ("chat", "state"):
            message = self._without_muted(message)
            if message.get("type") == "chat" and message.get("line") is None:
                return
        self.seq += 1
        message["seq"] = self.seq
        self._queue.put_nowait(message)

    def _without_muted(self, message: dict[str, Any]) -> dict[str, Any]:
        """The message without the chat lines of the people this person blocked."""
        def heard(line: Any) -> bool:
            return not (isinstance(line, dict) and str(line.get("author", "")).casefold() in self.muted)
        if message["type"] == "chat":
            return message if heard(message.get("line")) else {**message, "line": None}
        return {**message, "chat": [c for c in message.get("chat") or [] if heard(c)]}

    async def _writer(self) -> None:
        while True:
            message = await self._queue.get()
            if message is None:
                return
            try:
                await self._send(message)
            except (TypeError, ValueError) as err:  # it does not encode: say so, keep going
                log.warning("%s: a %s message could not be sent: %s", self.label, message.get("type"), err)
                if not await self._send_safely({"type": "error", "seq": message.get("seq"), "ref": None,
                                                "message": "the server could not send its answer"}):
                    return
            except Exception:  # the socket went away; the reader side cleans up
                self.alive = False
                return

    async def _send_safely(self, message: dict[str, Any]) -> bool:
        try:
            await self._send(message)
            return True
        except Exception:
            self.alive = False
            return False

    async def close(self) -> None:
        self.alive = False
        self._queue.put_nowait(None)
        try:
            await asyncio.wait_for(self._task, 5)
        except (TimeoutError, asyncio.CancelledError):
            self._task.cancel()
