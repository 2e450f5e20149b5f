"""What people read comes worded with names: a spectator's log and updates name the seats, every
connection (spectators too) is told whose move it is, and a finished game says its result."""

from __future__ import annotations

import re

from glyphhall import games
from glyphhall.server.lobby.rules_text import rules_of

from .helpers import hello, new_table, receive, started_duel, take

SEAT_NUMBER = re.compile(r"\bseat \d")


def test_a_spectator_reads_names_and_sees_whose_move_it_is(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as spec:
        s0 = hello(ws0, tokens[0])
        watching = hello(spec, None)
        assert watching["to_move"] == s0["to_move"] and watching["to_move"]
        ws0.send_json({"type": "act", "text": s0["legal"][0]})
        update = receive(spec, "update")
        assert update["events"] and not any(SEAT_NUMBER.search(e["text"]) for e in update["events"])
        assert "to_move" in update and update["result_text"] is None
        spec.send_json({"type": "resync"})
        full = receive(spec, "state")
        assert full["log"] and not any(SEAT_NUMBER.search(e["text"]) for e in full["log"])
        assert any("ann" in e["text"] for e in full["log"])


def test_a_finished_game_says_its_result_in_words(client):
    t = new_table(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    token = take(client, t["id"], 0, "ann")
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        hello(ws, token)
        client.post(f"/api/tables/{t['id']}/start", json={"token": token})
        msg = receive(ws, "state")
        while msg.get("status") != "finished":
            if msg.get("legal"):  # a refusal (the bot moved first) is answered by the next update
                ws.send_json({"type": "act", "text": msg["legal"][0]})
            msg = ws.receive_json()
        assert re.fullmatch(r"(ann|Beginner computer) wins|The game is a draw", msg["result_text"])
        assert msg["to_move"] == []


def test_each_game_has_rules_at_hand(client):
    for game_id in games.ids():
        rules = rules_of(games.get(game_id))
        assert rules["summary"] and rules["glossary"], game_id
        assert game_id == "glyphs" or len(rules["rulings"]) >= 5, game_id
    glyfts = rules_of(games.get("glyfts"))
    assert "Roll cost is reduced by 1" in glyfts["glossary"]["Skyborne Glyft"]
    assert client.get("/api/games/duel/rules").json()["glossary"] == {}  # a game without a glossary
    assert client.get("/api/games/nope/rules").status_code == 404
