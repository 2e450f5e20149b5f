"""Tables of bots alone as a stranger makes them, over HTTP: a live server (its real limits, a
fresh SQLite file), one anonymous address making 14 bot-against-bot Glyfts tables at `mcts-hard`
(what the lobby's burst leaves after the person's own tables), while a person starts Inscription
tables against the `mcts` bot. Prints the wall time from "start" to the bot's first move, before
and beside the bot tables, and the server's RSS (its worker processes included).

    PYTHONPATH=TREE python bench/server/bots_alone_http.py      (TREE: the checkout whose server runs)
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hostile"))  # bench/hostile/hostile_kit.py

from hostile_kit import rss_mb  # noqa: E402

PORT = 8123
BASE = f"http://127.0.0.1:{PORT}"
SERVE = "import sys; from glyphhall.cli.main import run; sys.argv = ['glyphhall'] + sys.argv[1:]; run()"


def call(method: str, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, method=method, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return json.load(answer)


def first_bot_moves(count: int) -> list[float]:
    """Seconds from starting a person's table to the bot's first move, `count` tables."""
    waits = []
    for k in range(count):
        table = call("POST", "/api/tables", {"game": "inscription", "seats": [{"kind": "bot", "bot": "mcts"}, {"kind": "person"}]})
        token = call("POST", f"/api/tables/{table['id']}/seats/1", {"name": f"Rowan{k}"})["token"]
        start = time.perf_counter()
        call("POST", f"/api/tables/{table['id']}/start", {"token": token})
        while call("GET", f"/api/tables/{table['id']}")["step"] == 0:
            time.sleep(0.05)
        waits.append(round(time.perf_counter() - start, 2))
    return waits


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--port", str(PORT), "--db", f"sqlite:///{tmp}/hall.db"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    call("GET", "/healthz")
                    break
                except OSError:
                    time.sleep(0.2)
            quiet = first_bot_moves(3)  # the first also starts the bot workers
            rss_quiet = rss_mb(server.pid)
            bots = [{"kind": "bot", "bot": "mcts-hard"}] * 2
            for _ in range(14):
                table = call("POST", "/api/tables", {"game": "glyfts", "seats": bots})
                call("POST", f"/api/tables/{table['id']}/start", {})
            time.sleep(2)
            beside = first_bot_moves(3)
            print(json.dumps({"quiet_s": quiet, "beside_14_bot_tables_s": beside, "median_beside_s": statistics.median(beside),
                              "rss_quiet_mb": round(rss_quiet, 1), "rss_beside_mb": round(rss_mb(server.pid), 1)}))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
