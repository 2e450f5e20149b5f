"""The hall watched (issue 30): /healthz, /readyz, /metrics and JSON log lines naming the table."""

from __future__ import annotations

import json
import logging

from fastapi.testclient import TestClient

from glyphhall.server import create_app
from glyphhall.server.runtime import logs
from glyphhall.store import Store

from .games import GAMES
from .helpers import hello, receive, started_duel


def _metric(text: str, name: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"{name} is not in the metrics")


def _play_one_move(client: TestClient) -> None:
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        state = hello(ws, tokens[0])
        ws.send_json({"type": "act", "text": state["legal"][0], "ref": 1})
        assert receive(ws, "update")["ack"] == 1


def test_health_ready_and_the_move_counter_rises(tmp_path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hall.db'}", games=GAMES, bot_workers=1)) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["status"] == "ready"
        before = _metric(client.get("/metrics").text, "glyphhall_moves_total")
        _play_one_move(client)
        after = client.get("/metrics").text
        assert _metric(after, "glyphhall_moves_total") >= before + 1
        assert _metric(after, "glyphhall_move_seconds_count") >= 1
        assert _metric(after, "glyphhall_tables_live") >= 1


def test_not_ready_while_migrations_are_pending(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    store = Store(url)
    with store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '0001'")
    with TestClient(create_app(store=store, games=GAMES, bot_workers=1)) as client:
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["status"] == "migrations pending"
    store.close()


def test_json_log_lines_name_the_table(capsys) -> None:
    handler = logs.configure("json", logging.INFO)
    try:
        token = logs.TABLE.set("t-42")
        logging.getLogger("glyphhall.server").warning("a move failed")
        logs.TABLE.reset(token)
        line = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    finally:
        logging.getLogger("glyphhall").handlers.remove(handler)
    assert line["table"] == "t-42" and line["message"] == "a move failed" and line["level"] == "WARNING"
