"""The engine's shared checks, on the toy game (tests/engine/toy.py)."""

import json

import pytest

from glyphhall.engine import (
    Action,
    Event,
    IllegalAction,
    LoadError,
    MatchRecord,
    OptionError,
    filter_events,
    replay,
)

from .toy import GAME


def test_player_count_and_options_are_checked():
    with pytest.raises(OptionError, match="for 2 players, not 3"):
        GAME.new(3, 0)
    with pytest.raises(OptionError, match="unknown option"):
        GAME.new(2, 0, {"speed": 1})


def test_simultaneous_choices_stay_secret_until_revealed():
    state = GAME.new(2, 5)
    assert state.to_move() == (0, 1)
    card = state.legal_actions(0)[0]
    events = state.apply(0, card)
    assert state.to_move() == (1,)
    mine = [e.text for e in filter_events(events, 0)]
    theirs = [e.text for e in filter_events(events, 1)]
    public = [e.text for e in filter_events(events, None)]
    assert mine == [f"you pick {card.args[0]}"]
    assert theirs == public == ["seat 0 picks a card"]
    assert str(card.args[0]) not in json.dumps(state.view(1))


def test_illegal_action_messages_say_why():
    state = GAME.new(2, 5)
    with pytest.raises(IllegalAction, match="no seat 7"):
        state.apply(7, state.legal_actions(0)[0])
    with pytest.raises(IllegalAction, match="not an action here; you can: play"):
        state.apply_text(0, "fly away")
    with pytest.raises(IllegalAction, match="'play' can be"):
        state.apply_text(0, "play 99")
    state.apply(0, state.legal_actions(0)[0])
    with pytest.raises(IllegalAction, match="not seat 0's move"):
        state.apply(0, state.legal_actions(1)[0])


def test_action_text_is_normalized():
    state = GAME.new(2, 5)
    action = state.legal_actions(0)[0]
    assert GAME.parse_action(state, 0, "  PLAY   " + str(action.args[0]) + " ") == action
    assert str(Action("bell")) == "bell" and str(Action("play", (1, "x"))) == "play 1 x"


def test_secret_events_reach_only_their_seat():
    full, public = Event.secret(1, "you draw Wolf", "seat 1 draws a card")
    assert full.visible_to(1) and not full.visible_to(0) and not full.visible_to(None)
    assert public.visible_to(0) and public.visible_to(None) and not public.visible_to(1)


def test_record_replays_and_bad_records_are_clear(tmp_path):
    state = GAME.new(2, 9)
    record = MatchRecord.start(GAME, state, ["ann", "bob"])
    while not state.is_over():
        seat = state.to_move()[0]
        text = str(state.legal_actions(seat)[-1])
        state.apply_text(seat, text)
        record.add(seat, text)
    record.finish(state)
    again = replay(MatchRecord.read(record.save(tmp_path / "m.json")), game=GAME)
    assert again == state
    assert replay(record, upto=1, game=GAME).round == 0

    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(LoadError, match="not JSON"):
        MatchRecord.read(tmp_path / "bad.json")
    with pytest.raises(LoadError, match="not a Glyph Hall match record"):
        MatchRecord.from_dict({"format": "other"})
    broken = record.to_dict() | {"actions": [[0, "play 99"]]}
    with pytest.raises(LoadError, match="step 1"):
        replay(MatchRecord.from_dict(broken), game=GAME)
    with pytest.raises(LoadError, match="not"):
        replay(MatchRecord.from_dict(record.to_dict() | {"game": "chess"}), game=GAME)


def test_load_rejects_other_games_and_versions():
    data = GAME.new(2, 1).to_dict()
    with pytest.raises(LoadError, match="for game 'chess'"):
        GAME.load(data | {"game": "chess"})
    with pytest.raises(LoadError, match="version"):
        GAME.load(data | {"version": "7"})
    with pytest.raises(LoadError, match="malformed duel state"):
        GAME.load({k: v for k, v in data.items() if k != "hands"})


def test_json_file_vault_keeps_items_and_refuses_foreign_files(tmp_path):
    from glyphhall.engine import JsonFileVault

    vault = JsonFileVault(tmp_path / "v.json")
    assert vault.list() == []
    kept = vault.add({"name": "Bonebread"})
    again = JsonFileVault(tmp_path / "v.json")
    assert again.get(kept["id"])["name"] == "Bonebread"
    assert [i["name"] for i in again.list()] == ["Bonebread"]
    with pytest.raises(KeyError):
        again.get("nope")
    (tmp_path / "other.json").write_text('{"cards": []}')
    with pytest.raises(LoadError, match="not a Glyph Hall vault"):
        JsonFileVault(tmp_path / "other.json").list()


def test_keepsake_hooks_default_to_nothing(tmp_path):
    from glyphhall.engine import JsonFileVault

    vault = JsonFileVault(tmp_path / "v.json")
    state = GAME.new(2, 0)
    assert GAME.prepare_options({"a": 1}, vault) == {"a": 1}
    assert GAME.keep_after_match(state, vault, "s", ["a", "b"]) is None
    assert vault.list() == []
