"""Several server processes on one PostgreSQL are one hall: seats, starts, moves and chat made
through one are seen through the others; when a table's owner is killed (SIGKILL) another
process carries the game on within 5 s, and no acknowledged move is lost or doubled."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from glyphhall.engine import MatchRecord, replay
from glyphhall.store import Store
from tests.ports import free_port

from .games import DUEL
from .nodes import ROOT, Node

pytestmark = pytest.mark.postgres


def _recv(ws, kind: str, timeout: float = 20) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if msg["type"] == kind:
            return msg
        assert msg["type"] != "error" or kind == "error", msg


def _hello(ws, token: str | None) -> dict:
    ws.send(json.dumps({"type": "hello", "token": token}))
    return _recv(ws, "state")


def _record(db_url: str, table_id: str) -> list[tuple[int, str]]:
    store = Store(db_url)
    try:
        return store.actions(table_id)
    finally:
        store.close()


def test_three_processes_share_seats_moves_and_chat(hall, postgres_url):
    a, b, c = hall(3)
    t = a.http.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}] * 2}).json()
    tid = t["id"]
    tok0 = b.http.post(f"/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
    assert c.http.post(f"/api/tables/{tid}/seats/0", json={"name": "eve"}).status_code == 409
    tok1 = c.http.post(f"/api/tables/{tid}/seats/1", json={"name": "bob"}).json()["token"]
    with a.ws(tid) as spy, b.ws(tid) as ws0, c.ws(tid) as ws1:
        _hello(spy, None)
        s0, s1 = _hello(ws0, tok0), _hello(ws1, tok1)
        assert s0["table"]["status"] == "open"
        assert a.http.post(f"/api/tables/{tid}/start", json={"token": tok0}).status_code == 200
        s0, s1 = _recv(ws0, "state"), _recv(ws1, "state")  # started through another process
        assert s0["legal"] and s1["legal"]
        for node in (a, b, c):
            listed = {x["id"]: x for x in node.http.get("/api/tables").json()["tables"]}
            assert listed[tid]["status"] == "running"
            assert [s["taken"] for s in listed[tid]["seats"]] == [True, True]
        ws0.send(json.dumps({"type": "act", "text": s0["legal"][0], "ref": 1, "step": 0}))
        assert _recv(ws0, "update")["ack"] == 1
        seen1, seen_spy = _recv(ws1, "update"), _recv(spy, "update")
        assert seen1["step"] == seen_spy["step"] == 1 and seen1["events"][0]["text"] == "ann picks a card"
        assert seen_spy["legal"] == [] and seen_spy["view"]["hand"] is None
        ws1.send(json.dumps({"type": "act", "text": s1["legal"][0], "ref": 2, "step": 1}))
        assert _recv(ws1, "update")["ack"] == 2
        assert _recv(ws0, "update")["step"] == 2 and _recv(spy, "update")["step"] == 2
        ws1.send(json.dumps({"type": "chat", "text": "hello from c"}))
        assert _recv(spy, "chat")["line"]["text"] == "hello from c"
        assert _recv(ws0, "chat")["line"]["author"] == "bob"
        # Two tabs of seat 0 on two processes race for one step: one move is kept, the other
        # tab is told the table moved on.
        legal = _recv_state(ws0)["legal"]
        with a.ws(tid) as tab:
            _hello(tab, tok0)
            ws0.send(json.dumps({"type": "act", "text": legal[0], "ref": "b", "step": 2}))
            tab.send(json.dumps({"type": "act", "text": legal[1], "ref": "a", "step": 2}))
            answers = [_answer(ws0, "b"), _answer(tab, "a")]
        assert sorted(m["type"] for m in answers) == ["error", "update"], answers
        assert "the table moved on" in next(m for m in answers if m["type"] == "error")["message"]
    assert len(_record(postgres_url, tid)) == 3


def _answer(ws, ref: str) -> dict:
    """The update acknowledging `ref`, or the error refusing it."""
    while True:
        msg = json.loads(ws.recv(timeout=20))
        if msg.get("ack") == ref or (msg["type"] == "error" and msg.get("ref") == ref):
            return msg


def _recv_state(ws) -> dict:
    ws.send(json.dumps({"type": "resync"}))
    return _recv(ws, "state")


class Player:
    """Seat 0 of a duel against a bot, reconnecting to whichever process is alive, re-sending
    its unanswered move with the step it was made at (as the browser does)."""

    def __init__(self, table_id: str, token: str) -> None:
        self.table_id, self.token = table_id, token
        self.acked: list[str] = []
        self.pending: dict | None = None
        self.ws = None
        self.state: dict = {}

    def connect(self, node: Node) -> None:
        self.ws = node.ws(self.table_id)
        self.state = _hello(self.ws, self.token)
        if self.pending:
            self.ws.send(json.dumps(self.pending))

    def play_until(self, step: int, timeout: float = 30) -> float:
        """Play seat 0 until the table reaches `step` (or the game ends); returns when."""
        deadline = time.monotonic() + timeout
        while self.state.get("step", 0) < step and (self.state.get("table") or {}).get("status") != "finished":
            assert time.monotonic() < deadline, f"the table did not reach step {step}"
            if self.pending is None and self.state.get("legal"):
                text = self.state["legal"][0]
                self.pending = {"type": "act", "text": text, "ref": f"{self.state['step']}:{text}",
                                "step": self.state["step"]}
                self.ws.send(json.dumps(self.pending))
            msg = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            if msg["type"] in ("update", "ack", "error") and self.pending and \
                    self.pending["ref"] in (msg.get("ack"), msg.get("ref")):
                if msg["type"] != "error":
                    self.acked.append(self.pending["text"])
                self.pending = None
            if msg["type"] == "update":
                self.state.update(step=msg["step"], legal=msg["legal"], view=msg["view"])
                self.state["table"]["status"] = msg["status"]
            elif msg["type"] == "state":
                self.state = msg
        return time.monotonic()


@pytest.mark.slow
def test_the_owner_killed_mid_game_another_process_carries_on(hall, postgres_url):
    """Over three rounds: a duel against a bot is started on one process (its owner) and played
    through it; the owner is SIGKILLed mid-game; the other process holds the table's lock within
    5 s and rebuilds the table from the record; the player reconnects to it and its bot plays
    on; the game finishes and the record holds every acknowledged move exactly once."""
    alive = hall(2)
    takeovers: list[float] = []
    for _round in range(3):
        owner, other = alive
        # The other process's bot workers start before the kill (a cold start is not a takeover).
        warm = other.http.post("/api/tables", json={"game": "race", "seats": [{"kind": "bot", "bot": "random"}]}).json()
        other.http.post(f"/api/tables/{warm['id']}/start", json={})
        t = owner.http.post("/api/tables", json={"game": "duel",
                                                 "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}).json()
        token = owner.http.post(f"/api/tables/{t['id']}/seats/0", json={"name": "ann"}).json()["token"]
        assert owner.http.post(f"/api/tables/{t['id']}/start", json={"token": token}).status_code == 200
        player = Player(t["id"], token)
        player.connect(owner)
        player.play_until(2)
        # Send a move and kill the owner before reading the answer: it may or may not be kept.
        text = player.state["legal"][0]
        player.pending = {"type": "act", "text": text, "ref": f"kill:{text}", "step": player.state["step"]}
        player.ws.send(json.dumps(player.pending))
        old_holder = _lock_holder(postgres_url, t["id"])
        assert old_holder is not None, "the process that started the table owns it"
        owner.kill()
        killed_at = time.monotonic()
        while _lock_holder(postgres_url, t["id"]) in (None, old_holder):
            assert time.monotonic() - killed_at < 5.0, "no process took the table over within 5 s"
            time.sleep(0.05)
        takeovers.append(time.monotonic() - killed_at)
        with pytest.raises((ConnectionClosed, TimeoutError, OSError)):
            while True:
                player.ws.recv(timeout=10)
        player.connect(other)
        player.play_until(player.state["step"] + 2)  # its bot plays on the new owner
        player.play_until(10**6, timeout=60)
        record = _record(postgres_url, t["id"])
        mine = [text for seat, text in record if seat == 0]
        assert mine == player.acked, "an acknowledged move was lost or doubled"
        final = replay(MatchRecord(game="duel", seed=_seed(postgres_url, t["id"]), players=["a", "b"], actions=record),
                       game=DUEL)
        assert final.is_over() and len(record) == 6
        alive = [other, *hall(1)]
    print(f"takeover seconds: {', '.join(f'{x:.2f}' for x in takeovers)}")


def _lock_holder(db_url: str, table_id: str) -> int | None:
    """The PostgreSQL backend holding the table's ownership lock (cluster.LOCK_CLASS)."""
    import psycopg

    from glyphhall.server.cluster.coordination import LOCK_CLASS, conninfo

    with psycopg.connect(conninfo(db_url), autocommit=True) as conn:
        row = conn.execute(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = %s"
            " AND objid = (hashtext(%s)::bigint & 4294967295)::oid",
            (LOCK_CLASS, table_id),
        ).fetchone()
    return None if row is None else int(row[0])


