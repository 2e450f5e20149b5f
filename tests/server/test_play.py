"""The websocket play protocol: views per seat, no leaks to other seats or spectators, refused
actions change nothing, sequence numbers and resync, chat, timers, bots."""

from __future__ import annotations

import json

import pytest

from glyphhall.engine import replay
from glyphhall.engine.record import MatchRecord
from glyphhall.store import Store

from .games import DUEL
from .helpers import closed_with, hello, new_table, receive, started_duel, take


def _truth(db_url: str, table_id: str):
    """The state rebuilt from what the store holds, independently of the server."""
    store = Store(db_url)
    try:
        info = store.table(table_id)
        record = MatchRecord(game="duel", seed=info.seed, players=["a", "b"], actions=store.actions(table_id))
        return replay(record, game=DUEL), store.actions(table_id)
    finally:
        store.close()


def _pong(ws) -> dict:
    ws.send_json({"type": "ping", "ref": "p"})
    return receive(ws, "pong")


def test_each_seat_gets_its_own_view_and_legal_actions(client, db_url):
    table_id, tokens = started_duel(client)
    truth, _ = _truth(db_url, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as ws1:
        s0, s1 = hello(ws0, tokens[0]), hello(ws1, tokens[1])
        assert s0["you"] == 0 and s1["you"] == 1
        assert s0["view"] == truth.view(0) and s1["view"] == truth.view(1)
        assert s0["legal"] == [str(a) for a in truth.legal_actions(0)]
        assert s0["moves"] == [a.to_dict() for a in truth.legal_actions(0)]  # data beside the texts
        assert s1["moves"] == [a.to_dict() for a in truth.legal_actions(1)]
        assert s0["view"]["hand"] != s1["view"]["hand"]


def test_spectators_and_other_seats_never_see_a_hidden_card(client, db_url):
    """A whole game, watched: the spectator's messages hold only view(None) and public events,
    and neither seat ever learns the other's hand or pick before the reveal."""
    table_id, tokens = started_duel(client)
    with (
        client.websocket_connect(f"/ws/{table_id}") as ws0,
        client.websocket_connect(f"/ws/{table_id}") as ws1,
        client.websocket_connect(f"/ws/{table_id}") as spy,
    ):
        hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        first = hello(spy, None)
        assert first["you"] is None and first["legal"] == first["moves"] == [] and first["view"]["hand"] is None
        seen: list[dict] = [first]
        mine = {0: [], 1: []}
        for _round in range(3):
            for seat, ws in ((0, ws0), (1, ws1)):
                state = _truth(db_url, table_id)[0]
                text = str(state.legal_actions(seat)[0])
                ws.send_json({"type": "act", "text": text})
                mine[seat].append(int(text.split()[1]))
                for w in (ws0, ws1):
                    receive(w, "update")
                seen.append(receive(spy, "update"))
                truth = _truth(db_url, table_id)[0]
                assert seen[-1]["view"] == truth.view(None)
                assert seen[-1]["legal"] == seen[-1]["moves"] == []
        assert seen[-1]["status"] == "finished"
        for msg in seen:
            text = json.dumps(msg)
            assert '"hand": [' not in text and "you pick" not in text, msg
            assert msg["view"]["my_choice"] is None


def test_a_seat_does_not_see_the_other_seats_pick(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as ws1:
        s0 = hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        pick = s0["legal"][0]
        ws0.send_json({"type": "act", "text": pick})
        mine = receive(ws0, "update")
        theirs = receive(ws1, "update")
        assert [e["text"] for e in mine["events"]] == [f"you pick {pick.split()[1]}"]
        assert [e["text"] for e in theirs["events"]] == ["ann picks a card"]  # worded with the seat's name
        assert theirs["view"]["my_choice"] is None and theirs["view"]["chosen"] == [True, False]


def test_illegal_and_out_of_turn_actions_are_refused_and_change_nothing(client, db_url):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as ws1:
        s0 = hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        not_mine = next(c for c in range(1, 10) if f"play {c}" not in s0["legal"])
        ws0.send_json({"type": "act", "text": f"play {not_mine}", "ref": 17})
        err = receive(ws0, "error")
        assert err["ref"] == 17 and f"'play {not_mine}' is not legal now" in err["message"]
        ws0.send_json({"type": "act", "text": "dance", "ref": 18})
        assert "not an action here; you can: play" in receive(ws0, "error")["message"]
        ws0.send_json({"type": "act", "text": 42})
        assert "text" in receive(ws0, "error")["message"]
        assert _truth(db_url, table_id)[1] == []
        ws0.send_json({"type": "act", "text": s0["legal"][0], "ref": 19})
        assert receive(ws0, "update")["ack"] == 19
        ws0.send_json({"type": "act", "text": s0["legal"][1]})
        assert "it is not your move: waiting for bob" in receive(ws0, "error")["message"]
        assert len(_truth(db_url, table_id)[1]) == 1
        # Seat 1 got exactly one update (the legal pick) and nothing for the refusals.
        assert receive(ws1, "update")["step"] == 1
        assert _pong(ws1)["type"] == "pong"


def test_bad_messages_get_clear_errors_and_the_socket_lives_on(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, tokens[0])
        ws.send_text("{not json")
        assert "JSON objects" in receive(ws, "error")["message"]
        ws.send_text("[1, 2]")
        assert "JSON objects" in receive(ws, "error")["message"]
        ws.send_json({"type": "shout"})
        assert "unknown message type 'shout'" in receive(ws, "error")["message"]
        ws.send_json({"type": "hello", "token": tokens[0]})
        assert "already connected" in receive(ws, "error")["message"]
        ws.send_json({"type": "chat", "text": "   "})
        assert "needs some text" in receive(ws, "error")["message"]
        ws.send_json({"type": "chat", "text": "x" * 501})
        assert "at most 500" in receive(ws, "error")["message"]
        assert _pong(ws)["ref"] == "p"


def test_refused_connections(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "act", "text": "play 1"})
        msg = ws.receive_json()
        assert msg["type"] == "error" and "first message must be" in msg["message"]
        closed_with(ws, 4400)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": "stolen-or-made-up"})
        assert "does not belong to this table" in ws.receive_json()["message"]
        closed_with(ws, 4403)
    with client.websocket_connect("/ws/nosuchtable") as ws:
        assert "no table" in ws.receive_json()["message"]


def test_a_token_from_another_table_does_not_work(client):
    table_a, tokens_a = started_duel(client)
    table_b, _ = started_duel(client)
    with client.websocket_connect(f"/ws/{table_b}") as ws:
        ws.send_json({"type": "hello", "token": tokens_a[0]})
        assert ws.receive_json()["type"] == "error"


def test_spectators_cannot_act(client, db_url):
    table_id, _ = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as spy:
        hello(spy, None)
        spy.send_json({"type": "act", "text": "play 1"})
        assert "spectators cannot act" in receive(spy, "error")["message"]
    assert _truth(db_url, table_id)[1] == []


def test_sequence_numbers_count_up_and_resync_gives_everything(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as ws1:
        first = hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        ws0.send_json({"type": "act", "text": first["legal"][0]})
        ws1.send_json({"type": "act", "text": hello_legal(ws1)})
        seqs = [first["seq"]]
        while True:
            msg = ws0.receive_json()
            seqs.append(msg["seq"])
            if msg["type"] == "update" and msg["step"] == 2:
                break
        assert seqs == list(range(1, len(seqs) + 1))
        ws0.send_json({"type": "resync"})
        full = receive(ws0, "state")
        assert full["seq"] == seqs[-1] + 1 and full["step"] == 2
        assert [e["text"] for e in full["log"]][:1] == [f"you pick {first['legal'][0].split()[1]}"]
        assert "cards revealed" in full["log"][-1]["text"]


def hello_legal(ws) -> str:
    """The first legal action of the seat behind `ws` (asks the server for its state)."""
    ws.send_json({"type": "resync"})
    return receive(ws, "state")["legal"][0]


def test_reconnect_in_the_middle_carries_on(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        s = hello(ws, tokens[0])
        ws.send_json({"type": "act", "text": s["legal"][0]})
        before = receive(ws, "update")
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        again = hello(ws, tokens[0])
        assert again["step"] == before["step"] == 1
        assert again["view"] == before["view"] and again["legal"] == []
        assert [e["text"] for e in again["log"]] == [e["text"] for e in before["events"]]


def test_actions_are_committed_before_they_are_broadcast(client, db_url):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        s = hello(ws, tokens[0])
        ws.send_json({"type": "act", "text": s["legal"][0]})
        receive(ws, "update")
        assert _truth(db_url, table_id)[1] == [(0, s["legal"][0])]


def test_chat_reaches_everyone_and_is_kept(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as spy:
        hello(ws0, tokens[0])
        hello(spy, None)
        ws0.send_json({"type": "chat", "text": "good luck"})
        first = [receive(ws, "chat")["line"] for ws in (ws0, spy)]
        # The second line is sent once the first is in: two lines sent at once may be stored in
        # either order (PostgreSQL commits them on different threads).
        spy.send_json({"type": "chat", "text": "go ann"})
        second = [receive(ws, "chat")["line"] for ws in (ws0, spy)]
        for lines in zip(first, second, strict=True):
            assert [(x["author"], x["text"]) for x in lines] == [("ann", "good luck"), ("spectator", "go ann")]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        assert [c["text"] for c in hello(ws, None)["chat"]] == ["good luck", "go ann"]


def test_a_turn_timer_plays_for_a_seat_that_runs_out_of_time(client):
    t = new_table(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}], turn_seconds=1)
    token = take(client, t["id"], 0)
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        hello(ws, token)
        client.post(f"/api/tables/{t['id']}/start", json={"token": token})
        started = receive(ws, "state")
        assert started["deadline"] is not None
        notice = receive(ws, "notice")
        assert notice["text"].endswith("ran out of time: a random move is played")
        steps = set()
        while len(steps) < 2:
            steps.add(receive(ws, "update")["step"])


@pytest.mark.slow
def test_bots_play_a_whole_game_in_worker_processes(client, db_url):
    t = new_table(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}])
    with client.websocket_connect(f"/ws/{t['id']}") as spy:
        hello(spy, None)
        assert client.post(f"/api/tables/{t['id']}/start", json={}).json()["status"] == "running"
        while True:
            msg = receive(spy, "update")
            if msg["status"] == "finished":
                break
    truth, actions = _truth(db_url, t["id"])
    assert truth.is_over() and len(actions) == 6 and msg["result"] == truth.returns()
    import os

    from glyphhall.server.tables import botpool

    assert botpool.choose_in_worker.__module__ == "glyphhall.server.tables.botpool"
    assert client.app.state.manager.bot_pool._pool is not None, "bots ran in the process pool"
    assert os.getpid() not in {p.pid for p in client.app.state.manager.bot_pool._pool._processes.values()}


def test_leaving_a_running_game_hands_the_seat_to_a_bot(client):
    table_id, tokens = started_duel(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0:
        hello(ws0, tokens[0])
        r = client.post(f"/api/tables/{table_id}/leave", json={"token": tokens[1]})
        assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "bot"
        legal = hello_legal(ws0)
        ws0.send_json({"type": "act", "text": legal})
        steps = set()
        while 2 not in steps:
            steps.add(receive(ws0, "update")["step"])


def test_a_bot_that_moves_several_times_in_a_row_plays_on(client, db_url):
    t = new_table(client, "race", seats=[{"kind": "bot", "bot": "random"}])
    with client.websocket_connect(f"/ws/{t['id']}") as spy:
        hello(spy, None)
        client.post(f"/api/tables/{t['id']}/start", json={})
        while receive(spy, "update")["status"] != "finished":
            pass
    assert client.get(f"/api/tables/{t['id']}").json()["step"] >= 3
