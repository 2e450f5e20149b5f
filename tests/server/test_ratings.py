"""OpenSkill ratings: 2-player, 4-player by finishing order, teams, bots as ladder entries; which
matches are rated; the store rates a match once; a rated duel through the server changes both
ratings, the leaderboard and both profiles."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from glyphhall.server.tables import skill_ratings
from glyphhall.store import Store

from .browsers import Browser
from .helpers import hello, new_table, receive

PASSWORD = "correct horse battery"
D = skill_ratings.DEFAULT


def _state(players: int, **extra):
    return SimpleNamespace(num_players=players, **extra)


def test_two_players_the_winner_goes_up_the_loser_down():
    new = skill_ratings.new_skills(["user:1", "user:2"], [[0], [1]], [1, 2], {"user:1": D, "user:2": D})
    assert new["user:1"][0] > D[0] > new["user:2"][0]
    assert new["user:1"][1] < D[1] and new["user:2"][1] < D[1], "both are known better after a match"


def test_a_draw_moves_nobody_between_equals():
    new = skill_ratings.new_skills(["user:1", "user:2"], [[0], [1]], [1, 1], {"user:1": D, "user:2": D})
    assert new["user:1"][0] == pytest.approx(D[0]) and new["user:2"][0] == pytest.approx(D[0])


def test_four_players_rate_by_finishing_order():
    entries = [f"user:{i}" for i in range(4)]
    state = _state(4, placings=lambda: [2, 4, 1, 3])
    teams = skill_ratings.teams_of(state)
    ranks = skill_ratings.places(state, teams, [0, 0, 1, 0])
    assert ranks == [2, 4, 1, 3]
    new = skill_ratings.new_skills(entries, teams, ranks, dict.fromkeys(entries, D))
    order = sorted(entries, key=lambda e: -new[e][0])
    assert order == ["user:2", "user:0", "user:3", "user:1"]


def test_without_placings_the_returns_give_the_order_and_ties_share_a_place():
    state = _state(4)
    teams = skill_ratings.teams_of(state)
    assert skill_ratings.places(state, teams, [0.0, 1.0, 0.0, 0.0]) == [2, 1, 2, 2]
    new = skill_ratings.new_skills(["a", "b", "c", "d"], teams, [2, 1, 2, 2], dict.fromkeys("abcd", D))
    assert new["b"][0] > D[0] and new["a"][0] < D[0]
    assert new["a"][0] == pytest.approx(new["c"][0])


def test_teams_rate_as_teams():
    tundrus = _state(4, tribe_seats=((0, 2), (1, 3)))
    assert skill_ratings.teams_of(tundrus) == [[0, 2], [1, 3]]
    heroscape = _state(4, team=[0, 1, 0, 1])
    assert skill_ratings.teams_of(heroscape) == [[0, 2], [1, 3]]
    entries = ["user:1", "user:2", "user:3", "bot:heuristic"]
    ranks = skill_ratings.places(heroscape, [[0, 2], [1, 3]], [1.0, 0.0, 1.0, 0.0])
    assert ranks == [1, 2]
    new = skill_ratings.new_skills(entries, [[0, 2], [1, 3]], ranks, dict.fromkeys(entries, D))
    assert new["user:1"][0] > D[0] and new["user:3"][0] > D[0]
    assert new["user:2"][0] < D[0] and new["bot:heuristic"][0] < D[0]
    # A stronger teammate gains less from the same win than a weaker one.
    before = {**dict.fromkeys(entries, D), "user:1": (35.0, 4.0)}
    new = skill_ratings.new_skills(entries, [[0, 2], [1, 3]], ranks, before)
    assert new["user:1"][0] - 35.0 < new["user:3"][0] - D[0]


def test_bots_are_ladder_entries_and_one_level_at_two_seats_is_rated_once():
    assert skill_ratings.entry_of("bot", "mcts-hard", None) == "bot:mcts-hard"
    assert skill_ratings.entry_of("person", None, 7) == "user:7"
    assert skill_ratings.entry_of("person", None, None) is None
    entries = ["user:1", "bot:heuristic", "bot:heuristic"]
    new = skill_ratings.new_skills(entries, [[0], [1], [2]], [1, 2, 3], dict.fromkeys(entries, D))
    assert set(new) == {"user:1", "bot:heuristic"} and new["user:1"][0] > D[0] > new["bot:heuristic"][0]


def test_which_matches_are_rated():
    assert skill_ratings.rated_entries(["user:1", "bot:random"], practice=False) == ["user:1", "bot:random"]
    assert skill_ratings.rated_entries(["user:1", None], practice=False) is None, "a guest at the table"
    assert skill_ratings.rated_entries(["user:1", "user:2"], practice=True) is None, "the seed was chosen"
    assert skill_ratings.rated_entries(["user:1", "user:1"], practice=False) is None, "somebody played themselves"
    assert skill_ratings.rated_entries(["bot:random", "bot:random"], practice=False) is None


def test_the_store_rates_a_match_once(store: Store):
    store.create_table("t1", "duel", "1", {}, 1, [("person", None, None), ("bot", "random", None)])
    entries = ["user:1", "bot:random"]

    def compute(before):
        return skill_ratings.new_skills(entries, [[0], [1]], [1, 2], before)

    assert store.rate_match("t1", "duel", entries, D, compute) is None, "not finished yet"
    store.finish("t1", [1.0, 0.0])
    first = store.rate_match("t1", "duel", entries, D, compute)
    assert first is not None and store.rate_match("t1", "duel", entries, D, compute) is None
    board = store.leaderboard("duel")
    assert [r.entry for r in board] == ["user:1", "bot:random"] and board[0].matches == 1
    assert store.table("t1").rated
    assert [c.table_id for c in store.rating_changes("user:1")] == ["t1"]


def _sign_up(client: Browser, name: str) -> None:
    assert client.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201


def _play_to_the_end(clients: list[Browser], table_id: str, guest_token: bool = False) -> dict:
    with clients[0].websocket_connect(f"/ws/{table_id}") as ws0, clients[1].websocket_connect(f"/ws/{table_id}") as ws1:
        states = [hello(ws0, None), hello(ws1, clients[1].token if guest_token else None)]
        assert [s["you"] for s in states] == [0, 1]
        legal = [states[0]["legal"], states[1]["legal"]]
        last: dict = {}
        for _ in range(3):  # the duel: three rounds, both choose each round
            for i, ws in enumerate((ws0, ws1)):
                ws.send_json({"type": "act", "text": legal[i][-1], "ref": 1})  # the highest card
                last = receive(ws, "update")
                while last.get("ack") is None:
                    last = receive(ws, "update")
            for i, ws in enumerate((ws0, ws1)):
                ws.send_json({"type": "resync"})
                st = receive(ws, "state")
                legal[i] = st["legal"]
        assert st["table"]["status"] == "finished"
        return st


def test_a_rated_duel_changes_both_ratings_the_leaderboard_and_both_profiles(client):
    ann, bob = Browser(client), Browser(client)
    _sign_up(ann, "ann")
    _sign_up(bob, "bob")
    table = new_table(ann)
    assert ann.post(f"/api/tables/{table['id']}/seats/0", json={"name": "x"}).status_code == 200
    assert bob.post(f"/api/tables/{table['id']}/seats/1", json={"name": "x"}).status_code == 200
    assert ann.post(f"/api/tables/{table['id']}/start", json={}).status_code == 200
    final = _play_to_the_end([ann, bob], table["id"])
    result = final["table"]["result"]
    board = ann.get("/api/leaderboard/duel").json()["entries"]
    assert {e["name"] for e in board} == {"ann", "bob"} and all(e["matches"] == 1 for e in board)
    for who, seat in (("ann", 0), ("bob", 1)):
        prof = ann.get(f"/api/users/{who}").json()
        line = prof["games"][0]
        assert line["game"] == "duel" and line["played"] == 1 and line["rated_matches"] == 1
        assert len(line["history"]) == 1
        recent = prof["recent"][0]
        assert recent["id"] == table["id"] and recent["replay"] == f"/r/{table['id']}" and recent["rated"]
        assert recent["result"] and "seat" not in recent["result"].lower()
        expected = "draw" if result[0] == result[1] else ("win" if result[seat] == max(result) else "loss")
        assert recent["outcome"] == expected
        assert ann.get(recent["replay"]).status_code == 200
    assert ann.get(f"/api/tables/{table['id']}/record").status_code == 200
    mine = bob.get("/api/me/games").json()["tables"]
    assert [t["id"] for t in mine] == [table["id"]] and mine[0]["status"] == "finished"


def test_a_match_with_a_guest_is_not_rated_and_guests_have_no_profile(client):
    client, guest = Browser(client), Browser(client)
    _sign_up(client, "ann")
    table = new_table(client)
    client.post(f"/api/tables/{table['id']}/seats/0", json={"name": "x"})
    guest.token = guest.post(f"/api/tables/{table['id']}/seats/1", json={"name": "gus"}).json()["token"]
    client.post(f"/api/tables/{table['id']}/start", json={})
    final = _play_to_the_end([client, guest], table["id"], guest_token=True)
    assert final["table"]["status"] == "finished" and final["table"]["seats"][1]["guest"]
    assert client.get("/api/leaderboard/duel").json()["entries"] == []
    assert not client.get("/api/users/ann").json()["recent"][0]["rated"]
    assert client.get("/api/users/gus").status_code == 404


def test_my_games_and_turns(client):
    client = Browser(client)
    _sign_up(client, "ann")
    assert Browser(client.client).get("/api/me/games").status_code == 401
    table = new_table(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    client.post(f"/api/tables/{table['id']}/seats/0", json={"name": "x"})
    open_line = client.get("/api/me/games").json()["tables"][0]
    assert open_line["status"] == "open" and not open_line["your_turn"]
    client.post(f"/api/tables/{table['id']}/start", json={})
    line = client.get("/api/me/games").json()["tables"][0]
    assert line["status"] == "running" and line["your_turn"] and "ann" in line["to_move"]
    waiting = client.post("/api/turns", json={"seats": []}).json()["waiting"]
    assert [w["table"] for w in waiting] == [table["id"]]
    # A guest asks with the tokens its browser keeps.
    guest = Browser(client.client)
    t2 = new_table(guest, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    token = guest.post(f"/api/tables/{t2['id']}/seats/0", json={"name": "gus"}).json()["token"]
    guest.post(f"/api/tables/{t2['id']}/start", json={"token": token})
    got = guest.post("/api/turns", json={"seats": [{"table": t2["id"], "token": token}, {"table": "nope", "token": "x"}]})
    assert [w["table"] for w in got.json()["waiting"]] == [t2["id"]]
    assert guest.post("/api/turns", json={"seats": "bad"}).status_code == 400


def test_a_practice_table_is_never_rated(client):
    ann, bob = Browser(client), Browser(client)
    _sign_up(ann, "ann")
    _sign_up(bob, "bob")
    table = new_table(ann, practice=True, seed=3)
    ann.post(f"/api/tables/{table['id']}/seats/0", json={"name": "x"})
    bob.post(f"/api/tables/{table['id']}/seats/1", json={"name": "x"})
    ann.post(f"/api/tables/{table['id']}/start", json={})
    assert _play_to_the_end([ann, bob], table["id"])["table"]["status"] == "finished"
    assert ann.get("/api/leaderboard/duel").json()["entries"] == []
    assert not ann.get("/api/users/ann").json()["recent"][0]["rated"]
