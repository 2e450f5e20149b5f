"""A standing hostile drill: a live Glyph Hall server on loopback, attacked one way at a time
while a normal pair of players keeps playing; for each attack the normal client's move latency
before, during and after, the server's memory growth, its 5xx answers and the tracebacks in its log.

    python bench/hostile.py [--seconds 6] [--only name,name] [--games 1000] [--json]

The server runs in its own process with the real limits (not the load benchmark's machine-speed
ones), a fresh SQLite file and its log in a file. The attacker uses many loopback addresses
(127.0.x.y: Linux answers on all of 127/8), as a real one would use many hosts; the normal
client plays from 127.0.0.1. Latency is measured from sending a move to its acknowledgement.
`--games N` then finishes N games (bots, one move each) and reads each over HTTP (info, record,
a replay step), and reports the server's memory before and after. Prints one line per attack
(or one JSON object with --json). Only loopback is ever contacted."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ONE_BELL = """title = "One bell"
seed = 1
[options]
items = false
make_death_card = false
[position]
turn = 0
step = "play"
scale = 4
[[seats]]
board = ["Wolf", "", "", ""]
[[seats]]
candles = 1
"""
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
PEOPLE = [{"kind": "person"}, {"kind": "person"}]
DOTTED = "a" + ".a" * 15_000 + " = 1"  # 30 KB: 5.9 s and 450 MiB in tomllib before the fix


def serve(port: int, db: str) -> None:
    """The server process: the app with its real limits, uvicorn as `glyphhall serve` sets it up."""
    import logging

    import uvicorn

    from glyphhall.server import create_app
    from glyphhall.server.http_config import uvicorn_config

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    uvicorn.Server(uvicorn_config(create_app(db, bot_workers=1), host="127.0.0.1", port=port,
                                  log_level="warning", backlog=2048)).run()


def rss_mb(pid: int) -> float:
    """Resident memory of the server process and its worker processes, in MB."""
    total = 0.0
    for p in [pid, *_children(pid)]:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        except OSError:
            pass
    return total


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Hall:
    """The server under attack, and what the drill counts about it."""

    def __init__(self, port: int, pid: int, log: Path) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"
        self.port = port
        self.pid = pid
        self.log = log
        self.status: dict[int, int] = {}  # the attack's HTTP answers, by status
        self._clients: dict[str, Any] = {}

    def http(self, address: str = "127.0.0.1") -> Any:
        """An HTTP client whose requests come from `address` (one per address, kept)."""
        import httpx

        if address not in self._clients:
            transport = httpx.AsyncHTTPTransport(local_address=address, retries=0)
            self._clients[address] = httpx.AsyncClient(base_url=self.url, transport=transport, timeout=60)
        return self._clients[address]

    async def ask(self, method: str, path: str, address: str = "127.0.0.1", **kw: Any) -> Any:
        r = await self.http(address).request(method, path, **kw)
        self.status[r.status_code] = self.status.get(r.status_code, 0) + 1
        return r

    def tracebacks(self) -> int:
        return self.log.read_text(errors="replace").count("Traceback")

    def last_error(self) -> str:
        """The last line of the log's last traceback (what was raised)."""
        text = self.log.read_text(errors="replace")
        after = text.rsplit("Traceback", 1)[-1].strip().splitlines()
        return next((line for line in after if line and not line.startswith((" ", "Traceback"))), "")[:200]

    async def close(self) -> None:
        for c in self._clients.values():
            await c.aclose()


def addresses(n: int, block: int) -> list[str]:
    """n loopback addresses of their own (block: which 127.<block>.x.y range)."""
    return [f"127.{block}.{1 + i // 250}.{1 + i % 250}" for i in range(n)]


