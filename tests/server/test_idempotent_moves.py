"""Moves carry the step they were made at: a move re-sent after a reconnect is acknowledged
once and never applied twice; a move made at a step the table has left gets "the table moved
on" and the fresh state."""

from __future__ import annotations

from .helpers import hello, receive, started_duel
from .test_play import _truth


def test_a_move_re_sent_after_a_reconnect_is_acknowledged_once(client, db_url):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        s = hello(ws, tokens[0])
        move = {"type": "act", "text": s["legal"][0], "ref": "m1", "step": s["step"]}
        ws.send_json(move)
        assert receive(ws, "update")["ack"] == "m1"
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        again = hello(ws, tokens[0])
        assert again["step"] == 1
        ws.send_json(move)  # the browser never saw the ack: it sends the move again
        ack = receive(ws, "ack")
        assert ack["ack"] == "m1" and ack["step"] == 1 and "already played" in ack["message"]
        ws.send_json({**move, "text": "  " + move["text"].upper()})  # written differently, same move
        assert receive(ws, "ack")["ack"] == "m1"
        ws.send_json({"type": "ping", "ref": "p"})
        assert receive(ws, "pong")["ref"] == "p"
    assert _truth(db_url, table_id)[1] == [(0, s["legal"][0])]


def test_a_move_made_at_a_stale_step_gets_the_fresh_state(client, db_url):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as ws1:
        s0, s1 = hello(ws0, tokens[0]), hello(ws1, tokens[1])
        ws0.send_json({"type": "act", "text": s0["legal"][0], "ref": 1, "step": 0})
        receive(ws0, "update")
        receive(ws1, "update")
        # Seat 1 decided while looking at step 0; the table is at step 1 now.
        ws1.send_json({"type": "act", "text": s1["legal"][0], "ref": 2, "step": 0})
        err = receive(ws1, "error")
        assert err["ref"] == 2 and err["stale"] is True and "the table moved on" in err["message"]
        fresh = receive(ws1, "state")
        assert fresh["step"] == 1
        # A different move by the same seat at its own old step is stale too, not a duplicate.
        ws0.send_json({"type": "act", "text": s0["legal"][1], "ref": 3, "step": 0})
        assert "the table moved on" in receive(ws0, "error")["message"]
        ws1.send_json({"type": "act", "text": s1["legal"][0], "ref": 4, "step": fresh["step"]})
        assert receive(ws1, "update")["ack"] == 4
    assert len(_truth(db_url, table_id)[1]) == 2


def test_a_move_without_a_step_is_played_as_before(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        s = hello(ws, tokens[0])
        ws.send_json({"type": "act", "text": s["legal"][0], "ref": 9})
        assert receive(ws, "update")["ack"] == 9
