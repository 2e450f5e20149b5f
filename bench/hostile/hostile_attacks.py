"""The hostile drill's attacks (bench/hostile/hostile.py): each one runs against the Hall until told to
stop and says what it did; ATTACKS holds them by name, in the order they run."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Awaitable, Callable

from hostile_kit import ONE_BELL, PEOPLE, Hall, addresses

DOTTED = "a" + ".a" * 15_000 + " = 1"  # 30 KB: 5.9 s and 450 MiB in tomllib before the fix
PREPARED: dict[str, list[str]] = {}  # what the drill made first: "finished", the finished tables' ids

Attack = Callable[[Hall, asyncio.Event], Awaitable[str]]
ATTACKS: dict[str, Attack] = {}


def attack(fn: Attack) -> Attack:
    ATTACKS[fn.__name__] = fn
    return fn


async def _loop(stop: asyncio.Event, workers: int, body: Callable[[int], Awaitable[None]],
                per_second: float = 20.0) -> int:
    """Run `body(i)` in `workers` loops until `stop`, at most `per_second` in all (an attack at a
    steady rate, as a script would send it, not a flood of raw volume); returns how many ran."""
    done = 0

    async def worker(w: int) -> None:
        nonlocal done
        i = w
        while not stop.is_set():
            started = time.perf_counter()
            await body(i)
            done += 1
            i += workers
            await asyncio.sleep(max(0.0, workers / per_second - (time.perf_counter() - started)))

    await asyncio.gather(*(worker(w) for w in range(workers)))
    return done


@attack
async def toml_position_check(hall: Hall, stop: asyncio.Event) -> str:
    """The deeply dotted key, anonymously, to the position check (4 at a time, many addresses)."""
    spots = addresses(200, 1)
    n = await _loop(stop, 4, lambda i: hall.ask("POST", "/api/games/inscription/positions/check",
                                                spots[i % 200], json={"text": DOTTED}))
    return f"{n} requests"


@attack
async def toml_table_and_map(hall: Hall, stop: asyncio.Event) -> str:
    """The dotted key in a table's position and in a Heroscape map upload."""
    spots = addresses(200, 2)

    async def one(i: int) -> None:
        if i % 2:
            await hall.ask("POST", "/api/tables", spots[i % 200], json={"game": "inscription", "seats": PEOPLE,
                                                                        "position": DOTTED})
        else:
            await hall.ask("POST", "/api/heroscape/maps?filename=m.toml", spots[i % 200], content=DOTTED.encode())

    return f"{await _loop(stop, 4, one)} requests"


@attack
async def big_positions(hall: Hall, stop: asyncio.Event) -> str:
    """A 20,000-card hand, a seed of 2^70, a script that fits no deck."""
    hand = ONE_BELL.replace('board = ["Wolf", "", "", ""]', "hand = [" + ", ".join(['"Squirrel"'] * 20_000) + "]")
    bad = [hand, ONE_BELL.replace("seed = 1", f"seed = {2**70}"), ONE_BELL + '[chance]\norders = [["Raven"]]\n']
    spots = addresses(200, 3)
    n = await _loop(stop, 3, lambda i: hall.ask("POST", "/api/tables", spots[i % 200], json={
        "game": "inscription", "seats": PEOPLE, "position": bad[i % 3]}))
    return f"{n} requests"


@attack
async def sign_ins(hall: Hall, stop: asyncio.Event) -> str:
    """Rounds of 20 wrong sign-ins and 10 sign-ups at once, each round from a new address."""
    await hall.ask("POST", "/api/account/signup", "127.4.0.1", json={"name": "Owner", "password": "a good long password"})
    spots = addresses(500, 4)[1:]
    rounds = 0
    while not stop.is_set():
        where = spots[rounds % len(spots)]
        tries = [hall.ask("POST", "/api/account/signin", where, json={"name": "owner", "password": f"guess {k} x"})
                 for k in range(20)]
        tries += [hall.ask("POST", "/api/account/signup", where,
                           json={"name": f"p{rounds}x{k}", "password": "another long password"}) for k in range(10)]
        await asyncio.gather(*tries)
        rounds += 1
    owner = await hall.ask("POST", "/api/account/signin", "127.4.9.9", json={"name": "owner", "password": "a good long password"})
    return f"{rounds} rounds; the owner then signs in elsewhere: {owner.status_code}"


@attack
async def forwarded_for(hall: Hall, stop: asyncio.Event) -> str:
    """Sign-ins from one address claiming a new X-Forwarded-For each time (limits must hold)."""
    n = 0
    while not stop.is_set():
        await hall.ask("POST", "/api/account/signin", "127.5.0.1", json={"name": "nobody", "password": "guess guess"},
                       headers={"x-forwarded-for": f"198.51.100.{n % 250}"})
        n += 1
    return f"{n} requests, {hall.status.get(429, 0)} refused (429)"


@attack
async def lobby_with_big_positions(hall: Hall, stop: asyncio.Event) -> str:
    """11 tables from 290 KB positions, then 3 lobby pages polling the list every 0.2 s."""
    big = ONE_BELL + "#" * (290 * 1024) + "\n"
    for where in addresses(11, 6):
        await hall.ask("POST", "/api/tables", where, json={"game": "inscription", "seats": PEOPLE, "position": big})
    sizes: list[int] = []

    async def poll(i: int) -> None:
        r = await hall.ask("GET", "/api/tables", f"127.6.1.{100 + i % 3}")
        sizes.append(len(r.content))
        await asyncio.sleep(0.2)

    n = await _loop(stop, 3, poll)
    return f"{n} lists, largest {max(sizes, default=0) // 1024} KB"


