"""Practice tables from a position: the game's packaged positions and a position's text, checked
by the game's loader before anything is created; the table keeps the text, survives a restart
(rebuilt from the position and its actions, moves taken back included), is never rated, and its
record and replay begin from the position."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from glyphhall import games
from glyphhall.engine import MatchRecord, replay
from glyphhall.server import create_app
from glyphhall.server.guard.flood_limits import Limits
from glyphhall.server.lobby.practice_positions import MAX_POSITION
from tests.engine.toy import POSITION_GAME

from .browsers import Browser
from .games import GAMES
from .helpers import hello, receive, take

PUZZLE = 'title = "Last round"\nseed = 5\n[position]\nhands = [[9, 2], [1, 8]]\nscore = [1, 0]\n'
PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def _app(db_url: str):
    catalog = {**GAMES, "posduel": POSITION_GAME, "inscription": games.get("inscription")}
    return create_app(db_url, games=catalog, bot_workers=1, limits=Limits.machine_speed())


@pytest.fixture
def client(db_url):
    with TestClient(_app(db_url)) as c:
        yield c


def _create(client, **body) -> dict:
    r = client.post("/api/tables", json={"game": "posduel", "seats": PEOPLE, **body})
    assert r.status_code == 201, r.text
    return r.json()


def _started(client, text: str = PUZZLE) -> tuple[str, list[str]]:
    table = _create(client, position=text)
    tokens = [take(client, table["id"], 0, "ann"), take(client, table["id"], 1, "bob")]
    assert client.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]}).status_code == 200
    return table["id"], tokens


def _play(ws0, ws1, moves: list[tuple[int, str]]) -> dict:
    last: dict = {}
    for seat, text in moves:
        ws = (ws0, ws1)[seat]
        ws.send_json({"type": "act", "text": text, "ref": text})
        last = receive(ws, "update")
        while last.get("ack") != text:
            last = receive(ws, "update")
    return last


def test_a_table_from_a_packaged_position(client):
    listed = client.get("/api/games/inscription/positions").json()
    hoarder = next(p for p in listed["positions"] if p["name"] == "hoarder")
    assert hoarder["players"] == 2 and hoarder["title"] and listed["max_chars"] == MAX_POSITION
    assert client.get("/api/games/duel/positions").json()["positions"] == []
    assert client.get("/api/games/chess/positions").status_code == 404
    r = client.post("/api/tables", json={"game": "inscription", "position_name": "hoarder",
                                         "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 201, r.text
    table = r.json()
    assert table["practice"] and table["position"] == {"title": hoarder["title"]} and table["seed"] == 11
    assert table["options"]["items"] is False
    token = take(client, table["id"], 0, "ann")
    assert client.post(f"/api/tables/{table['id']}/start", json={"token": token}).status_code == 200
    with client.websocket_connect(f"/ws/{table['id']}") as ws, client.websocket_connect(f"/ws/{table['id']}") as spy:
        state = hello(ws, token)
        watched = hello(spy, None)
        assert state["table"]["position"]["title"] == watched["table"]["position"]["title"] == hoarder["title"]
        assert state["to_move"] == [0] and state["view"]["scale"] == 2 and watched["legal"] == []
        assert any(a.startswith("play") for a in state["legal"])
        ws.send_json({"type": "act", "text": "bell"})
        update = receive(ws, "update")
        while 0 not in update["to_move"] and update["status"] == "running":  # the bot plays its turn
            update = receive(ws, "update")
        assert update["step"] >= 2 and receive(spy, "update")["step"] == 1


def test_a_bad_position_creates_nothing_and_says_why(client):
    def refused(status: int, **body) -> str:
        r = client.post("/api/tables", json={"game": "posduel", "seats": PEOPLE, **body})
        assert r.status_code == status, r.text
        return r.json()["error"]

    assert "'position.hands' holds cards 1 to 9" in refused(400, position=PUZZLE.replace("[1, 8]", "[1, 9]"))
    assert "not valid TOML" in refused(400, position="hands = [")
    assert "unknown key" in refused(400, position=PUZZLE + "colour = 'red'\n")
    assert "for game 'chess'" in refused(400, position='game = "chess"\n' + PUZZLE)
    assert "no position format yet" in refused(400, position="seed = 1", game="duel")
    assert "at most" in refused(413, position="#" * (MAX_POSITION + 1))
    assert "has no packaged position 'nope'" in refused(404, position_name="nope")
    assert "either" in refused(400, position=PUZZLE, position_name="x")
    assert "2 players; the table has 3 seats" in refused(400, position=PUZZLE, seats=PEOPLE + PEOPLE[:1])
    assert "sets the seed" in refused(400, position=PUZZLE, seed=3)
    assert "sets the seed and the options" in refused(400, position=PUZZLE, options={"colour": "red"})
    assert "always practice" in refused(400, position=PUZZLE, practice=False)
    assert client.get("/api/tables?status=open,running,finished").json()["tables"] == []


def test_the_table_page_and_the_lists_say_it_began_from_a_position(client):
    table = _create(client, position=PUZZLE)
    listed = client.get("/api/tables").json()["tables"]
    assert listed[0]["position"] == {"title": "Last round"} and listed[0]["practice"]
    plain = _create(client, position=PUZZLE.replace('title = "Last round"\n', ""))
    assert plain["position"] == {"title": None}
    ordinary = client.post("/api/tables", json={"game": "posduel", "seats": PEOPLE}).json()
    assert ordinary["position"] is None and not ordinary["practice"]
    assert client.get(f"/t/{table['id']}").status_code == 200


def test_a_position_game_survives_a_restart_with_a_move_taken_back(db_url):
    """'turns' from a position, with a scripted die: a move taken back, a restart in the middle,
    and the die the position scripts still comes after it."""
    text = "[position]\ntotals = [5, 8]\n[chance]\ndice = [\"d6 2\"]\n"
    with TestClient(_app(db_url)) as c:
        table = _create(c, game="turns", position=text)
        tokens = [take(c, table["id"], 0, "ann"), take(c, table["id"], 1, "bob")]
        assert c.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]}).status_code == 200
        table_id = table["id"]
        with c.websocket_connect(f"/ws/{table_id}") as ws0, c.websocket_connect(f"/ws/{table_id}") as ws1:
            first = hello(ws0, tokens[0])
            hello(ws1, tokens[1])
            assert first["view"] == {"totals": [5, 8], "turn": 0}
            _play(ws0, ws1, [(0, "add 1")])
            ws0.send_json({"type": "undo", "ref": "u"})
            back = receive(ws0, "state")
            assert back["ack"] == "u" and back["view"] == first["view"]
            before = _play(ws0, ws1, [(0, "add 1"), (0, "end")])
    with TestClient(_app(db_url)) as c:
        assert c.app.state.resumed == 1
        with c.websocket_connect(f"/ws/{table_id}") as ws0, c.websocket_connect(f"/ws/{table_id}") as ws1:
            hello(ws0, tokens[0])
            again = hello(ws1, tokens[1])
            assert again["view"] == before["view"] == {"totals": [6, 8], "turn": 1} and again["step"] == 3
            done = _play(ws0, ws1, [(1, "roll")])  # the scripted d6 shows 2
            assert done["status"] == "finished" and done["view"]["totals"] == [6, 10] and done["result"] == [0.0, 1.0]
        record = c.get(f"/api/tables/{table_id}/record").json()
        assert record["format"] == "glyphhall-match/3" and record["position"]["text"] == text
        assert record["undone"] == [0] and record["actions"][0] == [0, "add 1"]
        final = replay(MatchRecord.from_dict(record), GAMES["turns"])
        assert final.is_over() and final.totals == [6, 10]
        start = c.get(f"/api/tables/{table_id}/replay/0?seat=0").json()
        assert start["view"] == {"totals": [5, 8], "turn": 0}
        end = c.get(f"/api/tables/{table_id}/replay/3").json()
        assert end["view"] == final.view(None) and any(e.get("undone") for e in end["log"])
        assert c.get(f"/r/{table_id}").status_code == 200


def test_a_position_table_is_never_rated(db_url):
    with TestClient(_app(db_url)) as c:
        ann, bob = Browser(c), Browser(c)
        for who, name in ((ann, "ann"), (bob, "bob")):
            assert who.post("/api/account/signup", json={"name": name, "password": "correct horse battery"}).status_code == 201
        table = ann.post("/api/tables", json={"game": "posduel", "seats": PEOPLE, "position": PUZZLE}).json()
        assert ann.post(f"/api/tables/{table['id']}/seats/0", json={"name": "x"}).status_code == 200
        assert bob.post(f"/api/tables/{table['id']}/seats/1", json={"name": "x"}).status_code == 200
        assert ann.post(f"/api/tables/{table['id']}/start", json={}).status_code == 200
        with ann.websocket_connect(f"/ws/{table['id']}") as ws0, bob.websocket_connect(f"/ws/{table['id']}") as ws1:
            start = hello(ws0, None)
            hello(ws1, None)
            assert start["table"]["undo"]  # a match that counts for the ratings has no undo
            done = _play(ws0, ws1, [(0, "play 9"), (1, "play 1"), (0, "play 2"), (1, "play 8")])
            assert done["status"] == "finished"
        assert ann.get("/api/leaderboard/posduel").json()["entries"] == []
        assert not ann.get("/api/users/ann").json()["recent"][0]["rated"]


def test_a_position_is_checked_before_the_form_is_sent(client):
    ok = client.post("/api/games/posduel/positions/check", json={"text": PUZZLE})
    assert ok.status_code == 200 and ok.json() == {"players": 2, "title": "Last round"}
    bad = client.post("/api/games/posduel/positions/check", json={"text": "[position]\nhands = [[1], [1]]\n"})
    assert bad.status_code == 400 and "holds cards 1 to 9, each once" in bad.json()["error"]
    assert client.post("/api/games/chess/positions/check", json={"text": PUZZLE}).status_code == 404


def test_a_deeply_dotted_key_is_refused_quickly_wherever_a_position_is_read(client):
    """The attack that took tomllib seconds and GBs (engine/toml_text.py), at the largest size accepted."""
    attack = "a" + ".a" * (MAX_POSITION // 2 - 4) + " = 1"
    started = time.perf_counter()
    checked = client.post("/api/games/posduel/positions/check", json={"text": attack})
    created = client.post("/api/tables", json={"game": "posduel", "seats": PEOPLE, "position": attack})
    assert time.perf_counter() - started < 2.0
    for r in (checked, created):
        assert r.status_code == 400 and "too complex to read: a key or table name has more than 8" in r.json()["error"]
    padded = PUZZLE + "#" * (MAX_POSITION - len(PUZZLE) - 1)  # the check takes what a table takes
    assert client.post("/api/games/posduel/positions/check", json={"text": padded}).status_code == 200


@pytest.mark.parametrize("game_id", games.ids())
def test_every_packaged_position_loads_and_is_offered_with_a_title(game_id):
    from pathlib import Path

    from glyphhall.server.lobby import practice_positions

    game = games.get(game_id)
    files = sorted(Path(games.__file__).parent.joinpath(game_id, "positions").glob("*.toml"))
    offered = practice_positions.packaged(game)
    assert [p.name for p in offered] == [f.stem for f in files]  # none left out for not loading
    assert all(p.title and p.title != p.name.replace("-", " ") for p in offered), "give each a title"


def test_a_move_the_positions_script_cannot_follow_is_refused_with_a_sentence(client):
    """hoarder.toml scripts seat 0's deck after the Hoarder takes the Wolf; taking another card
    would need another shuffle: that move is refused with a sentence and the table plays on."""
    r = client.post("/api/tables", json={"game": "inscription", "position_name": "hoarder", "seats": PEOPLE})
    table = r.json()
    tokens = [take(client, table["id"], 0, "ann"), take(client, table["id"], 1, "bob")]
    assert client.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]}).status_code == 200
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        hello(ws, tokens[0])
        _play(ws, ws, [(0, "play 1 3 sacrifice 1 2")])
        ws.send_json({"type": "act", "text": "take bullfrog", "ref": "no"})
        refused = receive(ws, "error")
        assert refused["ref"] == "no" and "this position scripts what the next shuffle" in refused["message"]
        assert _play(ws, ws, [(0, "take wolf")])["step"] == 2


def test_the_lobby_list_never_reads_a_positions_text(client, monkeypatch):
    """Each table's position (up to 300 KB) was parsed again on every lobby list and table
    message, and its title sent at any length: 11 such tables made a 3.5 MB, 1.3 s list."""
    from glyphhall.engine import toml_text

    long_title = PUZZLE.replace('title = "Last round"', f'title = "{"Long " * 19}"')
    big = long_title + "#" * (MAX_POSITION - len(long_title) - 1) + "\n"
    ids = [_create(client, position=big)["id"] for _ in range(3)]
    untitled = _create(client, position=PUZZLE.replace('title = "Last round"\n', ""))["id"]
    client.app.state.manager.tables.clear()  # as after a restart: only the store knows them
    reads = []
    monkeypatch.setattr(toml_text, "_scan", lambda *a: reads.append(a) or None)
    listed = client.get("/api/tables")
    assert reads == [] and len(listed.content) < 5000
    positions = {t["id"]: t["position"] for t in listed.json()["tables"]}
    assert all(positions[i] == {"title": ("Long " * 19).strip()} for i in ids) and positions[untitled] == {"title": None}
    assert client.get(f"/api/tables/{ids[0]}").json()["position"] == positions[ids[0]]
