"""Hall processes for the multi-process tests: `Node` runs one server process on the test games
(tests/server/cluster_node.py); the `hall` fixture (conftest.py) starts them on a clean
PostgreSQL and kills them afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def wait_until_serving(http: httpx.Client, path: str, proc: subprocess.Popen, what: str, *, seconds: float,
                       poll: float) -> None:
    """Waits until GET `path` answers 200; fails the test if `proc` (`what`) exits first or after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if http.get(path).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert proc.poll() is None, f"{what} exited"
        assert time.monotonic() < deadline, f"{what} did not come up"
        time.sleep(poll)


class Node:
    """One server process (its own session, so a SIGKILL takes its bot workers too)."""

    def __init__(self, db_url: str, node: str = "tests.server.cluster_node", *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", node, db_url, str(self.port), *extra],
            cwd=ROOT, start_new_session=True,
        )
        self.http = httpx.Client(base_url=self.url, timeout=30)
        wait_until_serving(self.http, "/api/games", self.proc, "the server process", seconds=90, poll=0.2)

    def ws(self, table_id: str):
        return connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}", open_timeout=30)

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)
        self.http.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.kill()
