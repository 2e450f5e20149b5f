"""Two server processes on one PostgreSQL send each your-turn e-mail exactly once: both run
the notifier over the same waits and outbox, and a real SMTP server (aiosmtpd) counts what
arrives."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from glyphhall.store import Store

from .email_hall import PASSWORD
from .mailbox import Mailbox, link
from .nodes import Node
from .test_cluster import _hello, _recv

pytestmark = pytest.mark.postgres


@pytest.fixture
def two_nodes(postgres_url):
    store = Store(postgres_url)
    store.drop_everything()
    store.close()
    box = Mailbox()
    box.controller.start()
    nodes = [Node(postgres_url, "tests.server.mail_node", box.url) for _ in range(2)]
    yield box, nodes
    for node in nodes:
        node.stop()
    box.controller.stop()


def _person(node: Node, box: Mailbox, name: str) -> httpx.Client:
    http = httpx.Client(base_url=node.url, timeout=30)
    assert http.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201
    r = http.post("/api/contact/email", json={"email": f"{name}@example.org", "password": PASSWORD})
    assert r.status_code == 200, r.text
    confirm = link(box.wait_for(f"{name}@example.org")[0], "/mail/confirm")
    assert http.get(confirm).headers["location"] == "/settings?email=confirmed"
    return http


def test_two_processes_send_each_turn_once(two_nodes):
    box, (a, b) = two_nodes
    ann, bob = _person(a, box, "ann"), _person(b, box, "bob")
    tid = ann.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}] * 2}).json()["id"]
    tokens = [p.post(f"/api/tables/{tid}/seats/{i}", json={"name": "x"}).json()["token"] for i, p in enumerate((ann, bob))]
    assert bob.post(f"/api/tables/{tid}/start", json={"token": tokens[1]}).status_code == 200
    for round_ in range(2):
        box.wait_for("ann@example.org", 2 + round_)
        box.wait_for("bob@example.org", 2 + round_)
        time.sleep(1.5)  # many rounds of both notifiers: nothing more arrives
        assert [len(box.to(f"{n}@example.org")) for n in ("ann", "bob")] == [2 + round_, 2 + round_]
        with a.ws(tid) as ws0, b.ws(tid) as ws1:  # ann plays through one process, bob through the other
            for ws, token in ((ws0, tokens[0]), (ws1, tokens[1])):  # secret choices: in any order
                state = _hello(ws, token)
                ws.send(json.dumps({"type": "act", "text": state["legal"][0], "ref": 1}))
                while "ack" not in (update := _recv(ws, "update")):  # the other's move came first
                    assert update["step"] == 2 * round_ + 1
    subjects = [m["Subject"] for m in box.to("ann@example.org")]
    assert subjects[1:] == ["Your turn at Duel against bob"] * 2
    for client in (ann, bob):
        client.close()
