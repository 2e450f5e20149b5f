"""The puzzle routes (server/lobby/puzzles.py) with sample puzzles (tests/puzzles_play/sample.py):
solving moves the account's puzzle rating up and the puzzle's down, failing the reverse (two
accounts over the API), only the first attempt is rated; a guest's provisional rating comes back
to the browser and the puzzle's does not move; the solver sees only their seat's view and no
answer before the attempt ends; bad input is refused with a sentence and changes nothing."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from glyphhall.puzzles import puzzle_state
from glyphhall.server import create_app
from glyphhall.server.guard.flood_limits import Limits, Rate
from glyphhall.store.glicko import Glicko
from tests.puzzles_play.sample import BUILD, EXPLAINED, RIGHT, WRONG, by_game, patched

from .browsers import Browser

PASSWORD = "correct horse battery"


@pytest.fixture
def client(tmp_path):
    with patched(), TestClient(create_app(f"sqlite:///{tmp_path / 'hall.db'}", bot_workers=1,
                                          limits=Limits.machine_speed())) as c:
        yield c


def _sign_up(who: Browser, name: str) -> None:
    assert who.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201


def _move(who, puzzle_id: str, move: str, moves: list[str] | None = None, **extra) -> dict:
    r = who.post(f"/api/puzzle/{puzzle_id}", json={"moves": moves or [], "move": move, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def _puzzle_rating(client, puzzle_id: str) -> float:
    store = client.app.state.manager.store
    found = store.puzzle_ratings(puzzle_id.split("-")[0]).get(puzzle_id)
    return found.rating.rating if found else by_id(puzzle_id).rating


def by_id(puzzle_id: str):
    return next(p for ps in by_game().values() for p in ps if p.id == puzzle_id)


def test_solving_and_failing_move_both_ratings_for_two_accounts(client):
    ann, bob = Browser(client), Browser(client)
    _sign_up(ann, "ann")
    _sign_up(bob, "bob")
    start = _puzzle_rating(client, "inscription-9001")
    solved = _move(ann, "inscription-9001", RIGHT)["puzzle"]
    assert solved["status"] == "solved" and solved["rated"] and solved["explanation"] == EXPLAINED
    assert solved["player"]["rating"] > 1500 and solved["player"]["change"] > 0
    after_ann = _puzzle_rating(client, "inscription-9001")
    assert after_ann < start
    failed = _move(bob, "inscription-9001", WRONG)["puzzle"]
    assert failed["status"] == "failed" and failed["rated"] and failed["answer"] == [[RIGHT]]
    assert failed["player"]["rating"] < 1500 and failed["player"]["change"] < 0
    assert _puzzle_rating(client, "inscription-9001") > after_ann
    # Each account's puzzle rating is kept, shown on the puzzles page and beside its game ratings.
    assert ann.get("/api/puzzles/inscription").json()["player"]["rating"] == solved["player"]["rating"]
    games = {g["game"]: g for g in client.get("/api/users/bob").json()["games"]}
    assert games["inscription"]["puzzle_rating"] == failed["player"]["rating"]
    assert games["inscription"]["puzzles_tried"] == 1
    # A second attempt at the same puzzle rates nothing (the answer has been shown).
    again = _move(bob, "inscription-9001", RIGHT)["puzzle"]
    assert again["status"] == "solved" and not again["rated"] and again["player"]["change"] == 0
    assert bob.get("/api/puzzles/inscription").json()["player"]["rating"] == failed["player"]["rating"]


def test_a_guest_gets_a_provisional_rating_back_and_the_puzzle_does_not_move(client):
    start = _puzzle_rating(client, "inscription-9001")
    first = _move(client, "inscription-9001", RIGHT)["puzzle"]
    assert first["player"]["rating"] > 1500 and first["player"]["provisional"]
    kept = first["guest_rating"]
    second = _move(client, "inscription-9002", WRONG, guest=kept)["puzzle"]
    assert second["status"] == "failed" and second["player"]["rating"] < first["player"]["rating"]
    assert _puzzle_rating(client, "inscription-9001") == start
    assert client.app.state.manager.store.puzzle_ratings("inscription") == {}
    assert client.get("/api/puzzles/inscription").json()["player"] is None


def test_a_line_of_two_decisions_is_played_step_by_step(client):
    puzzle = by_id("glyphs-9001")
    first = _move(client, puzzle.id, BUILD)
    assert first["puzzle"]["status"] == "playing" and first["puzzle"]["step"] == 1
    assert first["puzzle"]["answer"] is None and first["puzzle"]["explanation"] is None
    assert first["legal"] == ["predict approved", "predict rejected"]
    assert first["log"][-1]["text"].startswith("Solver performs")
    done = _move(client, puzzle.id, "predict approved", [BUILD])
    assert done["puzzle"]["status"] == "solved" and done["legal"] == []
    # Moves so far that are not the puzzle's are refused; so is a move after the end.
    r = client.post(f"/api/puzzle/{puzzle.id}", json={"moves": ["predict approved"], "move": BUILD})
    assert r.status_code == 400 and "does not go on from your move 1" in r.json()["error"]
    r = client.post(f"/api/puzzle/{puzzle.id}", json={"moves": [BUILD, "predict approved"], "move": "pass"})
    assert r.status_code == 400 and "over" in r.json()["error"]


def test_the_solver_sees_their_seat_only_and_no_answer_before_the_end(client):
    puzzle = by_id("inscription-9001")
    state = puzzle_state(puzzle)
    for msg in (client.get(f"/api/puzzle/{puzzle.id}").json(), client.get("/api/puzzles/inscription/daily").json()):
        assert msg["view"] == json.loads(json.dumps(state.view(0)))
        assert msg["view"]["deck"] != state.view(1)["deck"]  # the other seat's deck stays hidden
        assert msg["you"] == 0 and msg["legal"] == [str(a) for a in state.legal_actions(0)]
        assert msg["puzzle"]["answer"] is None and msg["puzzle"]["explanation"] is None
        assert EXPLAINED not in json.dumps(msg)
        assert all("seat " not in line["text"] for line in msg["log"])


def test_the_next_puzzle_is_near_the_rating_unseen_and_of_the_theme_asked(client):
    ann = Browser(client)
    _sign_up(ann, "ann")
    low = ann.get("/api/puzzles/inscription/next").json()["puzzle"]["id"]
    assert low == "inscription-9001"  # rated 1500, as a newcomer (the others 1900 and 1100)
    assert client.get("/api/puzzles/inscription/next?rating=1150").json()["puzzle"]["id"] == "inscription-9003"
    themed = client.get("/api/puzzles/inscription/next?theme=finishing-blow").json()
    assert themed["puzzle"]["id"] == "inscription-9002" and themed["puzzle"]["theme_name"] == "The finishing blow"
    # A guest's page names what it has seen; an account's attempts are remembered by the store.
    seen = client.get("/api/puzzles/inscription/next?seen=inscription-9001,inscription-9003").json()
    assert seen["puzzle"]["id"] == "inscription-9002"
    for pid, move in (("inscription-9001", RIGHT), ("inscription-9003", WRONG)):
        _move(ann, pid, move)
    assert ann.get("/api/puzzles/inscription/next").json()["puzzle"]["id"] == "inscription-9002"
    overview = client.get("/api/puzzles/inscription").json()
    assert overview["count"] == 3 and overview["daily"] == "inscription-9001"
    assert {t["theme"]: t["count"] for t in overview["themes"]} == {"wins-this-turn": 2, "finishing-blow": 1}
    assert client.get("/api/puzzles").json()["games"][0]["href"] == "/puzzles/glyphs"
    page = client.get("/puzzles/inscription")
    assert page.status_code == 200 and 'src="/static/js/table.js"' in page.text


BAD_INPUT = [
    ("POST", "/api/puzzle/inscription-0000", {"move": "bell"}, 404, "there is no puzzle"),
    ("POST", "/api/puzzle/nonsense", {"move": "bell"}, 404, "there is no puzzle"),
    ("POST", "/api/puzzle/inscription-9001", {"move": "fly away"}, 400, "not a legal move"),
    ("POST", "/api/puzzle/inscription-9001", {"moves": "bell"}, 400, "move"),
    ("POST", "/api/puzzle/inscription-9001", {"move": "bell", "guest": {"rating": 9e9, "deviation": 1,
                                                                         "volatility": 0}}, 400, "rating"),
    ("GET", "/api/puzzles/tundrus/next", None, 404, "no puzzles"),
    ("GET", "/api/puzzles/chess/daily", None, 404, "no puzzles"),
    ("GET", "/api/puzzles/inscription/next?theme=nope", None, 400, "no puzzle theme"),
    ("GET", "/api/puzzle/inscription-9999", None, 404, "there is no puzzle"),
]


def test_bad_input_gets_a_clear_error_and_changes_nothing(client):
    ann = Browser(client)
    _sign_up(ann, "ann")
    for method, url, body, status, words in BAD_INPUT:
        r = ann.request(method, url, json=body)
        assert r.status_code == status and words in r.json()["error"], (url, body, r.text)
    assert client.app.state.manager.store.puzzle_ratings("inscription") == {}
    assert client.app.state.manager.store.puzzles_tried(1, "inscription") == []
    assert ann.get("/api/puzzles/inscription").json()["player"] is None


def test_bad_json_and_a_huge_body_are_refused(client):
    r = client.post("/api/puzzle/inscription-9001", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]
    r = client.post("/api/puzzle/inscription-9001", json={"move": "bell", "name": "x" * 100_000})
    assert r.status_code == 413


def test_moves_are_limited_per_address(tmp_path):
    slow = Limits(act=Rate(0.001, 3))
    with patched(), TestClient(create_app(f"sqlite:///{tmp_path / 'hall.db'}", bot_workers=1, limits=slow)) as c:
        codes = [c.post("/api/puzzle/inscription-9001", json={"move": RIGHT}).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


def test_glicko_moves_solver_and_puzzle_opposite_ways():
    from glyphhall.store.glicko import after_attempt

    me, puzzle = Glicko(), Glicko(1500, 200)
    up, down = after_attempt(me, puzzle, True)
    assert up.rating > 1500 > down.rating and up.deviation < me.deviation
    worse, better = after_attempt(me, puzzle, False)
    assert worse.rating < 1500 < better.rating
    # Far-off ratings stay within bounds.
    extreme, _ = after_attempt(Glicko(3500, 45, 0.2), Glicko(400, 45), False)
    assert 400 <= extreme.rating <= 3500


def test_puzzles_that_do_not_load_are_said_so_and_the_others_stay(client, monkeypatch):
    import glyphhall.server.lobby.puzzles as routes
    from glyphhall.engine import LoadError

    loaded = routes.load_puzzles

    def broken(game_id: str):
        if game_id == "glyphs":
            raise LoadError("puzzle glyphs-0001: 'theme' 'x' is not a theme")
        return loaded(game_id)

    monkeypatch.setattr(routes, "load_puzzles", broken)
    assert [g["game"] for g in client.get("/api/puzzles").json()["games"]] == ["inscription"]
    r = client.get("/api/puzzles/glyphs")
    assert r.status_code == 500 and "the puzzles of glyphs do not load" in r.json()["error"]


def test_glicko_follows_glickmans_worked_example():
    """Glickman's example (glicko2.pdf): 1500/200/0.06 beats 1400/30, loses to 1550/100 and
    1700/300: 1464.06, 151.52, 0.05999 (the paper rounds as it goes; unrounded the volatility is
    0.0599960, where the package's own f(x) gives 0.0599934)."""
    from glyphhall.store.glicko import _Player

    player = _Player(rating=1500, rd=200, vol=0.06)
    player.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
    assert (round(player.rating, 2), round(player.rd, 2)) == (1464.05, 151.52)
    assert abs(player.vol - 0.0599960) < 2e-7
