"""Frames an attacker would send: none kills or silences a socket. Each gets an `error` frame,
the socket keeps answering, and the log gets one line, never a traceback."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from glyphhall.server import create_app
from glyphhall.server.play.protocol import MAX_FRAME

from .helpers import hello, receive, started_duel, take

DEEP = "[" * 1000 + "]" * 1000
HOSTILE_FRAMES = [
    '{"type": "ping", "ref": 18446744073709551616}',  # 2^64: no 64-bit encoder writes it back
    '{"type": "ping", "ref": 9223372036854775808}',
    '{"type": "ping", "ref": ' + "[" * 300 + "]" * 300 + "}",  # nesting past 255
    '{"type": "ping", "ref": "\\ud800"}',  # a lone surrogate
    '{"type": "chat", "text": "hi \\udfff there"}',
    '{"type": "act", "text": "play 1", "ref": {"a": [1, 2, {"b": null}]}}',
    '{"type": "ping", "ref": 1.5}',
    '{"type": "ping", "ref": true}',
    DEEP,
    '{"type": "act", "text": ' + DEEP + "}",
    '{"type": "act", "text": "play 1", "step": -1}',
    '{"type": "act", "text": "play 1", "step": 1e400}',
    '{"type": {"nested": 1}}',
    '{"type": "' + "x" * 5000 + '"}',
    '"just a string"',
    "null",
    "",
]


def _no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    for record in caplog.records:
        assert record.exc_info is None, record.getMessage()
        assert "Traceback" not in record.getMessage()


def _answers_ping(ws, ref: str = "alive") -> None:
    ws.send_json({"type": "ping", "ref": ref})
    assert receive(ws, "pong")["ref"] == ref


@pytest.mark.parametrize("frame", HOSTILE_FRAMES, ids=range(len(HOSTILE_FRAMES)))
def test_each_hostile_frame_gets_an_error_and_the_socket_answers_on(client, frame, caplog):
    caplog.set_level(logging.INFO)
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        first = hello(ws, tokens[0])
        ws.send_text(frame)
        err = receive(ws, "error")
        assert err["message"] and err["ref"] is None
        _answers_ping(ws)
        # The writer is alive too: a move is still acknowledged.
        ws.send_json({"type": "act", "text": first["legal"][0], "ref": "m"})
        assert receive(ws, "update")["ack"] == "m"
    _no_tracebacks(caplog)


def test_a_binary_frame_is_read_as_text(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, tokens[0])
        ws.send_bytes(b'{"type": "ping", "ref": 3}')
        assert receive(ws, "pong")["ref"] == 3
        ws.send_bytes(b"\xff\xfe not utf-8")
        assert "JSON objects" in receive(ws, "error")["message"]
        _answers_ping(ws)


def test_refs_that_echo_are_echoed(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, tokens[0])
        for ref in (0, -(2**53) + 1, 2**53 - 1, "", "r" * 64, "é✓", None):
            ws.send_json({"type": "ping", "ref": ref})
            assert receive(ws, "pong")["ref"] == ref
        ws.send_json({"type": "ping", "ref": 2**53})
        assert "2^53" in receive(ws, "error")["message"]


def test_a_frame_over_the_limit_closes_with_a_reason(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, tokens[0])
        ws.send_text('{"type": "chat", "text": "' + "x" * MAX_FRAME + '"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1009
        assert f"at most {MAX_FRAME}" in closed.value.reason


def test_a_failure_inside_the_server_costs_one_message_and_one_log_line(client, caplog, monkeypatch):
    table_id, tokens = started_duel(client)
    table = client.app.state.manager.tables[table_id]

    async def broken(*_args, **_kwargs):
        raise ValueError("a bug somewhere")

    with client.websocket_connect(f"/ws/{table_id}") as ws:
        first = hello(ws, tokens[0])
        monkeypatch.setattr(table, "act", broken)
        ws.send_json({"type": "act", "text": first["legal"][0], "ref": 5})
        err = receive(ws, "error")
        assert err["ref"] == 5 and "could not handle" in err["message"]
        _answers_ping(ws)
    failed = [r for r in caplog.records if "a bug somewhere" in r.getMessage()]
    assert len(failed) == 1 and failed[0].exc_info is None
    _no_tracebacks(caplog)


def test_a_message_that_cannot_be_encoded_is_replaced_by_an_error(client, caplog):
    """Even if something unencodable reached the queue, the writer says so and goes on."""
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, tokens[0])
        conn = next(iter(client.app.state.manager.tables[table_id].connections))
        client.portal.call(_push, conn, {"type": "notice", "text": "x", "big": 2**70})
        assert "could not send" in receive(ws, "error")["message"]
        _answers_ping(ws)
    assert any("could not be sent" in r.getMessage() for r in caplog.records)
    _no_tracebacks(caplog)


async def _push(conn, message):
    conn.push(message)


@pytest.mark.parametrize("number", ["⑴", "²", "٣", "9" * 5000])
def test_real_games_refuse_numbers_that_are_not_ascii_digits(tmp_path, number, caplog):
    """Inscription reads numbers in its action texts ('draft 1'): other scripts and huge numbers
    are refused like any illegal move."""
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_workers=1)
    with TestClient(app) as client:
        t = client.post("/api/tables", json={"game": "inscription", "seats": [{"kind": "person"}] * 2}).json()
        tokens = [take(client, t["id"], s) for s in (0, 1)]
        client.post(f"/api/tables/{t['id']}/start", json={"token": tokens[0]})
        with client.websocket_connect(f"/ws/{t['id']}") as ws0, client.websocket_connect(f"/ws/{t['id']}") as ws1:
            s0, s1 = hello(ws0, tokens[0]), hello(ws1, tokens[1])
            ws, legal = (ws0, s0["legal"]) if s0["legal"] else (ws1, s1["legal"])
            verb = legal[0].split()[0]
            ws.send_json({"type": "act", "text": f"{verb} {number}", "ref": 1})
            assert receive(ws, "error")["ref"] == 1
            _answers_ping(ws)
            ws.send_json({"type": "act", "text": legal[0], "ref": 2})
            assert receive(ws, "update")["ack"] == 2
    _no_tracebacks(caplog)
