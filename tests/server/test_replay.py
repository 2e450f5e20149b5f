"""Replays of finished games, step by step, and the match record; closed while a game runs."""

from __future__ import annotations

from glyphhall.engine import MatchRecord, replay

from .games import DUEL
from .helpers import hello, receive, started_duel


def _play_out(client, table_id, tokens) -> None:
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as ws1:
        hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        for step in range(6):
            ws = (ws0, ws1)[step % 2]
            ws.send_json({"type": "resync"})
            ws.send_json({"type": "act", "text": receive(ws, "state")["legal"][0]})
            receive(ws, "update")


def test_replay_is_closed_while_the_game_runs(client):
    table_id, _ = started_duel(client)
    for path in (f"/api/tables/{table_id}/record", f"/api/tables/{table_id}/replay/0"):
        r = client.get(path)
        assert r.status_code == 409 and "when the game is over" in r.json()["error"]


def test_record_and_step_by_step_replay(client):
    table_id, tokens = started_duel(client, seed=11)
    _play_out(client, table_id, tokens)
    record = MatchRecord.from_dict(client.get(f"/api/tables/{table_id}/record").json())
    assert record.seed == 11 and len(record.actions) == 6 and record.players == ["ann", "bob"]
    final = replay(record, game=DUEL)
    assert final.is_over() and record.result == final.returns()
    for step in (0, 3, 6):
        public = client.get(f"/api/tables/{table_id}/replay/{step}").json()
        assert public["total"] == 6 and public["step"] == step
        assert public["view"] == replay(record, upto=step, game=DUEL).view(None)
        as_bob = client.get(f"/api/tables/{table_id}/replay/{step}?seat=1").json()
        assert as_bob["view"] == replay(record, upto=step, game=DUEL).view(1)
    assert client.get(f"/api/tables/{table_id}/replay/7").status_code == 404
    assert client.get(f"/api/tables/{table_id}/replay/2?seat=4").status_code == 404
    assert "replay_page.js" in client.get(f"/r/{table_id}").text
    finished = client.get("/api/tables?status=finished").json()["tables"]
    assert [t["id"] for t in finished] == [table_id]


def test_a_finished_unwatched_table_leaves_memory_and_its_replay_still_works(client):
    table_id, tokens = started_duel(client, seed=12)
    _play_out(client, table_id, tokens)
    assert table_id not in client.app.state.manager.tables
    assert client.get(f"/api/tables/{table_id}/replay/6").json()["view"]["round"] == 3
