"""Lobby REST routes: games, creating tables with options and seats, tokens, start, leave, lists."""

from __future__ import annotations

from .helpers import new_table, take


def test_games_list_options_and_bots(client):
    data = client.get("/api/games").json()
    games = {g["id"]: g for g in data["games"]}
    assert set(games) == {"duel", "optduel", "race", "turns"}
    colour = games["optduel"]["options"][0]
    assert colour == {"name": "colour", "type": "str", "default": "red", "help": "colour of the table", "choices": ["red", "green"]}
    assert data["bots"][:5] == ["beginner", "easy", "medium", "hard", "expert"] and data["default_bot"] == "hard"
    assert data["default_bots"] == {g: "hard" for g in games}  # (Glyfts', Medium: tests/bots/test_player_levels.py)
    assert [lv["label"] for lv in data["levels"]][:2] == ["Beginner computer", "Easy computer"]


def test_openapi_document_is_served(client):
    doc = client.get("/openapi.json").json()
    assert "/api/tables" in doc["paths"] and "/api/tables/{table_id}/start" in doc["paths"]
    assert client.get("/docs").status_code == 200


def test_pages_and_static_client_are_served(client):
    assert "Glyph Hall" in client.get("/").text
    assert "table.js" in client.get("/t/anything").text
    assert client.get("/static/js/lobby.js").headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert client.get("/static/games/generic.js").status_code == 200


def test_create_table_with_options(client):
    t = new_table(client, "optduel", options={"colour": "green", "stakes": "3"})
    assert t["options"] == {"colour": "green", "stakes": 3}
    assert t["status"] == "open" and t["invite"] == f"/t/{t['id']}"
    assert client.get(f"/api/tables/{t['id']}").json()["options"] == {"colour": "green", "stakes": 3}


def test_bad_options_are_a_clear_400_and_create_nothing(client):
    cases = [
        ({"game": "optduel", "options": {"colour": "blue"}, "seats": [{"kind": "person"}] * 2}, "colour' must be one of red, green"),
        ({"game": "optduel", "options": {"stakes": 9}, "seats": [{"kind": "person"}] * 2}, "at most 5"),
        ({"game": "optduel", "options": {"speed": 1}, "seats": [{"kind": "person"}] * 2}, "unknown option 'speed'"),
        ({"game": "chess", "seats": [{"kind": "person"}] * 2}, "no game 'chess'"),
        ({"game": "duel", "seats": [{"kind": "person"}] * 3}, "Duel is for 2 players, not 3"),
        ({"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "genius"}]}, "there is no computer level 'genius'"),
        ({"game": "duel", "seats": [{"kind": "alien"}, {"kind": "person"}]}, "seats.0.kind"),
        ({"game": "duel"}, "seats: Field required"),
    ]
    for body, words in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400, (body, r.text)
        assert words in r.json()["error"], (words, r.json())
    r = client.post("/api/tables", content=b"not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "error" in r.json()
    assert client.get("/api/tables").json()["tables"] == []


def test_take_seat_gives_a_secret_token_once(client):
    t = new_table(client)
    r = client.post(f"/api/tables/{t['id']}/seats/0", json={"name": "ann"})
    assert r.status_code == 200 and len(r.json()["token"]) >= 24
    again = client.post(f"/api/tables/{t['id']}/seats/0", json={"name": "bob"})
    assert again.status_code == 409 and "already taken" in again.json()["error"]
    assert client.post(f"/api/tables/{t['id']}/seats/5", json={"name": "bob"}).status_code == 404
    assert client.post(f"/api/tables/{t['id']}/seats/1", json={"name": ""}).status_code == 400
    info = client.get(f"/api/tables/{t['id']}").json()
    assert info["seats"][0]["name"] == "ann" and info["seats"][0]["taken"]
    assert "token" not in str(info), "tokens never appear in public information"


def test_bot_seat_cannot_be_taken(client):
    t = new_table(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    r = client.post(f"/api/tables/{t['id']}/seats/1", json={"name": "bob"})
    assert r.status_code == 409 and "bot" in r.json()["error"]


def test_start_needs_a_seated_person_and_every_seat_taken(client):
    t = new_table(client)
    ann = take(client, t["id"], 0)
    r = client.post(f"/api/tables/{t['id']}/start", json={"token": ann})
    assert r.status_code == 409 and "1 seat is still free" in r.json()["error"]
    bob = take(client, t["id"], 1, "bob")
    r = client.post(f"/api/tables/{t['id']}/start", json={})
    assert r.status_code == 403 and "seat token" in r.json()["error"]
    r = client.post(f"/api/tables/{t['id']}/start", json={"token": "forged"})
    assert r.status_code == 403
    assert client.get(f"/api/tables/{t['id']}").json()["status"] == "open"
    r = client.post(f"/api/tables/{t['id']}/start", json={"token": bob})
    assert r.status_code == 200 and r.json()["status"] == "running"
    assert client.post(f"/api/tables/{t['id']}/start", json={"token": bob}).status_code == 409
    late = client.post(f"/api/tables/{t['id']}/seats/0", json={"name": "eve"})
    assert late.status_code == 409


def test_leave_an_open_table_frees_the_seat(client):
    t = new_table(client)
    ann = take(client, t["id"], 0)
    assert client.post(f"/api/tables/{t['id']}/leave", json={"token": "forged"}).status_code == 403
    r = client.post(f"/api/tables/{t['id']}/leave", json={"token": ann})
    assert r.status_code == 200 and not r.json()["seats"][0]["taken"]
    take(client, t["id"], 0, "bob")


def test_list_open_running_and_finished(client):
    a = new_table(client)
    b = new_table(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    listed = client.get("/api/tables").json()["tables"]
    assert {x["id"] for x in listed} == {a["id"], b["id"]}
    assert client.get("/api/tables?status=finished").json()["tables"] == []
    r = client.get("/api/tables?status=lost")
    assert r.status_code == 400 and "open, running or finished" in r.json()["error"]
    assert client.get("/api/tables/nope").status_code == 404
