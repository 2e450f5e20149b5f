"""Undo at the table (BGA's policy): the `undo` message, its refusals, the record keeping the
move taken back, the table option, and a restart in the middle of a turn."""

from __future__ import annotations

from fastapi.testclient import TestClient

from glyphhall.server import create_app
from glyphhall.store import Store

from .games import GAMES
from .helpers import hello, new_table, receive, take


def _started(client, **extra) -> tuple[str, list[str]]:
    table = new_table(client, "turns", seed=4, **extra)
    tokens = [take(client, table["id"], 0, "ann"), take(client, table["id"], 1, "bob")]
    assert client.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]}).status_code == 200
    return table["id"], tokens


def _error(ws) -> str:
    return receive(ws, "error")["message"]


def _add_one_and_take_it_back(ws) -> None:
    ws.send_json({"type": "act", "text": "add 1"})
    receive(ws, "update")
    ws.send_json({"type": "undo"})
    receive(ws, "state")


def test_a_move_of_the_turn_is_taken_back_and_stays_in_the_record_as_undone(client, db_url):
    table_id, tokens = _started(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as spy:
        start = hello(ws0, tokens[0])
        hello(spy, None)
        assert start["undo"] == {"allowed": False, "reason": "there is nothing of your turn to take back"}
        ws0.send_json({"type": "act", "text": "add 1"})
        moved = receive(ws0, "update")
        assert moved["undo"] == {"allowed": True, "reason": None} and moved["view"]["totals"] == [1, 0]
        ws0.send_json({"type": "undo", "ref": "u1"})
        back = receive(ws0, "state")
        assert back["ack"] == "u1" and back["view"] == start["view"] and back["legal"] == start["legal"]
        assert back["step"] == 1  # the record keeps the move: the next one is step 2
        assert receive(ws0, "notice")["text"] == "ann took back a move"
        seen = receive(spy, "state")
        assert seen["view"]["totals"] == [0, 0] and seen["undo"] is None
        ws0.send_json({"type": "act", "text": "add 1"})
        assert receive(ws0, "update")["step"] == 2
    store = Store(db_url)
    try:
        assert store.record(table_id) == [(0, "add 1", True), (0, "add 1", False)]
        assert store.actions(table_id) == [(0, "add 1")]
    finally:
        store.close()


def test_undo_is_refused_with_the_reason_and_changes_nothing(client):
    table_id, tokens = _started(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0, client.websocket_connect(f"/ws/{table_id}") as ws1:
        hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        ws0.send_json({"type": "undo"})
        assert _error(ws0) == "cannot take that back: there is nothing of your turn to take back"
        ws0.send_json({"type": "act", "text": "roll"})
        rolled = receive(ws0, "update")
        assert rolled["undo"]["allowed"] is False and "die was rolled" in rolled["undo"]["reason"]
        ws0.send_json({"type": "undo"})
        assert "a die was rolled" in _error(ws0)
        ws0.send_json({"type": "act", "text": "add 1"})
        receive(ws0, "update")
        ws0.send_json({"type": "act", "text": "end"})
        receive(ws0, "update")
        ws0.send_json({"type": "undo"})
        assert _error(ws0) == "cannot take that back: there is nothing of your turn to take back"
        ws1.send_json({"type": "undo"})
        assert "nothing of your turn" in _error(ws1)
        ws0.send_json({"type": "resync"})
        assert receive(ws0, "state")["step"] == 3


def test_spectators_cannot_undo(client):
    table_id, _ = _started(client)
    with client.websocket_connect(f"/ws/{table_id}") as spy:
        hello(spy, None)
        spy.send_json({"type": "undo"})
        assert _error(spy) == "spectators have no moves to take back"


def test_the_table_option_turns_undo_off(client):
    table_id, tokens = _started(client, undo=False)
    assert client.get(f"/api/tables/{table_id}").json()["undo"] is False
    with client.websocket_connect(f"/ws/{table_id}") as ws0:
        hello(ws0, tokens[0])
        ws0.send_json({"type": "act", "text": "add 1"})
        assert receive(ws0, "update")["undo"] == {"allowed": False, "reason": "undo is off at this table"}
        ws0.send_json({"type": "undo"})
        assert _error(ws0) == "undo is off at this table"


def test_a_restart_keeps_the_turn_in_progress_and_what_was_taken_back(db_url):
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        table_id, tokens = _started(c)
        with c.websocket_connect(f"/ws/{table_id}") as ws0:
            hello(ws0, tokens[0])
            for text in ("add 1", "add 1"):
                ws0.send_json({"type": "act", "text": text})
                receive(ws0, "update")
            ws0.send_json({"type": "undo"})
            receive(ws0, "state")
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c, c.websocket_connect(f"/ws/{table_id}") as ws0:
        again = hello(ws0, tokens[0])
        assert again["view"]["totals"] == [1, 0] and again["step"] == 2
        assert again["undo"] == {"allowed": True, "reason": None}
        ws0.send_json({"type": "undo"})
        assert receive(ws0, "state")["view"]["totals"] == [0, 0]


def test_the_finished_games_record_keeps_the_move_taken_back(client):
    from glyphhall.engine import MatchRecord, replay

    from .games import TURNS

    table_id, tokens = _started(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0:
        hello(ws0, tokens[0])
        _add_one_and_take_it_back(ws0)
        for _ in range(10):
            ws0.send_json({"type": "act", "text": "add 1"})
            last = receive(ws0, "update")
        assert last["status"] == "finished"
    data = client.get(f"/api/tables/{table_id}/record").json()
    assert data["format"] == "glyphhall-match/2" and data["undone"] == [0] and len(data["actions"]) == 11
    assert replay(MatchRecord.from_dict(data), game=TURNS).totals == [10, 0]


def test_rated_games_never_have_undo_whatever_the_table_option():

    from glyphhall.server.tables.undo_policy import OFF_AT_TABLE, OFF_RATED, off_reason

    assert off_reason(rated=True, undo_option=True) == OFF_RATED
    assert off_reason(rated=False, undo_option=False) == OFF_AT_TABLE
    assert off_reason(rated=False, undo_option=True) is None


def test_a_match_that_will_be_rated_has_no_undo_while_it_is_played():
    """`gh_tables.rated` is set only once a match has been rated, so a live table asks whether
    its match counts (every seat a registered person or a bot, not practice) each time."""
    from types import SimpleNamespace

    from glyphhall.server.tables.live import LiveTable
    from glyphhall.server.tables.undo_policy import OFF_RATED

    def seat(user_id):
        return SimpleNamespace(kind="person", bot=None, user_id=user_id)

    def undo_off(seats, practice=False):
        return LiveTable.undo_off.fget(SimpleNamespace(seats=seats, practice=practice, undo_option=True))

    assert undo_off([seat(1), seat(2)]) == OFF_RATED
    assert undo_off([seat(1), SimpleNamespace(kind="bot", bot="mcts", user_id=None)]) == OFF_RATED
    assert undo_off([seat(1), seat(None)]) is None  # a guest: not rated
    assert undo_off([seat(1), seat(2)], practice=True) is None


def test_the_turn_timers_move_for_a_person_is_final(client):
    table = new_table(client, "turns", seed=1, turn_seconds=1)
    tokens = [take(client, table["id"], 0, "ann"), take(client, table["id"], 1, "bob")]
    with client.websocket_connect(f"/ws/{table['id']}") as ws0:
        hello(ws0, tokens[0])
        client.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]})
        assert receive(ws0, "notice")["text"].endswith("ran out of time: a random move is played")
        timed = receive(ws0, "update")
        assert timed["view"]["totals"] == [1, 0]  # this seed's random move adds 1: undoable if ann had made it
        assert timed["undo"] == {"allowed": False, "reason": "this move is final"}
        ws0.send_json({"type": "undo"})
        assert _error(ws0) == "cannot take that back: this move is final"


def test_after_a_take_back_the_log_numbers_moves_by_their_step_in_the_record(client):
    """Updates number a move by its step in the record; the full state's log does the same, so
    a page can tell the last move's lines after a take-back and a reload."""
    table_id, tokens = _started(client)
    with client.websocket_connect(f"/ws/{table_id}") as ws0:
        hello(ws0, tokens[0])
        _add_one_and_take_it_back(ws0)
        ws0.send_json({"type": "act", "text": "add 1"})
        last = receive(ws0, "update")
        assert last["step"] == 2 and last["events"][0]["text"] == "ann adds 1"
        ws0.send_json({"type": "resync"})
        again = receive(ws0, "state")
        assert again["step"] == 2 and [e["step"] for e in again["log"]] == [2]
