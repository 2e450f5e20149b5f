"""Limits against floods: token buckets per connection (moves, chat, pings) and per address
(tables created; every socket frame and chat line, over all of an address's sockets), and the
HTTP body limit, refused with 413 before the body is read."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass(frozen=True)
class Rate:
    """`per_second` tokens come back each second, up to `burst` saved."""

    per_second: float
    burst: float


@dataclass(frozen=True)
class Limits:
    """The server's limits. Tests and the load benchmark pass their own to `create_app`."""

    act: Rate = Rate(5, 20)
    chat: Rate = Rate(1, 5)
    ping: Rate = Rate(2, 20)  # ping and resync (a resync sends the whole state)
    create_table: Rate = Rate(1 / 6, 20)  # per address: 10 a minute after a burst of 20
    #: Per address, over all its sockets (more sockets must not mean more allowance): every
    #: frame, and chat lines.
    address_frames: Rate = Rate(30, 300)
    address_chat: Rate = Rate(2, 10)
    #: Replay positions, hypotheticals and room lines computed per address (replay_work.py),
    #: and how many of one address's may be computing at once.
    replay: Rate = Rate(4, 20)
    replay_in_flight: int = 2
    body_bytes: int = 64 * 1024
    #: Routes that take a map of one's own (Heroscape's map upload, and a table whose options
    #: carry the map's text) may send up to this much.
    large_body_bytes: int = 1024 * 1024
    large_body_paths: tuple[str, ...] = ("/api/tables", "/api/heroscape/maps")
    #: ... and routes whose path ends so (checking a position takes what a table takes).
    large_body_suffixes: tuple[str, ...] = ("/positions/check",)

    @classmethod
    def machine_speed(cls) -> Limits:
        """For load generators and test drivers: one address creating many tables and playing
        faster than people (the body limit stays)."""
        fast = Rate(1e9, 1e9)
        return cls(act=fast, chat=fast, ping=fast, create_table=fast, address_frames=fast, address_chat=fast,
                   replay=fast, replay_in_flight=10**6)


class TokenBucket:
    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self.tokens = rate.burst
        self.at = clock()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = self.clock()
        self.tokens = min(self.rate.burst, self.tokens + (now - self.at) * self.rate.per_second)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass
class ConnectionBuckets:
    """One connection's buckets, by message kind."""

    limits: Limits
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def allow(self, kind: str) -> bool:
        bucket = self.buckets.get(kind)
        if bucket is None:
            bucket = self.buckets[kind] = TokenBucket(getattr(self.limits, kind))
        return bucket.take()


class AddressBuckets:
    """A bucket per client address, the least recently used forgotten past `size` addresses."""

    def __init__(self, rate: Rate, size: int = 10_000) -> None:
        self.rate = rate
        self.size = size
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, address: str) -> bool:
        bucket = self._buckets.pop(address, None) or TokenBucket(self.rate)
        self._buckets[address] = bucket
        while len(self._buckets) > self.size:
            self._buckets.popitem(last=False)
        return bucket.take()


class AddressLimits:
    """The per-address buckets of one app's sockets (play and replay rooms), and of the moves
    posted over HTTP (puzzles and lessons: each replays the moves so far, so each costs)."""

    #: After a refused frame the socket is not read for this long: the flood waits in its own
    #: connection's buffers (back-pressure) instead of costing the hall a read per frame.
    PAUSE_SECONDS = 0.1
    #: A socket refused this many frames (less one a second) is closed: a flood, not a person.
    CLOSE_AFTER = 50

    def strikes(self) -> TokenBucket:
        """One socket's allowance of refused frames."""
        return TokenBucket(Rate(1, self.CLOSE_AFTER))

    def __init__(self, limits: Limits) -> None:
        self.frames = AddressBuckets(limits.address_frames)
        self.chat = AddressBuckets(limits.address_chat)
        self.posted_moves = AddressBuckets(limits.act)  # at a table's pace for moves


class FrameGate:
    """One socket's door for the frames its address sends (play and replay-room sockets)."""

    FLOODED = "too many messages from your address; wait a moment"

    def __init__(self, app: Any, address: str) -> None:
        self.limits = address_limits(app)
        self.address = address
        self.strikes = self.limits.strikes()
        self.refused_in_a_row = 0

    async def admit(self, say: Callable[[str], None]) -> bool | None:
        """True: handle the frame. False: it was refused (said once per run of refusals, then
        the reader pauses). None: close the socket, a flood."""
        if self.limits.frames.allow(self.address):
            self.refused_in_a_row = 0
            return True
        self.refused_in_a_row += 1
        if not self.strikes.take():
            return None
        if self.refused_in_a_row == 1:
            say(self.FLOODED)
        await asyncio.sleep(self.limits.PAUSE_SECONDS)
        return False

    def chat_allowed(self) -> bool:
        return self.limits.chat.allow(self.address)


def address_limits(app: Any) -> AddressLimits:
    state = app.state
    if not hasattr(state, "address_limits"):
        state.address_limits = AddressLimits(state.limits)
    limits: AddressLimits = state.address_limits
    return limits


def posted_move_allowed(request: Any) -> bool:
    """Whether the address of this HTTP request may post another move now (a puzzle's or a
    lesson's; the hall's `act` rate per address)."""
    address = request.client.host if request.client else "unknown"
    return address_limits(request.app).posted_moves.allow(address)


class BodyLimit:
    """ASGI middleware: an HTTP request whose body is over `max_bytes` gets 413. A declared
    Content-Length is judged before anything is read; a chunked body is read here, at most up
    to the limit, and then handed on whole."""

    def __init__(self, app: ASGIApp, max_bytes: int, larger: dict[str, int] | None = None,
                 larger_suffixes: dict[str, int] | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.larger = larger or {}
        self.larger_suffixes = larger_suffixes or {}

    def limit_for(self, path: str) -> int:
        if path in self.larger:
            return self.larger[path]
        return next((n for end, n in self.larger_suffixes.items() if path.endswith(end)), self.max_bytes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope.get("path", ""))
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await self._refuse(send, limit)
            return
        if declared is None:  # chunked: read up to the limit here, so the answer is 413 (the
            await self._buffered(scope, receive, send, limit)  # app's body parsing turned it into 400)
            return
        seen = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except _TooLarge:
            if not started:
                await self._refuse(send, limit)

    async def _buffered(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > limit:
                await self._refuse(send, limit)
                return
            if not message.get("more_body", False):
                break
        given = False

        async def replay() -> Message:
            nonlocal given
            if given:
                return await receive()
            given = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send, limit: int) -> None:
        body = b'{"error": "request bodies are at most %d bytes"}' % limit
        headers: list[Any] = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass
