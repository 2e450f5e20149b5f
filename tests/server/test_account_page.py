"""The account page's routes, behind the password: the name's capitals, the export of everything
held about a person, deleting the account (games kept under "deleted player", sessions ended,
the address gone)."""

from __future__ import annotations

from glyphhall.store import Store

from .email_hall import PASSWORD, confirmed, duel, move, person
from .helpers import hello, receive


def _finished_duel(ann, bob) -> str:
    table_id, (tok_a, tok_b) = duel([ann, bob])
    with ann.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, tok_a)
        ws.send_json({"type": "chat", "text": "good luck"})
        receive(ws, "chat")
    for _ in range(3):
        move(ann, table_id, tok_a)
        move(bob, table_id, tok_b)
    return table_id


def test_the_name_changes_only_its_capitals(mail_hall):
    ann = person(mail_hall, "ann")
    assert ann.post("/api/account/name", json={"name": "Ann", "password": "wrong password"}).status_code == 403
    r = ann.post("/api/account/name", json={"name": "Anna", "password": PASSWORD})
    assert r.status_code == 400 and "only the capital letters" in r.json()["error"]
    assert ann.post("/api/account/name", json={"name": "Ann", "password": PASSWORD}).json() == {"name": "Ann"}
    assert ann.get("/api/account").json()["user"]["name"] == "Ann"


def test_export_holds_profile_games_ratings_and_chat(mail_hall, mailbox):
    ann, bob = confirmed(mail_hall, mailbox, "ann"), person(mail_hall, "bob")
    ann.post("/api/friends/bob")
    table_id = _finished_duel(ann, bob)
    against_computer = ann.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"},
                                                                            {"kind": "bot", "bot": "mcts"}]}).json()["id"]
    assert ann.post(f"/api/tables/{against_computer}/seats/0", json={"name": "ignored"}).status_code == 200
    assert ann.post("/api/account/export", json={"password": "not it"}).status_code == 403
    r = ann.post("/api/account/export", json={"password": PASSWORD})
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    data = r.json()
    assert data["profile"]["name"] == "ann" and data["profile"]["email"] == "ann@example.org"
    assert data["friends"] == [{"name": "bob", "state": "asked"}]
    game, computer_game = sorted(data["games"], key=lambda g: g["table"] != table_id)
    assert computer_game["players"] == ["ann", "Hard computer"]  # named as the table names it, not by its settings
    assert game["table"] == table_id and game["my_seats"] == [0] and len(game["moves"]) == 6
    assert [c["text"] for c in data["chat"]] == ["good luck"]
    assert {r["game"] for r in data["ratings"]} == {"duel"} and len(data["rating_changes"]) == 1


def test_deleting_keeps_the_games_under_deleted_player(mail_hall, mailbox, db_url):
    ann, bob = confirmed(mail_hall, mailbox, "ann"), person(mail_hall, "bob")
    table_id = _finished_duel(ann, bob)
    running, _ = duel([ann, bob])
    r = ann.post("/api/account/delete", json={"password": PASSWORD, "confirm": "someone"})
    assert r.status_code == 400 and "type your name" in r.json()["error"]
    assert ann.post("/api/account/delete", json={"password": "wrong", "confirm": "ann"}).status_code == 403
    assert ann.post("/api/account/delete", json={"password": PASSWORD, "confirm": "ann"}).json() == {"deleted": "ann"}
    assert ann.get("/api/account").json()["user"] is None
    assert mail_hall.get("/api/users/ann").status_code == 404
    recent = bob.get("/api/users/bob").json()["recent"]
    assert [m["seats"] for m in recent if m["id"] == table_id] == [["deleted player", "bob"]]
    seats = mail_hall.get(f"/api/tables/{running}").json()["seats"]
    assert seats[0]["kind"] == "bot" and seats[1]["name"] == "bob"  # the running game goes on
    store = Store(db_url)
    try:
        assert store.user_id_with_email("ann@example.org") is None
        assert [c.author for c in store.chat(table_id)] == ["deleted player"]
        assert store.ratings_of("user:1") == []
    finally:
        store.close()
    assert mail_hall.post("/api/account/signin", json={"name": "ann", "password": PASSWORD}).status_code == 401
