"""The `thinking` message (docs/protocol.md): everyone at a table is told when a bot starts and
stops computing its move, with the bot's name, before the move arrives; a late joiner's `state`
lists the bots computing now. A person's timed-out move is not a bot thinking. With several
server processes, the sockets of a process that does not run the table's bots are told too."""

from __future__ import annotations

import json

import pytest

from .helpers import hello, new_table, take


def _until_update(ws, step: int) -> list[dict]:
    """Every message up to and including the update that reaches `step`."""
    seen = []
    for _ in range(50):
        msg = ws.receive_json()
        seen.append(msg)
        if msg["type"] == "update" and msg["step"] >= step:
            return seen
    raise AssertionError(f"no update to step {step}: {[m['type'] for m in seen]}")


def test_everyone_is_told_while_a_bot_computes_its_move(client):
    t = new_table(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    token = take(client, t["id"], 0)
    with client.websocket_connect(f"/ws/{t['id']}") as ann, client.websocket_connect(f"/ws/{t['id']}") as spy:
        hello(ann, token)
        state = hello(spy, None)
        assert state["thinking"] == []
        client.post(f"/api/tables/{t['id']}/start", json={"token": token})  # the duel's picks are simultaneous
        for ws in (ann, spy):
            seen = [m for m in _until_update(ws, 1) if m["type"] in ("thinking", "update")]
            kinds = [(m["type"], m.get("thinking")) for m in seen]
            assert kinds == [("thinking", True), ("thinking", False), ("update", None)], kinds
            on, off = seen[0], seen[1]
            assert on["seat"] == off["seat"] == 1 and on["name"] == "Beginner computer"
            assert on["bots"] == [{"seat": 1, "name": "Beginner computer"}] and off["bots"] == []
    # Someone arriving while a bot computes sees the sign at once (the bot waits for Ann now).
    client.app.state.manager.tables[t["id"]].computing.add(1)
    with client.websocket_connect(f"/ws/{t['id']}") as late:
        assert hello(late, None)["thinking"] == [{"seat": 1, "name": "Beginner computer"}]


def test_a_timed_out_person_is_not_shown_thinking(client):
    t = new_table(client, seats=[{"kind": "person"}, {"kind": "person"}], turn_seconds=1)
    tokens = [take(client, t["id"], 0), take(client, t["id"], 1, "bob")]
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        hello(ws, tokens[0])
        client.post(f"/api/tables/{t['id']}/start", json={"token": tokens[0]})
        seen = _until_update(ws, 1)
        assert any(m["type"] == "notice" and "ran out of time" in m["text"] for m in seen)
        assert not [m for m in seen if m["type"] == "thinking"]


@pytest.mark.postgres
def test_the_sockets_of_another_process_are_told_too(hall):
    owner, other = hall(2)
    t = owner.http.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}).json()
    token = owner.http.post(f"/api/tables/{t['id']}/seats/0", json={"name": "ann"}).json()["token"]
    with owner.ws(t["id"]) as ann, other.ws(t["id"]) as spy:  # Ann's socket keeps the bots on `owner`
        for ws, tok in ((ann, token), (spy, None)):  # both processes have the table loaded
            ws.send(json.dumps({"type": "hello", "token": tok}))
            while json.loads(ws.recv(timeout=60))["type"] != "state":
                pass
        assert owner.http.post(f"/api/tables/{t['id']}/start", json={"token": token}).status_code == 200
        told = []
        while len(told) < 2:  # the bot's pick: computing, then done (the duel's picks are simultaneous)
            msg = json.loads(spy.recv(timeout=60))
            if msg["type"] == "thinking":
                told.append((msg["seat"], msg["name"], msg["thinking"], msg["bots"]))
        assert told == [(1, "Beginner computer", True, [{"seat": 1, "name": "Beginner computer"}]), (1, "Beginner computer", False, [])]
