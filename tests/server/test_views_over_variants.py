"""The server's side of the leak check, over every option and variant (the engine's side is
tests/conformance/test_leaks_over_variants.py): at a table of each game with each option value
on its own and at the fewest and most players, every seat's socket and a spectator's receive
exactly the engine's view for that seat (and that seat's legal moves), step after step, nothing
more. With default options only, a variant's hidden information could reach a socket unseen."""

from __future__ import annotations

import json

import orjson
import pytest
from fastapi.testclient import TestClient

from glyphhall import games
from glyphhall.server import create_app
from glyphhall.server.guard.flood_limits import Limits
from tests.conformance.test_leaks_over_variants import variants

from .helpers import hello, receive, take

STEPS = 8
CASES = [(g, players, options) for g in games.ids() for players, options in variants(games.get(g))
         if players <= 4]


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    db = tmp_path_factory.mktemp("views") / "hall.db"
    with TestClient(create_app(f"sqlite:///{db}", bot_workers=1, limits=Limits.machine_speed())) as c:
        yield c


def _same(sent, engine) -> bool:
    return sent == json.loads(orjson.dumps(engine))


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[f"{g}-{p}p-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, p, o in CASES])
def test_each_socket_gets_exactly_its_seats_view(hall, game_id, players, options):
    game = games.get(game_id)
    r = hall.post("/api/tables", json={"game": game_id, "seats": [{"kind": "person"}] * players, "options": options,
                                       "practice": True, "seed": 11})
    assert r.status_code == 201, r.text
    table = r.json()
    tokens = [take(hall, table["id"], seat, f"P{seat}") for seat in range(players)]
    assert hall.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]}).status_code == 200
    truth = game.new(players, 11, table["options"])
    sockets = [hall.websocket_connect(f"/ws/{table['id']}").__enter__() for _ in range(players + 1)]
    try:
        latest = [hello(ws, token) for ws, token in zip(sockets, [*tokens, None], strict=True)]
        for step in range(STEPS + 1):
            for seat, msg in enumerate(latest):
                viewer = seat if seat < players else None
                assert _same(msg["view"], truth.view(viewer)), f"step {step}: the socket of {viewer} got another view"
                legal = [] if viewer is None else [str(a) for a in truth.legal_actions(viewer)]
                assert msg["legal"] == legal, f"step {step}: seat {viewer}'s legal moves differ from the engine's"
            if truth.is_over() or step == STEPS:
                break
            mover = truth.to_move()[0]
            text = latest[mover]["legal"][0]
            sockets[mover].send_json({"type": "act", "text": text, "ref": step})
            truth.apply_text(mover, text)
            latest = [receive(ws, "update") for ws in sockets]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
