"""Tables nobody needs leave memory (idle_tables.py): a game bots finished with nobody watching
is forgotten at once, and HTTP reads of finished tables (info, record, replay) keep only the
most recently used few loaded; 128 anonymous reads used to pin 128 tables for good."""

from __future__ import annotations

import time

from glyphhall.server.tables import idle_tables

from .helpers import hello, new_table, receive, started_duel, take


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


def test_a_socket_joins_the_table_in_memory_though_it_was_dropped_while_the_socket_said_hello(client, monkeypatch):
    """The race stop 46's CI met on two processes: a table was let go from memory while a socket
    was joining it (a note from another process, or idle tables let go); the socket joined the
    dropped copy and never heard the game start."""
    from glyphhall.server.play import table_socket

    manager = client.app.state.manager
    table = new_table(client)
    tokens = [take(client, table["id"], 0, "ann"), take(client, table["id"], 1, "bob")]

    async def dropped_meanwhile(ws):
        manager.forget(table["id"])  # nobody is connected yet, so it goes
        return set()

    monkeypatch.setattr(table_socket, "muted_names", dropped_meanwhile)
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        assert hello(ws, tokens[1])["table"]["status"] == "open"
        assert manager.tables[table["id"]].connections, "the socket is in the table loaded now"
        assert client.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]}).status_code == 200
        assert receive(ws, "state")["table"]["status"] == "running"
