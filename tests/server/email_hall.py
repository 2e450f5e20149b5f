"""Steps the e-mail and notification tests share: a hall that sends e-mail to a real local SMTP
server, people with confirmed addresses, a duel between accounts, moves."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from glyphhall.server import create_app
from glyphhall.server.notify.notifier import NotifyTimes

from .browsers import Browser
from .games import GAMES
from .helpers import hello, receive
from .mailbox import Mailbox, link

PASSWORD = "correct horse battery"
FAST = NotifyTimes(turn_delay=0.3, focus_seconds=1.5, tick=0.1)


def mail_app(db_url: str, mailbox: Mailbox, times: NotifyTimes = FAST) -> Any:
    return create_app(db_url, games=GAMES, bot_workers=1, smtp=mailbox.url, public_url="http://hall.test",
                      notify_times=times)


def person(client: TestClient, name: str) -> Browser:
    b = Browser(client)
    r = b.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return b


def confirmed(client: TestClient, mailbox: Mailbox, name: str) -> Browser:
    """A person with the confirmed address <name>@example.org."""
    b = person(client, name)
    address = f"{name}@example.org"
    r = b.post("/api/contact/email", json={"email": address, "password": PASSWORD})
    assert r.status_code == 200, r.text
    msg = mailbox.wait_for(address)[-1]
    r = b.get(link(msg, "/mail/confirm"), follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/settings?email=confirmed"
    assert b.get("/api/contact").json()["email"] == address
    return b


def duel(people: list[Browser]) -> tuple[str, list[str]]:
    """A running duel between two accounts: (table id, their seat tokens)."""
    r = people[0].post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}, {"kind": "person"}]})
    assert r.status_code == 201, r.text
    table_id = r.json()["id"]
    tokens = []
    for seat, p in enumerate(people):
        r = p.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": "ignored"})  # signed in: the account's name
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    assert people[0].post(f"/api/tables/{table_id}/start", json={"token": tokens[0]}).status_code == 200
    return table_id, tokens


def move(p: Browser, table_id: str, token: str) -> dict:
    """The person plays their first legal move; returns the update."""
    with p.websocket_connect(f"/ws/{table_id}") as ws:
        state = hello(ws, token)
        ws.send_json({"type": "act", "text": state["legal"][0], "ref": 1})
        return receive(ws, "update")


def subjects(mailbox: Mailbox, address: str) -> list[str]:
    return [m["Subject"] for m in mailbox.to(address)]
