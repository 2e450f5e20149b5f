"""Web Push end to end against a stand-in push service: the hall's VAPID key is made once and
kept; a subscribed person gets "Your turn at Duel against bob", encrypted for their browser
and signed; a subscription the service answers 410 is dropped; bad subscriptions are refused."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from glyphhall.server import create_app

from .email_hall import FAST, duel, move, person
from .games import GAMES
from .push_service import BrowserKeys


def _app(db_url: str):
    return create_app(db_url, games=GAMES, bot_workers=1, public_url="http://hall.test", notify_times=FAST)


def test_a_turn_is_pushed_encrypted_and_a_gone_subscription_is_dropped(db_url, push_service):
    with TestClient(_app(db_url)) as hall:
        key = hall.get("/api/push/key").json()["key"]
        ann, bob = person(hall, "ann"), person(hall, "bob")
        phone, old_laptop = BrowserKeys(), BrowserKeys()
        for keys, path in ((phone, "/ok/ann"), (old_laptop, "/gone/ann")):
            r = ann.post("/api/push/subscribe", json=keys.subscription(push_service.origin + path))
            assert r.status_code == 200, r.text
        assert ann.get("/api/contact").json()["push_subscriptions"] == 2
        table_id, (tok_a, tok_b) = duel([ann, bob])
        pushes = push_service.wait(2)
        assert {p["path"] for p in pushes} == {"/ok/ann", "/gone/ann"} and {p["key"] for p in pushes} == {key}
        sent = phone.decrypt(next(p["body"] for p in pushes if p["path"] == "/ok/ann"))
        assert sent == {"title": "Your turn at Duel against bob", "body": "Open the table to play",
                        "url": f"/t/{table_id}", "tag": f"turn-{table_id}"}
        deadline = time.monotonic() + 10
        while ann.get("/api/contact").json()["push_subscriptions"] != 1:
            assert time.monotonic() < deadline, "the gone subscription was kept"
            time.sleep(0.05)
        move(ann, table_id, tok_a)
        move(bob, table_id, tok_b)  # a new turn: only the live subscription hears of it
        assert push_service.wait(3)[2]["path"] == "/ok/ann"
    with TestClient(_app(db_url)) as hall:  # a restart signs with the same key
        assert hall.get("/api/push/key").json()["key"] == key


def test_bad_subscriptions_are_refused(db_url):
    with TestClient(_app(db_url)) as hall:
        assert hall.post("/api/push/subscribe", json=BrowserKeys().subscription("https://push.example/x")).status_code == 401
        ann = person(hall, "ann")
        r = ann.post("/api/push/subscribe", json={"endpoint": "ftp://x/y", "keys": {"p256dh": "a" * 20, "auth": "b" * 8}})
        assert r.status_code == 400 and "endpoint" in r.json()["error"]
        r = ann.post("/api/push/subscribe", json={"endpoint": "https://push.example/x", "keys": {"p256dh": "!!" * 20, "auth": "b" * 8}})
        assert r.status_code == 400 and "base64url" in r.json()["error"]
        assert ann.get("/api/contact").json()["push_subscriptions"] == 0
