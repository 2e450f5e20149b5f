"""Socket limits per address, over all its sockets (limits.AddressLimits): more sockets used to
mean more allowance (60 spectator sockets stored 333 chat lines in 4 s), malformed frames were
not throttled at all, replay rooms had no limits, and a binary frame on a room socket ended in
a traceback."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from glyphhall.server import create_app
from glyphhall.server.guard.flood_limits import AddressLimits, Limits, Rate

from .games import GAMES
from .helpers import hello, started_duel
from .test_replay import _play_out


@pytest.fixture
def strict(db_url):
    limits = Limits(address_frames=Rate(0.01, 40), address_chat=Rate(0.01, 3))  # no refill during a test
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1, limits=limits)) as c:
        yield c


def test_chat_is_limited_per_address_whatever_the_sockets(strict):
    table_id, _ = started_duel(strict)
    sockets = [strict.websocket_connect(f"/ws/{table_id}").__enter__() for _ in range(3)]
    try:
        for ws in sockets:
            hello(ws, None)
        answers = []
        for i, ws in enumerate(sockets * 2):
            ws.send_json({"type": "chat", "text": f"line {i}", "ref": i})
            ws.send_json({"type": "ping", "ref": f"after {i}"})
            while True:
                msg = ws.receive_json()
                if msg["type"] == "pong":
                    break
                if msg["type"] == "error":
                    answers.append(msg["message"])
        assert answers.count("too many chat messages; wait a moment") == 3  # 3 of 6 stored, not 6
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_a_flood_of_malformed_frames_gets_one_answer_then_the_socket_is_closed(strict, caplog, monkeypatch):
    caplog.set_level(logging.INFO)
    monkeypatch.setattr(AddressLimits, "PAUSE_SECONDS", 0.001)
    table_id, tokens = started_duel(strict)
    with strict.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, tokens[0])
        for _ in range(40 + AddressLimits.CLOSE_AFTER + 5):
            ws.send_text("not json")
        errors = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                msg = ws.receive_json()
                errors.append(msg["message"])
        assert closed.value.code == 1008
        assert errors.count("too many messages from your address; wait a moment") == 1
        assert len(errors) <= 42  # one answer per allowed frame, none per refused one
    assert len(caplog.records) < 20  # the flood writes no line per frame


def test_a_replay_room_reads_binary_frames_and_limits_its_chat(strict, caplog):
    caplog.set_level(logging.INFO)
    table_id, tokens = started_duel(strict)
    _play_out(strict, table_id, tokens)
    room = strict.post(f"/api/tables/{table_id}/rooms", json={}).json()
    with strict.websocket_connect(f"/ws/room/{room['id']}") as ws:
        ws.send_bytes(b'{"type": "hello", "name": "Rowan"}')
        assert ws.receive_json()["type"] == "room"
        ws.send_bytes(b"\xff\xfe not utf-8")
        assert ws.receive_json()["type"] == "error"
        said = []
        for i in range(5):
            ws.send_json({"type": "chat", "text": f"hi {i}"})
            msg = ws.receive_json()
            said.append(msg["type"] if msg["type"] == "chat" else msg["message"])
        assert said.count("chat") == 3 and said.count("too many chat messages from your address; wait a moment") == 2
    for record in caplog.records:
        assert record.exc_info is None and "KeyError" not in record.getMessage()
