"""A table refreshed from the store after another process's note (sync.refresh) keeps which
account holds each seat: without it the match stopped counting for the ratings on that process
(and allowed undo there)."""

from __future__ import annotations

from glyphhall.server import sync

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
    client.portal.call(sync.refresh, m, live)
    assert [s.user_id for s in live.seats] == before and live.undo_off is not None
