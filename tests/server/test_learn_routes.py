"""The lesson routes (server/lobby/learn.py): /api/learn lists the games with a guided first game;
POST /api/learn/<game> plays the lesson from the moves accepted so far, answers a wrong move with
why (the position kept), refuses moves that do not follow the lesson, shows the learner only
what their seat may see, and /learn/<game> is the table page."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from glyphhall import games
from glyphhall.games.tutorials import tutorial
from glyphhall.server import create_app
from glyphhall.server.guard.flood_limits import Limits


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hall.db'}", bot_workers=1, limits=Limits.machine_speed())) as c:
        yield c


def _lesson(client, game_id: str, moves: list[str], move: str | None = None) -> dict:
    r = client.post(f"/api/learn/{game_id}", json={"moves": moves, "move": move})
    assert r.status_code == 200, r.text
    return r.json()


def test_the_lobby_lists_a_lesson_for_every_game(client):
    lessons = client.get("/api/learn").json()["lessons"]
    assert [lesson["game"] for lesson in lessons] == games.ids()
    assert all(lesson["href"] == f"/learn/{lesson['game']}" for lesson in lessons)
    page = client.get("/learn/inscription")
    assert page.status_code == 200 and 'src="/static/js/table.js"' in page.text


@pytest.mark.parametrize("game_id", games.ids())
def test_a_lesson_plays_through_over_http(client, game_id):
    found = tutorial(game_id)
    assert found is not None
    moves: list[str] = []
    for index, step in enumerate(found.steps):
        msg = _lesson(client, game_id, moves, step.expect)
        assert msg["lesson"]["refused"] is None and msg["lesson"]["index"] == index + 1
        assert [m["text"] for m in msg["moves"]] == msg["legal"]  # the moves' data beside their texts
        moves.append(step.expect)
    assert msg["lesson"]["done"] and "gentlest computer" in msg["lesson"]["text"]
    assert msg["legal"] == msg["moves"] == [] and msg["you"] == found.seat
    for line in msg["log"]:
        assert "seat " not in line["text"]


def test_a_wrong_move_is_answered_with_why_and_the_position_stays(client):
    first = _lesson(client, "inscription", [])
    assert first["lesson"]["expected"] == "draw creature" and first["lesson"]["index"] == 0
    wrong = _lesson(client, "inscription", [], "draw squirrel")
    assert wrong["lesson"]["refused"].startswith("A Squirrel is free to play")
    assert (wrong["view"], wrong["lesson"]["index"], wrong["log"]) == (first["view"], 0, [])
    nonsense = _lesson(client, "inscription", [], "fly away")
    assert "Every turn starts with a draw" in nonsense["lesson"]["refused"]
    # The canonical form of the step's move ("play 1 3 sacrifice 1") is outlined on the board.
    second = _lesson(client, "inscription", ["draw creature"])
    assert second["lesson"]["expected"] == "play 1 3 sacrifice 1" and second["lesson"]["move"] == "play stoat 3 sacrifice 1"


def test_moves_that_do_not_follow_the_lesson_are_refused(client):
    r = client.post("/api/learn/inscription", json={"moves": ["bell"]})
    assert r.status_code == 400 and "start it again" in r.json()["error"]
    r = client.post("/api/learn/inscription", json={"moves": ["draw creature"] * 41})
    assert r.status_code == 400
    r = client.post("/api/learn/chess", json={})
    assert r.status_code == 404 and "no lesson" in r.json()["error"]


def test_the_learner_sees_only_what_their_seat_may_see(client):
    """Heroscape's opponent places its order markers in secret: the log says a marker was placed,
    not which."""
    found = tutorial("heroscape")
    assert found is not None
    moves = [step.expect for step in found.steps[:4]]
    msg = _lesson(client, "heroscape", moves)
    texts = [line["text"] for line in msg["log"]]
    assert any("Your opponent puts an order marker face down" in t for t in texts)
    assert not any("Your opponent puts order marker 1" in t for t in texts)


def test_lesson_moves_are_limited_per_address(tmp_path):
    """Each posted move replays the lesson so far (a Glyphs step costs a third of a second), so an
    address gets a table's pace for moves, as puzzles do."""
    from glyphhall.server.guard.flood_limits import Rate

    slow = Limits(act=Rate(0.001, 3))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hall.db'}", bot_workers=1, limits=slow)) as c:
        codes = [c.post("/api/learn/inscription", json={"moves": [], "move": None}).status_code for _ in range(4)]
        refused = c.post("/api/learn/inscription", json={"moves": [], "move": None}).json()
    assert codes == [200, 200, 200, 429] and "too many moves" in refused["error"]
