"""A restarted server resumes every unfinished game exactly where it stood, from the store."""

from __future__ import annotations

from fastapi.testclient import TestClient

from glyphhall.server import create_app

from .games import DUEL, GAMES
from .helpers import hello, new_table, receive, started_duel, take


def test_restart_resumes_unfinished_games_exactly(db_url):
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        table_id, tokens = started_duel(c, seed=99)
        open_table = new_table(c)
        take(c, open_table["id"], 0)
        with c.websocket_connect(f"/ws/{table_id}") as ws0, c.websocket_connect(f"/ws/{table_id}") as ws1:
            s0, s1 = hello(ws0, tokens[0]), hello(ws1, tokens[1])
            ws0.send_json({"type": "act", "text": s0["legal"][0]})
            ws1.send_json({"type": "act", "text": s1["legal"][-1]})
            while receive(ws0, "update")["step"] != 2:
                pass
            ws0.send_json({"type": "resync"})
            before = receive(ws0, "state")
            ws0.send_json({"type": "act", "text": before["legal"][0]})
            after_act = receive(ws0, "update")
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        assert c.app.state.resumed == 1
        with c.websocket_connect(f"/ws/{table_id}") as ws0, c.websocket_connect(f"/ws/{table_id}") as ws1:
            again = hello(ws0, tokens[0])
            assert again["step"] == 3 and again["view"] == after_act["view"] and again["legal"] == after_act["legal"]
            other = hello(ws1, tokens[1])
            # The game goes on from there, and ends as a replay of the record says.
            ws1.send_json({"type": "act", "text": other["legal"][0]})
            assert receive(ws1, "update")["step"] == 4
        record = c.get(f"/api/tables/{table_id}").json()
        assert record["step"] == 4 and record["status"] == "running"
        seats = c.get(f"/api/tables/{open_table['id']}").json()["seats"]
        assert seats[0]["name"] == "ann" and seats[0]["taken"]


def test_a_resumed_game_matches_an_independent_replay(db_url):
    from glyphhall.engine import MatchRecord, replay
    from glyphhall.store import Store

    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        table_id, tokens = started_duel(c, seed=5)
        with c.websocket_connect(f"/ws/{table_id}") as ws0:
            s0 = hello(ws0, tokens[0])
            ws0.send_json({"type": "act", "text": s0["legal"][1]})
            receive(ws0, "update")
    store = Store(db_url)
    actions = store.actions(table_id)
    store.close()
    truth = replay(MatchRecord(game="duel", seed=5, players=["a", "b"], actions=actions), game=DUEL)
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        table = c.app.state.manager.tables[table_id]
        assert table.state.to_dict() == truth.to_dict()
        with c.websocket_connect(f"/ws/{table_id}") as spy:
            assert hello(spy, None)["view"] == truth.view(None)


def test_a_turn_deadline_survives_a_restart(db_url):
    """The turn in progress keeps its deadline across a restart (counted from the last stored
    move) instead of starting a whole new turn (issue 30: deadlines hold across processes)."""
    import time

    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        table = new_table(c, turn_seconds=30)
        tokens = [take(c, table["id"], 0, "ann"), take(c, table["id"], 1, "bob")]
        c.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]})
        with c.websocket_connect(f"/ws/{table['id']}") as ws0:
            s0 = hello(ws0, tokens[0])
            ws0.send_json({"type": "act", "text": s0["legal"][0]})
            first = receive(ws0, "update")
    time.sleep(1.5)
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c, c.websocket_connect(f"/ws/{table['id']}") as ws0:
        again = hello(ws0, tokens[0])
    assert first["deadline"] is not None and again["deadline"] is not None
    assert abs(again["deadline"] - first["deadline"]) < 1.0, (first["deadline"], again["deadline"])
