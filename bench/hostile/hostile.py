"""A standing hostile drill: a live Glyph Hall server on loopback, attacked one way at a time
while a normal pair of players keeps playing; for each attack the normal client's move latency
before, during and after, the server's memory growth, its 5xx answers and the tracebacks in its log.

    python bench/hostile/hostile.py [--seconds 6] [--only name,name] [--games 1000] [--json]

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
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its kit and attacks, however it is started

from hostile_attacks import ATTACKS, PREPARED  # noqa: E402
from hostile_kit import (  # noqa: E402
    ROOT,
    Hall,
    NormalProcess,
    finished_tables,
    percentiles,
    rss_mb,
    run_normal,
    serve,
)


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