def _seed(db_url: str, table_id: str) -> int:
    store = Store(db_url)
    try:
        return store.table(table_id).seed
    finally:
        store.close()


def test_serve_refuses_several_workers_on_sqlite(tmp_path):
    from typer.testing import CliRunner

    from glyphhall.cli.main import app

    done = CliRunner().invoke(app, ["serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'x.db'}"])
    assert done.exit_code == 2
    assert "--workers above 1 needs PostgreSQL" in done.output


def test_serve_with_two_workers_on_one_port(postgres_url):
    store = Store(postgres_url)
    store.drop_everything()
    store.close()
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "glyphhall.cli.main", "serve", "--workers", "2", "--port", str(port),
                             "--db", postgres_url, "--bot-workers", "1"], cwd=ROOT, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        deadline = time.monotonic() + 90
        while True:
            try:
                if http.get("/api/games").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "glyphhall serve --workers 2 did not come up"
            time.sleep(0.3)
        workers = [p for p in _children(proc.pid) if "multiprocessing" in _cmdline(p) or "spawn" in _cmdline(p)]
        assert len(workers) >= 2, "two worker processes"
        # Requests spread over the workers all see one hall.
        game = http.get("/api/games").json()["games"][0]
        body = {"game": game["id"], "seats": [{"kind": "person"}] * game["min_players"]}
        ids = [http.post("/api/tables", json=body).json()["id"] for _ in range(6)]
        for _ in range(3):
            listed = {t["id"] for t in http.get("/api/tables").json()["tables"]}
            assert set(ids) <= listed
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


