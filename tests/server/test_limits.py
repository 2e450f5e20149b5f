"""Flood limits: token buckets per connection, tables per address, HTTP bodies, and presence
changes coalesced."""

from __future__ import annotations

import asyncio
import time

import pytest

from glyphhall.server.guard.flood_limits import AddressBuckets, BodyLimit, Rate, TokenBucket

from .helpers import hello, new_table, started_duel


def test_a_token_bucket_refills_at_its_rate():
    now = [0.0]
    bucket = TokenBucket(Rate(2, 3), clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert bucket.take() and not bucket.take()
    now[0] += 100
    assert sum(bucket.take() for _ in range(10)) == 3


def test_address_buckets_are_per_address_and_bounded():
    buckets = AddressBuckets(Rate(0, 2), size=3)
    assert buckets.allow("a") and buckets.allow("a") and not buckets.allow("a")
    assert buckets.allow("b")
    for other in ("c", "d", "e"):
        buckets.allow(other)
    assert len(buckets._buckets) == 3


@pytest.mark.parametrize(("kind", "frame", "what"), [
    ("ping", {"type": "ping"}, "too many pings"),
    ("chat", {"type": "chat", "text": "spam"}, "too many chat messages"),
    ("act", {"type": "act", "text": "dance"}, "too many moves"),
])
def test_a_flooding_connection_is_told_to_wait_and_nothing_changes(client, kind, frame, what):
    table_id, tokens = started_duel(client)
    burst = int(getattr(client.app.state.limits, kind).burst)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, tokens[0])
        for i in range(burst + 5):
            ws.send_json({**frame, "ref": i})
        answers = []
        while len(answers) < burst + 5:
            msg = ws.receive_json()
            if msg["type"] in ("pong", "error", "chat") and msg.get("ref", msg.get("line")) is not None:
                answers.append(msg)
        refused = [m for m in answers if m["type"] == "error" and what in m["message"]]
        assert 1 <= len(refused) <= 5  # the bucket refills a little while we send
        if kind == "chat":  # a refused chat line is not kept
            with client.websocket_connect(f"/ws/{table_id}") as again:
                assert len(hello(again, None)["chat"]) == burst + 5 - len(refused)


def test_table_creation_is_limited_per_address(client):
    burst = int(client.app.state.limits.create_table.burst)
    for _ in range(burst):
        new_table(client)
    r = client.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}] * 2})
    assert r.status_code == 429 and "too many tables" in r.json()["error"]


def test_a_body_over_64_kib_is_refused_before_it_is_read(client):
    table_id, tokens = started_duel(client)
    body = b'{"token": "' + tokens[0].encode() + b'", "pad": "' + b"x" * 70_000 + b'"}'
    r = client.post(f"/api/tables/{table_id}/leave", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most 65536 bytes" in r.json()["error"]
    # A table's options may carry a map of one's own: that route takes up to 1 MiB.
    big = b'{"game": "duel", "seats": [{"kind": "person"}, {"kind": "person"}], "pad": "' + b"x" * 1_100_000 + b'"}'
    r = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most 1048576 bytes" in r.json()["error"]

    assert client.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}] * 2}).status_code == 201




def test_a_chunked_body_is_cut_off_once_it_passes_the_limit():
    """No Content-Length: the body is counted as it arrives and refused the moment it passes
    the limit; the rest is never read, and the app never sees any of it."""
    read: list[int] = []

    async def app(scope, receive, send):
        while True:
            message = await receive()
            read.append(len(message["body"]))
            if not message.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    chunks = [{"type": "http.request", "body": b"x" * 30_000, "more_body": True} for _ in range(10)]
    sent: list[dict] = []

    async def receive():
        return chunks.pop(0)

    async def send(message):
        sent.append(message)

    asyncio.run(BodyLimit(app, 64 * 1024)({"type": "http", "headers": []}, receive, send))
    assert sent[0]["status"] == 413 and read == [] and len(chunks) == 7


def test_a_chunked_body_over_the_limit_gets_413_from_the_app_too(client):
    """Through the app, the cut-off body used to surface as a parse error: 400."""
    def chunks(count: int):
        for _ in range(count):
            yield b"x" * 20_000

    r = client.post("/api/games/duel/positions/check", content=chunks(60), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most 1048576 bytes" in r.json()["error"]
    r = client.post("/api/account/signin", content=chunks(5), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most 65536 bytes" in r.json()["error"]
    ok = client.post("/api/account/signin", content=iter([b'{"name": "ann", ', b'"password": "not it at all"}']),
                     headers={"content-type": "application/json"})
    assert ok.status_code == 401  # a chunked body within the limit is read whole


def test_a_crowd_joining_is_coalesced_into_few_table_messages(client):
    table_id, _ = started_duel(client)
    crowd = 60
    sockets = []
    try:
        for _ in range(crowd):
            ws = client.websocket_connect(f"/ws/{table_id}").__enter__()
            hello(ws, None)
            sockets.append(ws)
        time.sleep(1.2)  # the last coalesced message goes out
        total = 0
        last = None
        for ws in sockets:
            ws.send_json({"type": "ping", "ref": "end"})
            while True:
                msg = ws.receive_json()
                if msg["type"] == "pong":
                    break
                if msg["type"] == "table":
                    total += 1
                    last = msg
        # One message per arrival to everyone present would be crowd * (crowd + 1) / 2 = 1,830.
        assert total <= 4 * crowd, total
        assert last is not None and last["table"]["spectators"] == crowd
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
