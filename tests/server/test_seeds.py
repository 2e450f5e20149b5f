"""No secret seeds: the server chooses every table's seed; a person may choose one only for a
practice table, whose seed every player sees and which is never rated."""

from __future__ import annotations

from glyphhall.store import Store

from .helpers import hello, new_table, take


def test_a_chosen_seed_is_refused_unless_the_table_is_for_practice(client):
    r = client.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}] * 2, "seed": 42})
    assert r.status_code == 400 and "the server chooses the seed" in r.json()["error"]
    assert "practice" in r.json()["error"]


def test_the_server_chooses_seeds_and_keeps_them_secret(client, db_url):
    a, b = new_table(client), new_table(client)
    for info in (a, b, client.get(f"/api/tables/{a['id']}").json()):
        assert info["practice"] is False and "seed" not in info
    listed = client.get("/api/tables").json()["tables"]
    assert all("seed" not in t for t in listed)
    store = Store(db_url)
    try:
        assert store.table(a["id"]).seed != store.table(b["id"]).seed
        assert store.table(a["id"]).practice is False
    finally:
        store.close()
    token = take(client, a["id"], 0)
    with client.websocket_connect(f"/ws/{a['id']}") as ws:
        assert "seed" not in hello(ws, token)["table"]


def test_a_practice_table_shows_its_seed_to_every_player(client, db_url):
    t = new_table(client, seed=42, practice=True)
    assert t["practice"] is True and t["seed"] == 42
    assert client.get(f"/api/tables/{t['id']}").json()["seed"] == 42
    listed = {x["id"]: x for x in client.get("/api/tables").json()["tables"]}
    assert listed[t["id"]]["practice"] is True and listed[t["id"]]["seed"] == 42
    with client.websocket_connect(f"/ws/{t['id']}") as spy:
        assert hello(spy, None)["table"]["seed"] == 42
    store = Store(db_url)
    try:
        row = store.table(t["id"])
        assert row.practice is True and row.seed == 42
    finally:
        store.close()


def test_a_practice_table_may_leave_the_seed_to_the_server(client):
    t = new_table(client, practice=True)
    assert t["practice"] is True and isinstance(t["seed"], int)
