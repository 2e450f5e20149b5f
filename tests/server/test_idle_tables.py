"""Tables nobody needs leave memory (idle_tables.py): a game bots finished with nobody watching
is forgotten at once, and HTTP reads of finished tables (info, record, replay) keep only the
most recently used few loaded; 128 anonymous reads used to pin 128 tables for good."""

from __future__ import annotations

import time

from glyphhall.server.tables import idle_tables

from .helpers import new_table, started_duel


def _finished_race(client) -> str:
    t = new_table(client, "race", seats=[{"kind": "bot", "bot": "random"}])
    client.post(f"/api/tables/{t['id']}/start", json={})
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return t["id"]


def test_reading_finished_tables_keeps_only_the_recent_few_in_memory(client):
    manager = client.app.state.manager
    manager.idle.size = 3
    finished = [_finished_race(client) for _ in range(8)]
    for table_id in finished * 2:
        assert client.get(f"/api/tables/{table_id}").status_code == 200
        assert client.get(f"/api/tables/{table_id}/record").status_code == 200
        assert client.get(f"/api/tables/{table_id}/replay/1").status_code == 200
    loaded = [i for i in finished if i in manager.tables]
    assert len(loaded) <= 3 and set(loaded) <= set(finished[-3:])
    assert client.get(f"/api/tables/{finished[0]}").json()["status"] == "finished"  # read again from the store


def test_an_idle_running_table_stays_a_while_then_goes_and_comes_back_whole(client, monkeypatch):
    manager = client.app.state.manager
    manager.idle.size = 0
    table_id, _ = started_duel(client)
    before = client.get(f"/api/tables/{table_id}").json()
    assert table_id in manager.tables  # within the grace: a request may still hold it
    monkeypatch.setattr(idle_tables, "GRACE_SECONDS", 0.0)
    other, _ = started_duel(client)
    client.get(f"/api/tables/{other}")
    assert table_id not in manager.tables
    assert client.get(f"/api/tables/{table_id}").json() == before
