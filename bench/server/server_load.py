"""Load test of the Glyph Hall server: simulated players over real WebSockets on loopback.

    python bench/server/server_load.py [--tables 500] [--seconds 60] [--think 1.0] [--game inscription]
                                [--processes N] [--postgres | --db URL] [--balancer]

The server runs in its own process (uvicorn, a fresh SQLite file unless --db is given);
`--processes N` runs N server processes on one PostgreSQL (`--postgres` starts a throwaway one,
as the tests do) and spreads the clients so that each table's two seats sit on different
processes (table i is created through process i mod N, its seat j plays through process
(i + j) mod N): every move then crosses processes. `--balancer` puts HAProxy with the recipe's
configuration (deploy/haproxy.cfg, one server line per process) in front, and every client talks
to it: each table then lives in one process, as in a real deployment. Two
clients sit at each table and play uniformly random legal actions after a think time drawn
uniformly from [0.5, 1.5] x --think seconds. Latency is measured from sending an action to
receiving the update that acknowledges it. When a game ends its two clients open a new table,
so the number of live tables stays constant.

Integrity checks at the end: for every table, the server's step count equals the number of
actions the clients saw acknowledged, and every client saw the steps 1, 2, 3, ... exactly once
(no action lost or applied twice). Prints one JSON object.

Latency figures: `latency_ms_*` is the steady state (measured only after every table is set up
and playing, for --seconds); `ramp_up_latency_ms_*` covers the moves made while the tables were
still being created; `overall_latency_ms_*` both together. Also reported, to find stalls: the
server's event-loop lag (a 10 ms watchdog), the longest garbage-collector pause per generation
in the server and in the clients, and the seconds of the steady state with the most moves over
100 ms (bursts there mean a stall rather than steady queueing)."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from glyphhall.server.guard.flood_limits import Limits  # noqa: E402
from glyphhall.server.runtime.gc_policy import GcPolicy  # noqa: E402


def raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def serve(port: int, db: str, workers: int) -> None:
    """The server process."""
    import signal

    import uvicorn

    from glyphhall.server import create_app

    raise_fd_limit()
    profile = os.environ.get("GLYPHHALL_BENCH_PROFILE")  # a file name: profile the server into it
    if profile:
        import cProfile

        prof = cProfile.Profile()

        def dump(*_: object) -> None:
            # uvicorn re-raises SIGTERM after its graceful shutdown: this handler then runs.
            prof.disable()
            prof.dump_stats(profile)
            os._exit(0)

        signal.signal(signal.SIGTERM, dump)
        prof.enable()
    # One address creates every table and plays every seat: the per-address limit on tables
    # created is for people, not for this load generator.
    limits = Limits.machine_speed()
    config = uvicorn.Config(create_app(db, bot_workers=workers, limits=limits), host="127.0.0.1", port=port,
                            log_level="warning", backlog=4096)
    if not profile:
        # uvicorn re-raises SIGTERM after its graceful shutdown: a no-op handler lets the
        # watchdog below write its figures first.
        signal.signal(signal.SIGTERM, lambda *_: None)
    asyncio.run(serve_watching_loop(uvicorn.Server(config), os.environ.get("GLYPHHALL_BENCH_LAG")))


class GcWatch:
    """Durations of the garbage collector's runs in this process, by generation."""

    def __init__(self) -> None:
        self.started = 0.0
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.pauses[info["generation"]].append(time.perf_counter() - self.started)

    def summary(self, prefix: str) -> dict:
        out = {}
        for gen, xs in self.pauses.items():
            out[f"{prefix}gc_gen{gen}_runs"] = len(xs)
            out[f"{prefix}gc_gen{gen}_max_ms"] = round(1000 * max(xs), 1) if xs else 0.0
        return out


