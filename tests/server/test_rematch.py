"""Play again and rated-or-friendly (issue 26): the rematch of a finished game has the same
people and options with seats rotated, starts once everyone accepted, and stops when one
declines; the offer and its answers survive a server restart (they are in the store); a table
says whether it is rated and why not; a rated match's rating changes."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from glyphhall.server import create_app

from .games import GAMES
from .helpers import hello, new_table, receive, started_duel, take
from .test_cluster import _hello, _recv


def _play_out(client, table_id: str, tokens: list[str]) -> None:
    """Each person seat picks its first card, once."""
    for token in tokens:
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            state = hello(ws, token)
            if state["legal"]:
                ws.send_json({"type": "act", "text": state["legal"][0], "ref": 1})
                receive(ws, "update")


def _finished_duel(client) -> tuple[str, list[str]]:
    table_id, tokens = started_duel(client)
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        _play_out(client, table_id, tokens)
    return table_id, tokens


def test_a_rematch_rotates_the_seats_and_starts_when_everyone_accepts(client):
    old, (ann, bob) = _finished_duel(client)
    assert client.get(f"/api/tables/{old}/rematch").json() == {"rematch": None}
    with client.websocket_connect(f"/ws/{old}") as watcher:
        hello(watcher, None)
        first = client.post(f"/api/tables/{old}/rematch", json={"token": ann}).json()
        assert first["seat"] == 1 and first["token"]
        told = receive(watcher, "rematch")["rematch"]
        assert told == {"table": first["table"], "accepted": ["ann"], "waiting": ["bob"], "declined": None, "started": False}
        new = client.get(f"/api/tables/{first['table']}").json()
        assert new["status"] == "open" and new["options"] == client.get(f"/api/tables/{old}").json()["options"]
        assert [s["name"] for s in new["seats"]] == [None, "ann"]
        second = client.post(f"/api/tables/{old}/rematch", json={"token": bob}).json()
        assert second["table"] == first["table"] and second["seat"] == 0
        assert receive(watcher, "rematch")["rematch"]["started"] is True
    new = client.get(f"/api/tables/{first['table']}").json()
    assert new["status"] == "running" and [s["name"] for s in new["seats"]] == ["bob", "ann"]
    again = client.post(f"/api/tables/{old}/rematch", json={"token": ann}).json()
    assert again["table"] == first["table"] and again["token"] is None  # one seat each


def test_a_declined_rematch_is_said_and_cannot_be_accepted_after(client):
    old, (ann, bob) = _finished_duel(client)
    assert client.post(f"/api/tables/{old}/rematch/decline", json={"token": bob}).status_code == 409  # nothing asked
    client.post(f"/api/tables/{old}/rematch", json={"token": ann})
    r = client.post(f"/api/tables/{old}/rematch/decline", json={"token": bob})
    assert r.status_code == 200 and r.json()["rematch"]["declined"] == "bob"
    late = client.post(f"/api/tables/{old}/rematch", json={"token": bob})
    assert late.status_code == 409 and "bob declined the rematch" in late.json()["error"]
    assert client.post(f"/api/tables/{old}/rematch", json={"token": "not a seat"}).status_code == 403


def test_an_offer_survives_a_restart_and_starts_when_the_other_accepts_after_it(db_url):
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        old, (ann, bob) = _finished_duel(c)
        asked = c.post(f"/api/tables/{old}/rematch", json={"token": ann}).json()
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:  # the server restarted
        waiting = {"table": asked["table"], "accepted": ["ann"], "waiting": ["bob"], "declined": None, "started": False}
        assert c.get(f"/api/tables/{old}/rematch").json() == {"rematch": waiting}
        again = c.post(f"/api/tables/{old}/rematch", json={"token": ann}).json()
        assert again["table"] == asked["table"] and again["token"] is None  # ann's seat is not given twice
        accepted = c.post(f"/api/tables/{old}/rematch", json={"token": bob}).json()
        assert accepted["table"] == asked["table"] and accepted["seat"] == 0 and accepted["rematch"]["started"]
        new = c.get(f"/api/tables/{asked['table']}").json()
        assert new["status"] == "running" and [s["name"] for s in new["seats"]] == ["bob", "ann"]


def test_a_declined_offer_stays_declined_after_a_restart(db_url):
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        old, (ann, bob) = _finished_duel(c)
        c.post(f"/api/tables/{old}/rematch", json={"token": ann})
        assert c.post(f"/api/tables/{old}/rematch/decline", json={"token": bob}).status_code == 200
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        assert c.get(f"/api/tables/{old}/rematch").json()["rematch"]["declined"] == "bob"
        late = c.post(f"/api/tables/{old}/rematch", json={"token": bob})
        assert late.status_code == 409 and "bob declined the rematch" in late.json()["error"]


@pytest.mark.postgres
def test_people_at_the_finished_table_hear_of_the_rematch_through_another_process(hall):
    a, b = hall(2)
    tid = a.http.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}] * 2}).json()["id"]
    ann, bob = (a.http.post(f"/api/tables/{tid}/seats/{i}", json={"name": n}).json()["token"] for i, n in enumerate(("ann", "bob")))
    assert a.http.post(f"/api/tables/{tid}/start", json={"token": ann}).status_code == 200
    with a.ws(tid) as ws0, a.ws(tid) as ws1:  # played out through the first process
        seats = [(ws0, _hello(ws0, ann)), (ws1, _hello(ws1, bob))]
        while a.http.get(f"/api/tables/{tid}").json()["status"] != "finished":
            for ws, _ in seats:
                ws.send(json.dumps({"type": "resync"}))
                state = _recv(ws, "state")
                if state["legal"]:
                    ws.send(json.dumps({"type": "act", "text": state["legal"][0], "ref": 1, "step": state["step"]}))
                    _recv(ws, "update")
    with b.ws(tid) as bobs:  # Bob watches the finished table through the second process
        _hello(bobs, bob)
        asked = a.http.post(f"/api/tables/{tid}/rematch", json={"token": ann}).json()
        told = _recv(bobs, "rematch")["rematch"]
        assert told == {"table": asked["table"], "accepted": ["ann"], "waiting": ["bob"], "declined": None, "started": False}
        assert b.http.get(f"/api/tables/{tid}/rematch").json()["rematch"] == told
        assert b.http.post(f"/api/tables/{tid}/rematch/decline", json={"token": bob}).status_code == 200
        assert _recv(bobs, "rematch")["rematch"]["declined"] == "bob"


def test_a_running_game_has_no_rematch(client):
    table_id, tokens = started_duel(client)
    r = client.post(f"/api/tables/{table_id}/rematch", json={"token": tokens[0]})
    assert r.status_code == 409 and "once the game is over" in r.json()["error"]


def test_a_table_says_whether_it_is_rated_and_why_not(client):
    friendly = new_table(client, seed=3)
    assert friendly["rating"] == "friendly"
    open_ = new_table(client)
    assert open_["rating"] == "rated" and "guest makes it a friendly game" in open_["rating_note"]
    take(client, open_["id"], 0, "Björn")
    shown = client.get(f"/api/tables/{open_['id']}").json()
    assert shown["rating"] == "unrated" and shown["rating_note"].startswith("Not rated: Björn plays as a guest")


def test_a_rated_match_tells_each_seat_its_rating_change(client):
    assert client.post("/api/account/signup", json={"name": "Rowan", "password": "a long enough password"}).status_code == 201
    t = new_table(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    token = take(client, t["id"], 0, "ignored")  # signed in: the account's name
    assert client.get(f"/api/tables/{t['id']}").json()["rating"] == "rated"
    client.post(f"/api/tables/{t['id']}/start", json={"token": token})
    with client.websocket_connect(f"/ws/{t['id']}") as watcher:  # the last update comes once the match is rated
        hello(watcher, None)
        while client.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
            _play_out(client, t["id"], [token])
        while receive(watcher, "update")["status"] != "finished":
            pass
    changes = client.get(f"/api/tables/{t['id']}/ratings").json()["changes"]
    assert [c["name"] for c in changes] == ["Rowan", "Beginner computer"]
    for c in changes:
        assert c["change"] != 0 and round(c["before"] + c["change"], 1) == c["after"]