# ----------------------------------------------------------------------------- the normal client
class Normal:
    """Two people at an Inscription table playing random legal moves; a new table when one ends.
    It runs in a process of its own (`--normal`), so the attacks' client work never delays it,
    and appends "when latency" lines (time.monotonic, the same clock in every process) to a file."""

    def __init__(self, hall: Hall, think: float = 0.25, out: Any = None) -> None:  # under 5 moves a second
        self.hall = hall
        self.think = think
        self.out = out
        self.moves: list[tuple[float, float]] = []  # (when acknowledged, latency)
        self.errors = 0
        self.said: list[str] = []
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        self._stop.set()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        rng = random.Random(1)
        while not self._stop.is_set():
            try:
                await self._table(rng)
            except Exception:  # a table the drill broke: count it and sit at a new one
                self.errors += 1
                await asyncio.sleep(0.2)

    async def _table(self, rng: random.Random) -> None:
        http = self.hall.http()
        table = (await http.post("/api/tables", json={"game": "inscription", "seats": PEOPLE})).json()
        tokens = []
        for seat, name in ((0, "Ann"), (1, "Bob")):
            r = await http.post(f"/api/tables/{table['id']}/seats/{seat}", json={"name": name})
            tokens.append(r.json()["token"])
        await http.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]})
        await asyncio.gather(*(self._seat(table["id"], t, rng) for t in tokens))

    async def _seat(self, table_id: str, token: str, rng: random.Random) -> None:
        import websockets

        async with websockets.connect(f"{self.hall.ws}/ws/{table_id}", max_size=None, compression=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent: dict[int, float] = {}
            ref = 0
            async for raw in ws:
                msg = json.loads(raw)
                if msg["type"] == "update" and msg.get("ack") in sent:
                    now = time.monotonic()
                    self.moves.append((now, now - sent.pop(msg["ack"])))
                    if self.out is not None:
                        self.out.write(f"{now} {self.moves[-1][1]}\n")
                        self.out.flush()
                if msg["type"] == "error":  # refused (stale, or a limit): the next state or update says what now
                    self.errors += 1
                    self.said.append(msg["message"])
                    sent.clear()
                    await ws.send(json.dumps({"type": "resync"}))
                if msg["type"] in ("state", "update"):
                    if msg.get("status") == "finished" or msg.get("table", {}).get("status") == "finished":
                        return
                    if msg.get("legal") and not sent:
                        await asyncio.sleep(self.think)
                        ref += 1
                        sent[ref] = time.monotonic()
                        await ws.send(json.dumps({"type": "act", "text": rng.choice(msg["legal"]), "ref": ref,
                                                  "step": msg["step"]}))



class NormalProcess:
    """The normal client's process, and its moves read back from its file."""

    def __init__(self, port: int, tmp: str) -> None:
        self.file = Path(tmp) / "normal.txt"
        self.process = subprocess.Popen([sys.executable, __file__, "--normal", str(port), str(self.file)], cwd=ROOT,
                                        env={**os.environ, "PYTHONPATH": str(ROOT)})

    def window(self, start: float, end: float) -> list[float]:
        moves = []
        for line in self.file.read_text().splitlines() if self.file.exists() else []:
            at, latency = map(float, line.split())
            if start <= at < end:
                moves.append(latency)
        return moves

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(10)


def run_normal(port: int, out: str) -> None:
    async def go() -> None:
        hall = Hall(port, 0, Path(out))
        with open(out, "a") as f:
            normal = Normal(hall, out=f)
            normal.start()
            await asyncio.Event().wait()

    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    asyncio.run(go())


def percentiles(latencies: list[float]) -> tuple[float, float]:
    if not latencies:
        return float("nan"), float("nan")
    ordered = sorted(latencies)
    return (statistics.median(ordered) * 1000, ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000)


# ----------------------------------------------------------------------------- the attacks
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


async def finished_tables(hall: Hall, count: int, block: int) -> list[str]:
    """`count` finished one-move games (two bots), created from many addresses."""
    ids: list[str] = []
    spots = addresses(count // 15 + 1, block)

    async def make(i: int) -> None:
        where = spots[i // 15]
        r = await hall.ask("POST", "/api/tables", where, json={"game": "inscription", "seats": BOTS, "position": ONE_BELL})
        table_id = r.json()["id"]
        await hall.ask("POST", f"/api/tables/{table_id}/start", where, json={})
        ids.append(table_id)

    for start in range(0, count, 50):
        await asyncio.gather(*(make(i) for i in range(start, min(count, start + 50))))
    for table_id in ids:  # wait for the bots' one move
        while (await hall.http().get(f"/api/tables/{table_id}")).json()["status"] != "finished":
            await asyncio.sleep(0.05)
    return ids


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


PREPARED: dict[str, list[str]] = {}


# ----------------------------------------------------------------------------- the drill
async def drill(hall: Hall, names: list[str], seconds: float, games: int, normal: NormalProcess) -> dict[str, Any]:
    if {"read_finished", "replays"} & set(names):
        PREPARED["finished"] = await finished_tables(hall, 128, 20)
        await hall.ask("GET", f"/api/tables/{PREPARED['finished'][0]}/replay/0", "127.20.200.1")  # starts the worker
    deadline = time.monotonic() + 120
    while len(normal.window(0, float("inf"))) < 5:  # the normal client is up and playing
        if time.monotonic() > deadline:
            raise SystemExit("the normal client made no move in two minutes")
        await asyncio.sleep(0.2)
    results: dict[str, Any] = {}
    for name in names:
        traces_before, rss_before = hall.tracebacks(), rss_mb(hall.pid)
        hall.status = {}
        t0 = time.monotonic()
        await asyncio.sleep(seconds)
        t1 = time.monotonic()
        stop = asyncio.Event()
        task = asyncio.create_task(ATTACKS[name](hall, stop))
        await asyncio.sleep(seconds)
        stop.set()
        try:
            note = await asyncio.wait_for(task, 120)
        except Exception as err:  # the attack itself failed: say how
            note = f"the attack stopped: {type(err).__name__}: {err}"
        t2 = time.monotonic()
        await asyncio.sleep(seconds)
        t3 = time.monotonic()
        phases = {phase: percentiles(normal.window(a, b)) for phase, (a, b) in
                  {"before": (t0, t1), "during": (t1, t2), "after": (t2, t3)}.items()}
        results[name] = {
            "p50_ms": {k: round(v[0], 1) for k, v in phases.items()},
            "p99_ms": {k: round(v[1], 1) for k, v in phases.items()},
            "moves": {k: len(normal.window(*w)) for k, w in
                      {"before": (t0, t1), "during": (t1, t2), "after": (t2, t3)}.items()},
            "rss_growth_mb": round(rss_mb(hall.pid) - rss_before, 1),
            "http_5xx": sum(n for code, n in hall.status.items() if code >= 500),
            "statuses": dict(sorted(hall.status.items())),
            "tracebacks": hall.tracebacks() - traces_before,
            "note": note + (f"; last traceback: {hall.last_error()}" if hall.tracebacks() > traces_before else ""),
        }
        print(_line(name, results[name]), flush=True)
    normal.stop()
    if games:
        results["finished_games"] = await memory_of_finished_games(hall, games)
        print("finished_games", json.dumps(results["finished_games"]), flush=True)
    return results


async def memory_of_finished_games(hall: Hall, games: int) -> dict[str, Any]:
    await finished_tables(hall, min(20, games), 30)  # the workers and caches warm up first
    before = rss_mb(hall.pid)
    started = time.perf_counter()
    ids = await finished_tables(hall, games, 40)
    for i, table_id in enumerate(ids):
        where = f"127.50.{1 + i // 250}.{1 + i % 250}"
        await hall.ask("GET", f"/api/tables/{table_id}", where)
        await hall.ask("GET", f"/api/tables/{table_id}/record", where)
    await asyncio.sleep(2)
    return {"games": games, "rss_before_mb": round(before, 1), "rss_after_mb": round(rss_mb(hall.pid), 1),
            "growth_mb": round(rss_mb(hall.pid) - before, 1), "seconds": round(time.perf_counter() - started, 1)}


def _line(name: str, r: dict[str, Any]) -> str:
    p99 = r["p99_ms"]
    ratio = p99["during"] / p99["before"] if p99["before"] and p99["before"] == p99["before"] else float("nan")
    return (f"{name:26s} p50 {r['p50_ms']['before']:6.1f}/{r['p50_ms']['during']:6.1f}/{r['p50_ms']['after']:6.1f} ms  "
            f"p99 {p99['before']:6.1f}/{p99['during']:6.1f}/{p99['after']:6.1f} ms (x{ratio:.2f})  "
            f"rss {r['rss_growth_mb']:+6.1f} MB  5xx {r['http_5xx']}  tracebacks {r['tracebacks']}  "
            f"moves {r['moves']['before']}/{r['moves']['during']}/{r['moves']['after']}  {r['note']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=6.0, help="each phase (before, during, after) of each attack")
    ap.add_argument("--only", default="", help="attacks to run, comma separated (default: all): " + ", ".join(ATTACKS))
    ap.add_argument("--games", type=int, default=0, help="then finish this many games and report the memory")
    ap.add_argument("--json", action="store_true", help="print one JSON object at the end")
    ap.add_argument("--keep-log", default=None, help="copy the server's log to this file at the end")
    ap.add_argument("--serve", nargs=2, metavar=("PORT", "DB"), help=argparse.SUPPRESS)
    ap.add_argument("--normal", nargs=2, metavar=("PORT", "FILE"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1])
        return
    if args.normal:
        run_normal(int(args.normal[0]), args.normal[1])
        return
    names = [n for n in args.only.split(",") if n] or list(ATTACKS)
    unknown = [n for n in names if n not in ATTACKS]
    if unknown:
        ap.error(f"no attack {', '.join(unknown)}; attacks: {', '.join(ATTACKS)}")
    with tempfile.TemporaryDirectory() as tmp:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        sock.close()
        log = Path(tmp) / "server.log"
        with log.open("w") as log_file:
            server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), f"sqlite:///{tmp}/hall.db"],
                                      stdout=log_file, stderr=log_file, cwd=ROOT,
                                      env={**os.environ, "PYTHONPATH": str(ROOT), "GLYPHHALL_HEADER_SECONDS": "3"})
        normal = None
        try:
            _wait_for(port)
            hall = Hall(port, server.pid, log)
            normal = NormalProcess(port, tmp)
            results = asyncio.run(_run(hall, names, args.seconds, args.games, normal))
        finally:
            if normal is not None:
                normal.process.kill()
            server.send_signal(signal.SIGTERM)  # uvicorn shuts down gracefully
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
        if args.keep_log:
            Path(args.keep_log).write_text(log.read_text(errors="replace"))
        if args.json:
            print(json.dumps(results))


async def _run(hall: Hall, names: list[str], seconds: float, games: int, normal: NormalProcess) -> dict[str, Any]:
    try:
        return await drill(hall, names, seconds, games, normal)
    finally:
        await hall.close()


def _wait_for(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start")


if __name__ == "__main__":
    main()
