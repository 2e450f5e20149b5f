"""A table from a position in a hall of two processes on one PostgreSQL: the process that did
not create it rebuilds it from the stored position, follows moves made in the other (a move taken
back included) and rolls the die the position scripts."""

from __future__ import annotations

import json

import pytest

from .test_cluster import _hello, _recv, hall  # noqa: F401 (hall is a fixture)

pytestmark = pytest.mark.postgres
POSITION = 'title = "Two to win"\n[position]\ntotals = [5, 8]\n[chance]\ndice = ["d6 2"]\n'


def _act(ws, text: str, ref: str) -> dict:
    ws.send(json.dumps({"type": "act", "text": text, "ref": ref}))
    while True:
        msg = _recv(ws, "update")
        if msg.get("ack") == ref:
            return msg


def test_two_processes_play_a_table_from_a_position(hall):
    a, b = hall(2)
    r = a.http.post("/api/tables", json={"game": "turns", "seats": [{"kind": "person"}] * 2, "position": POSITION})
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
        _act(ws0, "add 1", "1")
        assert _recv(ws1, "update")["view"]["totals"] == [6, 8]
        ws0.send(json.dumps({"type": "undo", "ref": "u"}))
        assert _recv(ws0, "state")["view"]["totals"] == [5, 8]
        assert _recv(ws1, "state")["view"]["totals"] == [5, 8]  # b rebuilt from the position
        _act(ws0, "add 1", "2")
        _act(ws0, "end", "3")
        done = _act(ws1, "roll", "4")  # on b: the scripted d6 shows 2
        assert done["status"] == "finished" and done["view"]["totals"] == [6, 10]
        assert _recv(ws0, "update")["view"]["totals"] == [6, 10]
    record = a.http.get(f"/api/tables/{tid}/record").json()
    assert record["position"]["text"] == POSITION and record["undone"] == [0]
