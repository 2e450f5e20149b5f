"""A property-based fuzz test of the play protocol on every game: random and adversarial frames
from seats and spectators. After each frame the socket that sent it still answers a ping, and
every seat's view is unchanged unless a legal move was acknowledged (then the table moved one
step). Kept to about a minute: GLYPHHALL_FUZZ_EXAMPLES raises the count."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glyphhall import games
from glyphhall.server import create_app
from glyphhall.server.guard.flood_limits import Limits

from .helpers import hello, take

EXAMPLES = int(os.environ.get("GLYPHHALL_FUZZ_EXAMPLES", "40"))
UNLIMITED = Limits.machine_speed()
HOSTILE_NUMBERS = ["²", "⑴", "٣", "３", "9" * 5000, "-1", "0", "18446744073709551616", "1e9", "\ud800"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
refs = st.none() | st.integers() | st.text(max_size=80) | json_values | st.just(2**64) | st.just("\ud800")


@dataclass
class Hall:
    client: TestClient
    table_id: str
    seats: list[Any]  # one socket per seat
    spectator: Any
    legal: dict[int, list[str]] = field(default_factory=dict)
    pings: int = 0

    @property
    def live(self):
        return self.client.app.state.manager.tables[self.table_id]

    def sockets(self) -> list[tuple[int | None, Any]]:
        return [*enumerate(self.seats), (None, self.spectator)]


@pytest.fixture(scope="module", params=games.ids())
def hall(request, tmp_path_factory):
    game = games.get(request.param)
    db = tmp_path_factory.mktemp("fuzz") / "g.db"
    with TestClient(create_app(f"sqlite:///{db}", bot_workers=1, limits=UNLIMITED)) as client:
        players = game.min_players
        t = client.post("/api/tables", json={"game": game.id, "seats": [{"kind": "person"}] * players})
        assert t.status_code == 201, t.text
        table_id = t.json()["id"]
        tokens = [take(client, table_id, s, f"p{s}") for s in range(players)]
        assert client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0]}).status_code == 200
        seats = [client.websocket_connect(f"/ws/{table_id}").__enter__() for _ in range(players)]
        spectator = client.websocket_connect(f"/ws/{table_id}").__enter__()
        hall = Hall(client, table_id, seats, spectator)
        for s, ws in enumerate(seats):
            hall.legal[s] = hello(ws, tokens[s])["legal"]
        hello(spectator, None)
        yield hall
        for ws in [*seats, spectator]:
            ws.__exit__(None, None, None)


# The strategies never look at the live game (Hypothesis needs draws independent of outside
# state): a frame is drawn as a recipe, and the recipe picks among the seat's legal moves when the
# frame is built.
MUTATIONS = ("as is", "last word hostile", "hostile appended", "junk after verb", "shouted")
texts = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 10**6), st.sampled_from(MUTATIONS), st.sampled_from(HOSTILE_NUMBERS),
              st.text(max_size=30)),
    st.text(max_size=40),
    json_values,
)
messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "chat", "resync", "ping", "hello", "shout", ""])},
    optional={
        "text": texts,
        "ref": refs,
        "step": st.none() | st.integers(-5, 10**12) | st.text(max_size=3) | st.just("now"),
        "token": st.none() | st.text(max_size=20) | json_values,
    },
)
legal_moves = st.fixed_dictionaries(
    {"type": st.just("act"), "text": st.tuples(st.just("legal"), st.integers(0, 10**6), st.just("as is"),
                                                 st.just(""), st.just("")),
     "ref": st.just("legal"), "step": st.sampled_from([None, "now"])}
)
garbage = st.one_of(
    st.text(max_size=200),
    json_values.map(json.dumps),
    st.integers(1, 1200).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 1200).map(lambda n: '{"type": "ping", "ref": ' + "[" * n + "]" * n + "}"),
)
recipes = st.one_of(messages, legal_moves, garbage)


def _legal_text(legal: list[str], pick: int, mutation: str, number: str, junk: str) -> str:
    text = legal[pick % len(legal)] if legal else "pass"
    words = text.split() or ["x"]
    return {
        "as is": text,
        "last word hostile": " ".join([*words[:-1], number]),
        "hostile appended": f"{text} {number}",
        "junk after verb": f"{words[0]} {junk}",
        "shouted": text.upper() + "  ",
    }[mutation]


def build(hall: Hall, seat: int | None, recipe: Any) -> str:
    """The frame a recipe stands for, at the table as it is now."""
    if isinstance(recipe, str):
        return recipe
    message = dict(recipe)
    text = message.get("text")
    if isinstance(text, tuple) and text[:1] == ("legal",):
        message["text"] = _legal_text(hall.legal.get(seat or 0, []), *text[1:])
    if message.get("step") == "now":
        message["step"] = len(hall.live.actions)
    return json.dumps(message, ensure_ascii=True)


def _snapshot(hall: Hall) -> tuple[int, list[Any]]:
    live = hall.live
    return len(live.actions), [live.state.view(s) for s in range(len(hall.seats))]


def _send_and_ping(hall: Hall, ws: Any, frame: str) -> bool:
    """Send `frame`, then a ping; True if the frame was a move the server acknowledged."""
    ws.send_text(frame)
    hall.pings += 1
    ref = f"fuzz-{hall.pings}"
    ws.send_json({"type": "ping", "ref": ref})
    acked = False
    while True:
        msg = ws.receive_json()
        assert msg["type"] in ("state", "update", "table", "chat", "error", "pong", "ack", "notice"), msg
        if msg["type"] == "update" and "ack" in msg:
            acked = True
        if msg["type"] == "pong" and msg["ref"] == ref:
            return acked


def _refresh_legal(hall: Hall) -> None:
    live = hall.live
    for s in range(len(hall.seats)):
        hall.legal[s] = [str(a) for a in live.state.legal_actions(s)]


def test_no_frame_changes_a_view_unless_a_legal_move_is_acknowledged(hall):
    # The property runs inside the test, so the check after it sees the same table: xdist may
    # send two tests of one module to different workers, each with a fixture of its own.
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def frames_then_a_legal_move(data):
        for _ in range(data.draw(st.integers(1, 6), label="frames")):
            seat, ws = data.draw(st.sampled_from(hall.sockets()), label="socket")
            frame = build(hall, seat, data.draw(recipes, label="frame"))
            before = _snapshot(hall)
            acked = _send_and_ping(hall, ws, frame)
            after = _snapshot(hall)
            if acked:
                assert seat is not None, "a spectator's frame moved the game"
                assert after[0] == before[0] + 1, "an acknowledged move is exactly one step"
                _refresh_legal(hall)
            else:
                assert after == before, f"frame {frame[:200]!r} changed the game without an acknowledged move"
        _one_legal_move(hall)

    frames_then_a_legal_move()
    # Legal moves were among the frames: the property held across moves, not only at the start.
    assert len(hall.live.actions) > 0


def _one_legal_move(hall: Hall) -> None:
    """Each example ends with a legal move, so the next one starts from a later position."""
    live = hall.live
    if live.status != "running":
        return
    seat = live.state.to_move()[0]
    before = len(live.actions)
    move = {"type": "act", "text": str(live.state.legal_actions(seat)[0]), "ref": "legal"}
    assert _send_and_ping(hall, hall.seats[seat], json.dumps(move)), "a legal move is acknowledged"
    assert len(hall.live.actions) == before + 1
    _refresh_legal(hall)
