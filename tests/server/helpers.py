"""Small steps the server tests share: make a table, seat people, read websocket messages."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect


def new_table(client: TestClient, game: str = "duel", seats: list[dict] | None = None, **extra: Any) -> dict:
    body = {"game": game, "seats": seats or [{"kind": "person"}, {"kind": "person"}], **extra}
    if "seed" in extra:
        body.setdefault("practice", True)  # only practice tables take a chosen seed
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def take(client: TestClient, table_id: str, seat: int, name: str = "ann") -> str:
    r = client.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": name})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def started_duel(client: TestClient, seed: int = 7) -> tuple[str, list[str]]:
    """A running two-person duel: (table id, [token of seat 0, token of seat 1])."""
    table = new_table(client, seed=seed)
    tokens = [take(client, table["id"], 0, "ann"), take(client, table["id"], 1, "bob")]
    r = client.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]})
    assert r.status_code == 200, r.text
    return table["id"], tokens


def hello(ws: Any, token: str | None) -> dict:
    ws.send_json({"type": "hello", "token": token})
    return receive(ws, "state")


def receive(ws: Any, kind: str, limit: int = 50) -> dict:
    """The next message of type `kind` (skipping presence/table messages)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
        assert msg["type"] in ("table", "chat", "notice", "update", "state", "ack", "thinking", "rematch"), msg
    raise AssertionError(f"no {kind} message")


def closed_with(ws: Any, code: int) -> None:
    """The server closes the socket now, with `code`: no other message comes first."""
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == code