async def serve_watching_loop(server, lag_file: str | None) -> None:
    """Run uvicorn while a watchdog measures how late the event loop wakes it (stalls)."""
    lags: list[float] = []
    gc_watch = GcWatch()

    async def watch() -> None:
        tick = 0.01
        while True:
            before = time.perf_counter()
            await asyncio.sleep(tick)
            lags.append(time.perf_counter() - before - tick)

    watchdog = asyncio.create_task(watch())
    try:
        await server.serve()
    finally:
        watchdog.cancel()
        if lag_file and lags:
            lags.sort()
            Path(lag_file).write_text(json.dumps({
                "loop_lag_ms_p50": round(1000 * lags[len(lags) // 2], 1),
                "loop_lag_ms_p99": round(1000 * lags[int(0.99 * len(lags))], 1),
                "loop_lag_ms_max": round(1000 * lags[-1], 1),
                "loop_stalls_over_50ms": sum(1 for x in lags if x > 0.05),
                **gc_watch.summary("server_"),
            }))


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []  # steady state: after every table is up and playing
        self.ramp_latencies: list[float] = []  # while the tables are still being created
        self.slow: list[tuple[float, float]] = []  # (time, latency) of steady-state actions over 100 ms
        self.actions = 0
        self.errors: list[str] = []
        self.gaps = 0
        self.games_finished = 0
        self.acked: dict[str, int] = {}  # table -> actions acknowledged to their sender
        self.measuring = False
        self.stopped = False
        self.ready = 0  # clients that have their first full state
        self.setup_retries = 0


sockets: set = set()  # every open client socket, closed at the end of the run


async def play_seat(url: str, table_id: str, token: str, think: float, rng: random.Random, stats: Stats,
                    stop: asyncio.Event) -> None:
    """One simulated player: reads every message; when it may move, acts after its think time."""
    import websockets

    loop = asyncio.get_running_loop()
    # No per-message compression: on loopback it only costs CPU on both sides.
    async with websockets.connect(f"{url}/ws/{table_id}", max_size=None, compression=None) as ws:
        sockets.add(ws)
        await ws.send(json.dumps({"type": "hello", "token": token}))
        step: int | None = None
        sent_at: dict[int, float] = {}
        state = {"legal": [], "ref": 0, "pending": False, "timer": None}

        def act() -> None:
            state["timer"] = None
            if stop.is_set() or not state["legal"] or state["pending"]:
                return
            state["ref"] += 1
            sent_at[state["ref"]] = time.perf_counter()
            state["pending"] = True
            asyncio.ensure_future(ws.send(json.dumps({"type": "act", "text": rng.choice(state["legal"]), "ref": state["ref"]})))

        def plan() -> None:
            if state["legal"] and not state["pending"] and state["timer"] is None and not stop.is_set():
                state["timer"] = loop.call_later(rng.uniform(0.5, 1.5) * think, act)

        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "state":
                if step is None:
                    stats.ready += 1
                step, state["legal"] = msg["step"], msg["legal"]
                if msg["table"]["status"] == "finished":
                    return
            elif kind == "update":
                if step is not None and msg["step"] != step + 1:
                    stats.gaps += 1
                step, state["legal"] = msg["step"], msg["legal"]
                ref = msg.get("ack")
                if ref is not None and ref in sent_at:
                    latency = time.perf_counter() - sent_at.pop(ref)
                    if stats.measuring:
                        stats.latencies.append(latency)
                        stats.actions += 1
                        if latency > 0.1:
                            stats.slow.append((time.perf_counter(), latency))
                    elif not stats.stopped:
                        stats.ramp_latencies.append(latency)
                    stats.acked[table_id] = stats.acked.get(table_id, 0) + 1
                    state["pending"] = False
                if msg["status"] == "finished":
                    stats.games_finished += 1
                    return
            elif kind == "error":
                stats.errors.append(msg["message"])
                state["pending"] = False
            if stop.is_set() and not state["pending"]:
                return
            plan()


async def table_pair(http, urls: list[str], game: str, think: float, seed: int, stats: Stats, stop: asyncio.Event,
                     tables: list[str]) -> None:
    """Two players at a table, then at a new one when the game ends. The table is created
    through `http` (one process); seat j plays through urls[j % len(urls)]."""
    rng = random.Random(seed)
    import httpx

    while not stop.is_set():
        try:
            r = await http.post("/api/tables", json={"game": game, "seats": [{"kind": "person"}] * 2})
            table_id = r.json()["id"]
            tokens = [(await http.post(f"/api/tables/{table_id}/seats/{s}", json={"name": f"p{s}"})).json()["token"] for s in (0, 1)]
            await http.post(f"/api/tables/{table_id}/start", json={"token": tokens[0]})
        except httpx.HTTPError as err:  # a dropped keep-alive connection under load: set up again
            stats.setup_retries += 1
            stats.errors.append(f"set-up: {type(err).__name__}")
            await asyncio.sleep(0.5)
            continue
        tables.append(table_id)
        await asyncio.gather(*(play_seat(urls[j % len(urls)].replace("http", "ws"), table_id, t, think,
                                         random.Random(rng.random()), stats, stop)
                               for j, t in enumerate(tokens)))


def start_balancer(ports: list[int], tmp: str) -> tuple[subprocess.Popen, str]:
    """HAProxy in front of the processes, with deploy/haproxy.cfg given one server line per
    process (the file names two; a third and more are added the way deploy/README.md says)."""
    import shutil
    import socket

    lines = []
    for line in (ROOT / "deploy" / "haproxy.cfg").read_text().splitlines():
        lines.append(line)
        for n in range(3, len(ports) + 1):
            if line.strip().startswith("server hall2 "):
                lines.append(line.replace("hall2", f"hall{n}").replace("HALL2", f"HALL{n}"))
    cfg = Path(tmp) / "haproxy.cfg"
    cfg.write_text("\n".join(lines) + "\n")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "GLYPHHALL_LISTEN": f"127.0.0.1:{port}",
           **{f"GLYPHHALL_HALL{i + 1}": f"127.0.0.1:{p}" for i, p in enumerate(ports)}}
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    proc = subprocess.Popen([haproxy, "-db", "-f", str(cfg)], env=env, stdout=subprocess.DEVNULL)
    time.sleep(1.5)  # every process seen healthy (checks every 500 ms, two to rise)
    return proc, f"http://127.0.0.1:{port}"


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), to report CPU per action."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


