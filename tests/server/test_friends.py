"""Friends, blocks and invitations by name: a request is accepted by the other person; friends
see each other online; an invitation shows on the invitee's My games, sets off their alert and
is e-mailed; a blocked person can neither ask nor invite, and their chat no longer arrives."""

from __future__ import annotations

from .email_hall import confirmed, person
from .helpers import hello, receive
from .mailbox import body


def _open_table(p) -> tuple[str, str]:
    r = p.post("/api/tables", json={"game": "duel", "seats": [{"kind": "person"}, {"kind": "person"}]})
    table_id = r.json()["id"]
    return table_id, p.post(f"/api/tables/{table_id}/seats/0", json={"name": "x"}).json()["token"]


def test_friends_ask_accept_and_see_each_other_online(mail_hall):
    ann, bob, _cat = person(mail_hall, "ann"), person(mail_hall, "Bob"), person(mail_hall, "bobcat")
    found = ann.get("/api/people?q=BO").json()["people"]
    assert [p["name"] for p in found] == ["Bob", "bobcat"]
    assert ann.get("/api/people?q=%25").json()["people"] == []  # a wildcard is only a character
    assert ann.post("/api/friends/bob").json() == {"name": "Bob", "state": "asked"}
    assert [(f["name"], f["state"]) for f in bob.get("/api/friends").json()["friends"]] == [("ann", "asks")]
    assert ann.post("/api/friends/bob/accept").status_code == 404  # only the asked person accepts
    assert bob.post("/api/friends/ann/accept").json()["state"] == "friends"
    mine = ann.get("/api/friends").json()["friends"]
    assert mine == [{"name": "Bob", "state": "friends", "profile": "/u/Bob", "online": False}]
    bob.post("/api/turns", json={"focused": False})  # any open page polls
    assert ann.get("/api/friends").json()["friends"][0]["online"] is True
    assert ann.post("/api/friends/nobody").status_code == 404
    assert ann.post("/api/friends/ann").json()["error"] == "that is you"
    assert mail_hall.get("/api/friends").status_code == 401  # a guest has no friends list


def test_an_invitation_by_name_reaches_my_games_the_alert_and_the_mailbox(mail_hall, mailbox):
    ann, bob = person(mail_hall, "ann"), confirmed(mail_hall, mailbox, "bob")
    table_id, _ = _open_table(ann)
    assert bob.post(f"/api/tables/{table_id}/invite", json={"name": "ann"}).status_code == 403  # not seated there
    r = ann.post(f"/api/tables/{table_id}/invite", json={"name": "bob"})
    assert r.json() == {"invited": "bob", "seat": 1}
    invites = bob.get("/api/me/games").json()["invitations"]
    assert [(i["from"], i["game_name"], i["link"]) for i in invites] == [("ann", "Duel", f"/t/{table_id}")]
    waiting = bob.post("/api/turns", json={}).json()["waiting"]
    assert waiting == [{"table": table_id, "game_name": "Duel", "link": f"/t/{table_id}", "invitation": "ann"}]
    msg = mailbox.wait_subject("bob@example.org", "ann invites you")
    assert f"http://hall.test/t/{table_id}" in body(msg)
    assert ann.post(f"/api/tables/{table_id}/invite", json={"name": "carl"}).status_code == 404
    bob.post(f"/api/tables/{table_id}/seats/1", json={"name": "x"})  # he takes the seat: the invitation is done
    assert bob.get("/api/me/games").json()["invitations"] == []
    assert ann.post(f"/api/tables/{table_id}/invite", json={"name": "bob"}).json()["error"] == "bob sits at this table already"


def test_a_blocked_person_cannot_ask_invite_or_chat(mail_hall):
    ann, bob = person(mail_hall, "ann"), person(mail_hall, "bob")
    ann.post("/api/friends/bob")
    assert bob.post("/api/blocks/ann").json() == {"name": "ann", "blocked": True}
    assert bob.get("/api/friends").json()["friends"] == []  # the request went with the block
    assert bob.get("/api/friends").json()["blocked"] == [{"name": "ann"}]
    r = ann.post("/api/friends/bob")
    assert r.status_code == 403 and "does not take friend requests" in r.json()["error"]
    table_id, tok_a = _open_table(ann)
    r = ann.post(f"/api/tables/{table_id}/invite", json={"name": "bob"})
    assert r.status_code == 403 and bob.get("/api/me/games").json()["invitations"] == []
    tok_b = bob.post(f"/api/tables/{table_id}/seats/1", json={"name": "x"}).json()["token"]
    with ann.websocket_connect(f"/ws/{table_id}") as ws_a, bob.websocket_connect(f"/ws/{table_id}") as ws_b:
        hello(ws_a, tok_a)
        hello(ws_b, tok_b)
        ws_a.send_json({"type": "chat", "text": "let me in"})
        assert receive(ws_a, "chat")["line"]["text"] == "let me in"
        ws_b.send_json({"type": "chat", "text": "hello all"})
        assert receive(ws_b, "chat")["line"]["text"] == "hello all"  # ann's line never came first
        assert receive(ws_a, "chat")["line"]["text"] == "hello all"  # ann still reads bob
    with bob.websocket_connect(f"/ws/{table_id}") as ws_b:
        assert [c["text"] for c in hello(ws_b, tok_b)["chat"]] == ["hello all"]
    assert bob.request("DELETE", "/api/blocks/ann").json()["blocked"] is False
    with bob.websocket_connect(f"/ws/{table_id}") as ws_b:
        assert [c["text"] for c in hello(ws_b, tok_b)["chat"]] == ["let me in", "hello all"]
