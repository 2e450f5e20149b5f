"""The hostile drill's kit (bench/hostile/hostile.py): the served app, the server's memory, the client
"Hall" the attacks go through, loopback addresses, the normal players' process, finished games
and latency percentiles."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
SCRIPT = Path(__file__).resolve().with_name("hostile.py")  # run again as the server and the normal players

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


def serve(port: int, db: str) -> None:
    """The server process: the app with its real limits, uvicorn as `glyphhall serve` sets it up."""
    import logging

    import uvicorn

    from glyphhall.server import create_app
    from glyphhall.server.runtime.http_config import uvicorn_config

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
        self.process = subprocess.Popen([sys.executable, str(SCRIPT), "--normal", str(port), str(self.file)], cwd=ROOT,
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