# A table from a position: the process that did not create it rebuilds it from the stored
# position, follows moves made in the other (a move taken back included) and rolls the die the
# position scripts.
TWO_TO_WIN = 'title = "Two to win"\n[position]\ntotals = [5, 8]\n[chance]\ndice = ["d6 2"]\n'


def _act_acked(ws, text: str, ref: str) -> dict:
    ws.send(json.dumps({"type": "act", "text": text, "ref": ref}))
    while True:
        msg = _recv(ws, "update")
        if msg.get("ack") == ref:
            return msg


def test_two_processes_play_a_table_from_a_position(hall):
    a, b = hall(2)
    r = a.http.post("/api/tables", json={"game": "turns", "seats": [{"kind": "person"}] * 2, "position": TWO_TO_WIN})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    tok0 = a.http.post(f"/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
    tok1 = b.http.post(f"/api/tables/{tid}/seats/1", json={"name": "bob"}).json()["token"]
    assert b.http.get(f"/api/tables/{tid}").json()["position"] == {"title": "Two to win"}
    with a.ws(tid) as ws0, b.ws(tid) as ws1:
        _hello(ws0, tok0)
        _hello(ws1, tok1)
        assert b.http.post(f"/api/tables/{tid}/start", json={"token": tok1}).status_code == 200
        assert _recv(ws0, "state")["view"] == _recv(ws1, "state")["view"] == {"totals": [5, 8], "turn": 0}
        _act_acked(ws0, "add 1", "1")
        assert _recv(ws1, "update")["view"]["totals"] == [6, 8]
        ws0.send(json.dumps({"type": "undo", "ref": "u"}))
        assert _recv(ws0, "state")["view"]["totals"] == [5, 8]
        assert _recv(ws1, "state")["view"]["totals"] == [5, 8]  # b rebuilt from the position
        _act_acked(ws0, "add 1", "2")
        _act_acked(ws0, "end", "3")
        while _recv(ws1, "update")["view"]["turn"] != 1:  # b has caught up: bob's turn
            pass
        done = _act_acked(ws1, "roll", "4")  # on b: the scripted d6 shows 2
        assert done["status"] == "finished" and done["view"]["totals"] == [6, 10]
        assert _recv(ws0, "update")["view"]["totals"] == [6, 10]
    record = a.http.get(f"/api/tables/{tid}/record").json()
    assert record["position"]["text"] == TWO_TO_WIN and record["undone"] == [0]
