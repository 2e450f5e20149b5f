"""A table refreshed from the store after another process's note (other_processes.refresh) keeps which
account holds each seat: without it the match stopped counting for the ratings on that process
(and allowed undo there)."""

from __future__ import annotations

from glyphhall.server.tables import other_processes

from .browsers import Browser
from .helpers import new_table


def test_a_refreshed_table_keeps_the_accounts_at_its_seats(client):
    ann, bob = Browser(client), Browser(client)
    for who, name in ((ann, "ann"), (bob, "bob")):
        assert who.post("/api/account/signup", json={"name": name, "password": "correct horse battery"}).status_code == 201
    table = new_table(ann)
    assert ann.post(f"/api/tables/{table['id']}/seats/0", json={"name": "x"}).status_code == 200
    assert bob.post(f"/api/tables/{table['id']}/seats/1", json={"name": "x"}).status_code == 200
    m = client.app.state.manager
    live = m.tables[table["id"]]
    before = [s.user_id for s in live.seats]
    assert None not in before and live.undo_off is not None  # rated: no undo
    client.portal.call(other_processes.refresh, m, live)
    assert [s.user_id for s in live.seats] == before and live.undo_off is not None


def test_starting_reads_the_seats_from_the_store_not_a_stale_copy(client):
    """Two processes on PostgreSQL: a seat taken through one and the table started through the
    other a moment later was refused ("seat 1 is still free") from the starter's stale copy."""
    from glyphhall.server.guard.tokens import token_hash

    from .helpers import take

    table = new_table(client)
    take(client, table["id"], 0, "ann")
    m = client.app.state.manager
    assert m.store.take_seat(table["id"], 1, "bob", token_hash("bob's token"))  # through another process
    assert not m.tables[table["id"]].seats[1].token_hash  # this process has not heard of it yet
    r = client.post(f"/api/tables/{table['id']}/start", json={"token": "bob's token"})
    assert r.status_code == 200 and r.json()["status"] == "running" and r.json()["seats"][1]["name"] == "bob"