@attack
async def read_finished(hall: Hall, stop: asyncio.Event) -> str:
    """Anonymous reads of 128 finished tables (info, record, a replay step), round and round."""
    ids = PREPARED.get("finished") or []
    spots = addresses(128, 8)

    async def read(i: int) -> None:
        table_id = ids[i % len(ids)]
        await hall.ask("GET", f"/api/tables/{table_id}", spots[i % 128])
        await hall.ask("GET", f"/api/tables/{table_id}/record", spots[i % 128])
        await hall.ask("GET", f"/api/tables/{table_id}/replay/1", spots[i % 128])

    return f"{await _loop(stop, 2, read)} tables read"


@attack
async def replays(hall: Hall, stop: asyncio.Event) -> str:
    """Two clients asking for replay steps and hypothetical lines as fast as they are answered."""
    ids = PREPARED.get("finished") or []

    async def ask(i: int) -> None:
        table_id = ids[i % len(ids)]
        where = f"127.9.0.{1 + i % 2}"
        if i % 2:
            await hall.ask("POST", f"/api/tables/{table_id}/hypothetical", where,
                           json={"step": 0, "seat": 0, "line": [[0, "bell"]]})
        else:
            await hall.ask("GET", f"/api/tables/{table_id}/replay/{i % 2}?seat={i % 2}", where)

    return f"{await _loop(stop, 2, ask)} requests"


@attack
async def sockets(hall: Hall, stop: asyncio.Event) -> str:
    """60 spectator sockets chatting, 4 flooding malformed frames then leaving, and sockets from a
    foreign origin."""
    import websockets

    table = (await hall.ask("POST", "/api/tables", "127.10.0.1", json={"game": "inscription", "seats": PEOPLE})).json()
    url = f"{hall.ws}/ws/{table['id']}"
    closes: dict[str, int] = {}

    async def chatter(i: int) -> None:
        try:
            async with websockets.connect(url, local_addr=("127.10.1.1", 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None}))
                while not stop.is_set():
                    await ws.send(json.dumps({"type": "chat", "text": f"spam {i}"}))
                    await asyncio.sleep(0.1)
        except websockets.ConnectionClosed as err:
            closes[str(err.rcvd.code if err.rcvd else None)] = closes.get(str(err.rcvd.code if err.rcvd else None), 0) + 1

    async def flooder(i: int) -> None:
        try:
            async with websockets.connect(url, local_addr=(f"127.10.2.{i + 1}", 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None}))
                for _ in range(20_000):
                    await ws.send("{not json")
                async for _ in ws:  # until the server closes it
                    pass
        except websockets.ConnectionClosed as err:
            closes[str(err.rcvd.code if err.rcvd else None)] = closes.get(str(err.rcvd.code if err.rcvd else None), 0) + 1

    async def foreign(i: int) -> None:
        try:
            async with websockets.connect(url, origin="http://evil.example", local_addr=("127.10.3.1", 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None}))
                async for _ in ws:
                    pass
        except websockets.ConnectionClosed as err:
            closes[str(err.rcvd.code if err.rcvd else None)] = closes.get(str(err.rcvd.code if err.rcvd else None), 0) + 1
        else:
            closes["foreign closed without a code"] = closes.get("foreign closed without a code", 0) + 1
        await asyncio.sleep(0.1)

    await asyncio.gather(*(chatter(i) for i in range(60)), *(flooder(i) for i in range(4)),
                         _loop(stop, 1, foreign, 10))
    async with websockets.connect(url) as ws:  # what the chat kept
        await ws.send(json.dumps({"type": "hello", "token": None}))
        stored = len(json.loads(await ws.recv()).get("chat") or [])
    return f"{stored} chat lines stored; sockets closed by code " + json.dumps(closes, sort_keys=True)


@attack
async def slow_and_chunked(hall: Hall, stop: asyncio.Event) -> str:
    """100 connections dribbling their headers; chunked bodies over the limit; a seed of 2^70."""
    loop = asyncio.get_running_loop()
    closed = 0

    async def dribble(i: int) -> None:
        nonlocal closed
        s = socket.socket()
        s.setblocking(False)
        s.bind((f"127.11.0.{1 + i % 250}", 0))
        await loop.sock_connect(s, ("127.0.0.1", hall.port))
        await loop.sock_sendall(s, b"GET / HTTP/1.1\r\nHost: x\r\n")
        try:
            while not stop.is_set():
                await loop.sock_sendall(s, b"X")
                try:
                    if await asyncio.wait_for(loop.sock_recv(s, 1024), 1.0) == b"":
                        closed += 1
                        return
                except TimeoutError:
                    continue
        except OSError:
            closed += 1
        finally:
            s.close()

    async def chunked(i: int) -> None:
        async def body():
            for _ in range(30):
                yield b"x" * 50_000

        await hall.ask("POST", "/api/tables", f"127.11.1.{1 + i % 250}", content=body(),
                       headers={"content-type": "application/json"})
        await hall.ask("POST", "/api/tables", f"127.11.2.{1 + i % 250}", json={"game": "inscription", "seats": PEOPLE,
                                                                              "practice": True, "seed": 2**70})
        await asyncio.sleep(0.05)

    await asyncio.gather(*(dribble(i) for i in range(100)), _loop(stop, 2, chunked))
    return f"{closed} of 100 slow-header connections closed by the server"
