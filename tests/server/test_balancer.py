"""The hall behind its balancer (issue 30): two processes on one PostgreSQL behind HAProxy with the
recipe's own configuration (deploy/haproxy.cfg). Every table lives in exactly one process (its
moves are applied there only), and when a process is SIGKILLed its tables answer again through
the balancer within 2 s and play on with no acknowledged move lost or doubled."""

from __future__ import annotations

import os
import shutil
import subprocess
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.ports import free_port

from .nodes import ROOT, Node, wait_until_serving
from .test_cluster import Player, _record

pytestmark = pytest.mark.postgres


class Balancer:
    """HAProxy from Debian, run in the foreground with deploy/haproxy.cfg."""

    def __init__(self, nodes: list[Node]) -> None:
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        if not os.path.exists(haproxy):
            pytest.fail("HAProxy is not installed (scripts/test-deps.sh installs it)")
        self.port = free_port()
        env = {**os.environ, "GLYPHHALL_LISTEN": f"127.0.0.1:{self.port}",
               "GLYPHHALL_HALL1": f"127.0.0.1:{nodes[0].port}", "GLYPHHALL_HALL2": f"127.0.0.1:{nodes[1].port}"}
        self.proc = subprocess.Popen([haproxy, "-db", "-f", str(ROOT / "deploy" / "haproxy.cfg")], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=30)
        wait_until_serving(self.http, "/healthz", self.proc, "HAProxy with deploy/haproxy.cfg", seconds=30, poll=0.1)
        time.sleep(1.2)  # both processes seen healthy by the checks (inter 500 ms, rise 2)

    def ws(self, table_id: str):
        return connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}", open_timeout=30)

    def stop(self) -> None:
        self.http.close()
        self.proc.terminate()
        self.proc.wait(10)


def _metric(node: Node, name: str) -> float:
    for line in node.http.get("/metrics").text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"no {name} metric")


@pytest.mark.slow
def test_each_table_lives_in_one_process_and_survives_a_kill(hall, postgres_url):
    nodes = hall(2)
    for node in nodes:  # bot workers started before the kill (a cold start is not a takeover)
        warm = node.http.post("/api/tables", json={"game": "race", "seats": [{"kind": "bot", "bot": "random"}]}).json()
        node.http.post(f"/api/tables/{warm['id']}/start", json={})
    balancer = Balancer(nodes)
    try:
        players = []
        for _ in range(8):
            t = balancer.http.post("/api/tables", json={
                "game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}).json()
            token = balancer.http.post(f"/api/tables/{t['id']}/seats/0", json={"name": "ann"}).json()["token"]
            assert balancer.http.post(f"/api/tables/{t['id']}/start", json={"token": token}).status_code == 200
            player = Player(t["id"], token)
            player.connect(balancer)
            player.play_until(2)
            players.append(player)
        # Table affinity: every move was applied by one process only; no process replayed
        # another's moves on a copy of its own.
        assert sum(_metric(n, "glyphhall_moves_caught_up_total") for n in nodes) == 0
        assert all(_metric(n, "glyphhall_moves_total") > 0 for n in nodes), "the tables are spread over both"

        nodes[0].kill()
        killed_at = time.monotonic()
        pongs = {}
        for player in players:
            try:
                pongs[player.table_id] = player.ws.ping()
            except (ConnectionClosed, OSError):
                pongs[player.table_id] = None
        time.sleep(0.5)
        answered = []
        for player in players:
            pong = pongs[player.table_id]
            if pong is not None and pong.is_set():
                continue  # served by the survivor all along
            while True:
                try:
                    player.connect(balancer)
                    break
                except (ConnectionClosed, TimeoutError, OSError):
                    assert time.monotonic() - killed_at < 10, "the table never answered again"
                    time.sleep(0.05)
            answered.append(time.monotonic() - killed_at)
        assert answered, "some tables lived in the killed process"
        assert max(answered) < 2.0, f"tables answered again after {answered} s"
        for player in players:
            player.play_until(10**6, timeout=60)
            record = _record(postgres_url, player.table_id)
            assert [text for seat, text in record if seat == 0] == player.acked, "a move was lost or doubled"
            assert len(record) == 6
        print(f"answered again after: {', '.join(f'{x:.2f}' for x in answered)} s")
    finally:
        balancer.stop()
