"""Websockets check the page's origin (origins.py) and end with the session that opened them
(session_sockets.py): a socket from another site's page (or another port of the same host) got
the signed-in person's seat and hidden view, and a socket opened before sign-out still had its
move accepted after it; sign-out accepted a cross-site form post."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from glyphhall.server import create_app

from .browsers import Browser
from .games import GAMES
from .helpers import closed_with, hello, new_table, receive, take
from .test_accounts import PASSWORD, sign_up


@pytest.mark.parametrize("origin", ["http://testserver:8081", "http://evil.example", "null", "https://testserver.evil"])
def test_a_socket_from_another_origin_is_refused(client, origin):
    table = new_table(client)
    with client.websocket_connect(f"/ws/{table['id']}", headers={"origin": origin}) as ws:
        assert "another site" in ws.receive_json()["message"]
        closed_with(ws, 4403)
    with client.websocket_connect(f"/ws/room/{table['id']}-x", headers={"origin": origin}) as ws:
        assert "another site" in ws.receive_json()["message"]


@pytest.mark.parametrize("headers", [{}, {"origin": "http://testserver"}, {"origin": "HTTP://TESTSERVER/"}])
def test_a_socket_from_the_halls_own_page_or_no_browser_is_served(client, headers):
    table = new_table(client)
    with client.websocket_connect(f"/ws/{table['id']}", headers=headers) as ws:
        assert hello(ws, None)["type"] == "state"


def test_a_configured_origin_may_open_sockets(db_url):
    app = create_app(db_url, games=GAMES, bot_workers=1, allowed_origins=frozenset({"https://play.example.org"}))
    with TestClient(app) as c:
        table = new_table(c)
        with c.websocket_connect(f"/ws/{table['id']}", headers={"origin": "https://play.example.org"}) as ws:
            assert hello(ws, None)["type"] == "state"


def _seated_ann(client) -> tuple[Browser, str]:
    ann = Browser(client)
    sign_up(ann, "Ann")
    table = new_table(ann)
    assert ann.post(f"/api/tables/{table['id']}/seats/0", json={"name": "whatever"}).status_code == 200
    take(Browser(client), table["id"], 1, "bob")
    assert ann.post(f"/api/tables/{table['id']}/start", json={}).status_code == 200
    return ann, table["id"]


def _closed_for_the_session(ws) -> None:
    assert receive(ws, "error")["message"] == "you were signed out; sign in again to play"
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            ws.receive_json()
    assert closed.value.code == 4401


def test_signing_out_closes_the_sockets_of_that_session(client):
    ann, table_id = _seated_ann(client)
    with ann.websocket_connect(f"/ws/{table_id}") as ws:
        assert hello(ws, None)["you"] == 0
        assert ann.post("/api/account/signout").status_code == 200
        _closed_for_the_session(ws)
    assert client.get(f"/api/tables/{table_id}").json()["step"] == 0  # nothing was played for her


def test_a_password_change_closes_the_other_browsers_sockets_only(client):
    ann, table_id = _seated_ann(client)
    phone = Browser(client)
    assert phone.post("/api/account/signin", json={"name": "ann", "password": PASSWORD}).status_code == 200
    with phone.websocket_connect(f"/ws/{table_id}") as on_phone, ann.websocket_connect(f"/ws/{table_id}") as here:
        hello(on_phone, None)
        hello(here, None)
        r = ann.post("/api/account/password", json={"old_password": PASSWORD, "new_password": "another good one"})
        assert r.status_code == 200
        _closed_for_the_session(on_phone)
        here.send_json({"type": "ping"})
        assert receive(here, "pong")


def test_sign_out_refuses_a_cross_site_form_post(client):
    ann = Browser(client)
    sign_up(ann, "Ann")
    r = ann.post("/api/account/signout", headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and "another site" in r.json()["error"]
    assert ann.get("/api/account").json()["user"]["name"] == "Ann"
