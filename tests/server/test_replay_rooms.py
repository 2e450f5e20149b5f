"""Hypothetical lines from any step of a finished game, logs in people's names, and shared
replay rooms: the leader steps, everyone follows, the lead is handed over, chat, refusals."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from glyphhall.engine import MatchRecord, replay

from .games import TURNS
from .helpers import closed_with, hello, new_table, take


def _finished_turns(client) -> tuple[str, MatchRecord]:
    """A finished game of 'turns to ten' with one move taken back on the way."""
    table = new_table(client, "turns", seed=4)
    tokens = [take(client, table["id"], 0, "ann"), take(client, table["id"], 1, "bob")]
    client.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]})
    with client.websocket_connect(f"/ws/{table['id']}") as ws0, client.websocket_connect(f"/ws/{table['id']}") as ws1:
        hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        moves = [(ws0, "add 1"), (ws0, "end"), (ws1, "add 1"), (ws1, "end")] + [(ws0, "add 1")] * 9
        for i, (ws, text) in enumerate(moves):
            _acked(ws, {"type": "act", "text": text, "ref": i})
            if i == 2:
                _acked(ws1, {"type": "undo", "ref": "u"})
                _acked(ws1, {"type": "act", "text": "add 1", "ref": "again"})
    record = MatchRecord.from_dict(client.get(f"/api/tables/{table['id']}/record").json())
    return table["id"], record


def _acked(ws, msg) -> dict:
    """Send `msg` and wait for the answer that acknowledges it (other messages are skipped)."""
    ws.send_json(msg)
    for _ in range(100):
        answer = ws.receive_json()
        assert answer["type"] != "error", answer
        if answer.get("ack") == msg["ref"]:
            return answer
    raise AssertionError("no acknowledgement")


def test_a_replay_step_has_the_log_in_names_and_the_move_taken_back(client):
    table_id, record = _finished_turns(client)
    r = client.get(f"/api/tables/{table_id}/replay/4").json()
    texts = [e["text"] for e in r["log"]]
    assert texts == ["ann adds 1", "ann ends the turn", "bob took back: add 1", "bob adds 1", "bob ends the turn"]
    assert r["names"] == ["ann", "bob"] and r["events"] == [{"step": 4, "text": "bob ends the turn"}]


def test_a_hypothetical_line_plays_moves_for_any_seat_from_a_step(client):
    table_id, record = _finished_turns(client)
    body = {"step": 2, "seat": 1, "line": [[1, "roll"], [1, "end"], [0, "add 1"]]}
    r = client.post(f"/api/tables/{table_id}/hypothetical", json=body).json()
    truth = replay(MatchRecord(game="turns", seed=record.seed, players=record.players,
                               actions=record.live_actions()[:2] + [(1, "roll"), (1, "end"), (0, "add 1")]), game=TURNS)
    assert r["view"] == truth.view(1) and r["hypothetical"]["to_move"] == [0]
    assert r["legal"] == r["moves"] == []  # seat 1 is not to move in the line
    assert [e["text"] for e in r["log"] if e.get("hypothetical")][-1] == "ann adds 1"
    as_ann = client.post(f"/api/tables/{table_id}/hypothetical", json={**body, "seat": 0}).json()
    assert as_ann["legal"] == ["add 1", "roll", "end"]
    assert as_ann["moves"][0] == {"text": "add 1", "kind": "add", "args": [1]} and len(as_ann["moves"]) == 3
    # stepping back is the same line one move shorter; leaving it is the plain replay
    back = client.post(f"/api/tables/{table_id}/hypothetical", json={**body, "line": body["line"][:2]}).json()
    assert len(back["hypothetical"]["line"]) == 2


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ([[0, "add 1"]], "hypothetical move 1 ('add 1' for ann) is not legal: it is not ann's move: waiting for bob"),
        ([[1, "fly"]], "hypothetical move 1 ('fly' for bob) is not legal"),
        ([[5, "add 1"]], "not a [seat, \"action\"] pair with a seat 0 to 1"),
        ("add 1", "line: Input should be a valid list"),
    ],
)
def test_a_bad_hypothetical_line_is_refused_with_the_move_named(client, line, error):
    table_id, _ = _finished_turns(client)
    r = client.post(f"/api/tables/{table_id}/hypothetical", json={"step": 2, "line": line})
    assert r.status_code == 400 and error in r.json()["error"]


def _joined(ws, name):
    ws.send_json({"type": "hello", "name": name})
    return receive_room(ws)


def receive_room(ws, kind="room"):
    for _ in range(30):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def test_a_shared_room_follows_its_leader_who_can_hand_the_lead_over(client):
    table_id, _ = _finished_turns(client)
    room = client.post(f"/api/tables/{table_id}/rooms", json={}).json()
    assert room["invite"] == f"/room/{room['id']}?table={table_id}"  # the replay, once the room is gone
    assert "replay_page.js" in client.get(room["invite"]).text
    with client.websocket_connect(f"/ws/room/{room['id']}") as lead, client.websocket_connect(f"/ws/room/{room['id']}") as fol:
        me = _joined(lead, "ann")
        assert me["room"]["leader"] == me["you"]
        cy = _joined(fol, "cy")["you"]
        receive_room(lead)
        lead.send_json({"type": "goto", "step": 3})
        assert receive_room(fol)["room"]["step"] == 3
        lead.send_json({"type": "line", "line": [[1, "add 1"], [1, "roll"], [1, "end"]]})
        seen = receive_room(fol)["room"]
        assert seen["line"] == [[1, "add 1"], [1, "roll"], [1, "end"]] and seen["step"] == 3
        fol.send_json({"type": "goto", "step": 1})
        assert receive_room(fol, "error")["message"] == "only the leader (ann) moves the replay"
        lead.send_json({"type": "line", "line": [[0, "add 1"]]})
        assert "is not legal" in receive_room(lead, "error")["message"]
        lead.send_json({"type": "chat", "text": "see this?"})
        assert receive_room(fol, "chat")["line"] == {**receive_room(lead, "chat")["line"], "author": "ann"}
        lead.send_json({"type": "lead", "to": cy})
        assert receive_room(fol)["room"]["leader"] == cy
        fol.send_json({"type": "line", "line": None})
        while receive_room(lead)["room"]["leader"] != cy:  # the lead's earlier messages first
            pass
        assert receive_room(lead)["room"]["line"] is None
    with client.websocket_connect(f"/ws/room/{room['id']}") as late:
        again = _joined(late, "dee")
        assert again["room"]["leader"] == again["you"] and again["room"]["step"] == 3


def test_rooms_open_only_for_finished_games_and_unknown_rooms_are_refused(client):
    table = new_table(client, "turns")
    r = client.post(f"/api/tables/{table['id']}/rooms", json={})
    assert r.status_code == 409
    assert client.get("/api/rooms/nope").status_code == 404
    with client.websocket_connect("/ws/room/nope") as ws:
        assert "no replay room" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_a_room_refuses_a_registered_name_to_a_guest_and_marks_guests(client):
    table_id, _ = _finished_turns(client)
    room = client.post(f"/api/tables/{table_id}/rooms", json={}).json()
    assert client.post("/api/account/signup", json={"name": "Rowan", "password": "a long enough password"}).status_code == 201
    with client.websocket_connect(f"/ws/room/{room['id']}") as rowan:  # the client's cookie: signed in
        me = _joined(rowan, "anything")  # the account's name is used, not the one sent
        assert me["room"]["members"] == [{"id": me["you"], "name": "Rowan", "guest": False}]
        client.post("/api/account/signout")
        with client.websocket_connect(f"/ws/room/{room['id']}") as guest:
            guest.send_json({"type": "hello", "name": "ROWAN"})
            assert "'ROWAN' is (or looks like) the registered name" in guest.receive_json()["message"]
            closed_with(guest, 4409)
        with client.websocket_connect(f"/ws/room/{room['id']}") as guest:
            cy = _joined(guest, "Cy")
            assert {"id": cy["you"], "name": "Cy", "guest": True} in cy["room"]["members"]
            guest.send_json({"type": "chat", "text": "hi"})
            assert receive_room(rowan, "chat")["line"]["guest"] is True