async def drive(urls: list[str], args: argparse.Namespace, server_pids: list[int]) -> dict:
    import httpx

    stats = Stats()
    gc_watch = GcWatch()
    # The clients are the measuring instrument: their own full collections (1,000 sockets)
    # would show up as latency. Freeze old objects, as the server does.
    client_gc = GcPolicy(full_every=float("inf"))
    client_gc.start()
    stop = asyncio.Event()
    tables: list[str] = []
    limits = httpx.Limits(max_connections=64)
    https = [httpx.AsyncClient(base_url=url, timeout=120, limits=limits) for url in urls]
    http = https[0]
    rss0 = sum(rss_mb(pid) for pid in server_pids)
    try:
        started = time.perf_counter()
        pairs = []
        for i in range(args.tables):
            n = len(urls)
            mine = [urls[(i + j) % n] for j in range(n)]
            pairs.append(asyncio.create_task(table_pair(https[i % n], mine, args.game, args.think, args.seed + i, stats,
                                                        stop, tables)))
            if i % 50 == 49:
                await asyncio.sleep(0.2)  # let each batch connect before the next
        while stats.ready < 2 * args.tables and time.perf_counter() - started < 600:
            await asyncio.sleep(0.2)  # every table created, seated, started and connected
        ramp = time.perf_counter() - started
        await asyncio.sleep(args.think * 2)  # warm-up: every table has started playing
        stats.measuring = True
        t0 = time.perf_counter()
        cpu0, own0 = sum(cpu_seconds(pid) for pid in server_pids), time.process_time()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        stats.stopped = True
        elapsed = time.perf_counter() - t0
        server_cpu = sum(cpu_seconds(pid) for pid in server_pids) - cpu0
        client_cpu = time.process_time() - own0
        rss = sum(rss_mb(pid) for pid in server_pids)
        stop.set()
        await asyncio.sleep(3)  # actions in flight get their acknowledgement
        for ws in list(sockets):
            await ws.close()
        await asyncio.wait(pairs, timeout=30)
        # Integrity: the server's record length per table against what was acknowledged.
        mismatched = 0
        for table_id in tables:
            server_steps = (await http.get(f"/api/tables/{table_id}")).json()["step"]
            if server_steps != stats.acked.get(table_id, 0):
                mismatched += 1
    finally:
        for client in https:
            await client.aclose()
    await client_gc.stop()
    lat = sorted(stats.latencies)
    ramp_lat = sorted(stats.ramp_latencies)
    all_lat = sorted(stats.latencies + stats.ramp_latencies)

    def pct(p: float, xs: list[float] = lat) -> float:
        return round(1000 * xs[min(len(xs) - 1, int(p * len(xs)))], 1) if xs else float("nan")

    # When the slow steady-state actions happened, per second of the run: bursts point at stalls.
    slow_seconds: dict[int, int] = {}
    for at, _ in stats.slow:
        second = int(at - t0)
        slow_seconds[second] = slow_seconds.get(second, 0) + 1

    return {
        "game": args.game,
        "processes": len(urls),
        "database": "postgresql" if (args.db or "").startswith("postgres") else "sqlite",
        "tables": args.tables,
        "clients": 2 * args.tables,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "ramp_up_s": round(ramp, 1),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / elapsed, 1),
        "latency_ms_p50": pct(0.50),
        "latency_ms_p99": pct(0.99),
        "latency_ms_mean": round(1000 * statistics.fmean(lat), 1) if lat else None,
        "latency_ms_max": round(1000 * lat[-1], 1) if lat else None,
        "ramp_up_actions": len(ramp_lat),
        "ramp_up_latency_ms_p50": pct(0.50, ramp_lat),
        "ramp_up_latency_ms_p99": pct(0.99, ramp_lat),
        "overall_actions": len(all_lat),
        "overall_latency_ms_p50": pct(0.50, all_lat),
        "overall_latency_ms_p99": pct(0.99, all_lat),
        "steady_slow_actions_by_second": dict(sorted(slow_seconds.items(), key=lambda kv: -kv[1])[:8]),
        "server_cpu_s": round(server_cpu, 2),
        "server_cpu_ms_per_action": round(1000 * server_cpu / stats.actions, 2) if stats.actions else None,
        "server_rss_mb": round(rss, 1),
        "server_rss_mb_per_table": round((rss - rss0) / args.tables, 3),
        "clients_cpu_s": round(client_cpu, 2),
        "games_finished": stats.games_finished,
        "tables_checked": len(tables),
        "tables_with_lost_or_doubled_actions": mismatched,
        "step_gaps_seen_by_clients": stats.gaps,
        "setup_retries": stats.setup_retries,
        "errors": len(stats.errors),
        "first_errors": stats.errors[:3],
        "load_average": os.getloadavg(),
        **gc_watch.summary("clients_"),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--think", type=float, default=1.0, help="mean think time per move, in seconds")
    ap.add_argument("--game", default="inscription")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    ap.add_argument("--processes", type=int, default=1, help="server processes on one PostgreSQL")
    ap.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL server for the run")
    ap.add_argument("--balancer", action="store_true", help="clients talk to HAProxy (deploy/haproxy.cfg) in front")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    raise_fd_limit()
    if args.serve:
        serve(args.port, args.db, 1)
        return
    import socket

    pg = None
    if args.postgres and not args.db:
        from tests.server.postgres import ThrowawayPostgres

        pg = ThrowawayPostgres()
        args.db = pg.start()
    if args.processes > 1 and not (args.db or "").startswith("postgres"):
        sys.exit("--processes above 1 needs PostgreSQL: --postgres or --db postgresql://...")
    tmp = tempfile.mkdtemp(prefix="glyphhall-bench-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    servers, urls, lag_files, ports = [], [], [], []
    balancer = None
    try:
        for i in range(args.processes):
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
            lag_files.append(f"{tmp}/loop-lag-{i}.json")
            env = {**os.environ, "GLYPHHALL_DATA_DIR": tmp, "GLYPHHALL_BENCH_LAG": lag_files[-1]}
            servers.append(subprocess.Popen([sys.executable, __file__, "--serve", "--port", str(port), "--db", db],
                                            env=env))
            urls.append(f"http://127.0.0.1:{port}")
            ports.append(port)
        import httpx

        for url in urls:
            for _ in range(600):
                try:
                    httpx.get(url + "/api/games", timeout=2)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
        if args.balancer:
            balancer, url = start_balancer(ports, tmp)
            urls = [url]
        result = asyncio.run(drive(urls, args, [p.pid for p in servers]))
        result["processes"], result["balancer"] = len(servers), args.balancer
    finally:
        if balancer is not None:
            balancer.terminate()
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(30)
        if pg is not None:
            pg.stop()
    lag_file = lag_files[0]
    if Path(lag_file).exists():  # the first server's event-loop lag over the whole run
        result.update(json.loads(Path(lag_file).read_text()))
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
