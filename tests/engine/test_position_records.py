"""Match records of games begun from a position (format 3): the position's text travels in the
record with its SHA-256, replay loads it before the actions, and older records still load."""

import json

import pytest

from glyphhall.engine import LoadError, MatchRecord, first_state, position_title, replay

from .toy import GAME, POSITION_GAME

POSITION = 'title = "Last round"\nseed = 5\n[position]\nhands = [[9, 2], [1, 8]]\nscore = [1, 0]\n'


def _played(record: MatchRecord, state, moves: list[tuple[int, str]]) -> None:
    for seat, text in moves:
        state.apply_text(seat, text)
        record.add(seat, text)


def test_a_position_game_round_trips_and_replays_from_its_position(tmp_path):
    state = POSITION_GAME.load_position(POSITION)
    record = MatchRecord.start(POSITION_GAME, state, ["ann", "bob"], position=POSITION)
    _played(record, state, [(0, "play 9"), (1, "play 1"), (0, "play 2"), (1, "play 8")])
    record.finish(state)
    data = record.to_dict()
    assert data["format"] == "glyphhall-match/3"
    assert data["position"]["text"] == POSITION and len(data["position"]["sha256"]) == 64
    again = MatchRecord.read(record.save(tmp_path / "p.json"))
    assert again.position == POSITION
    final = replay(again, POSITION_GAME)
    assert final.is_over() and final.score == [2, 1] and final.returns() == record.result
    # From the seed alone the same actions do not even replay (the hands are not those).
    with pytest.raises(LoadError, match="step 1"):
        replay(MatchRecord.from_dict({**data, "position": None}), POSITION_GAME)
    half = replay(again, POSITION_GAME, upto=2)
    assert half.round == 2 and half.hands == [[2], [8]]


def test_a_changed_position_is_refused_by_its_hash(tmp_path):
    state = POSITION_GAME.load_position(POSITION)
    data = MatchRecord.start(POSITION_GAME, state, ["ann", "bob"], position=POSITION).to_dict()
    data["position"]["text"] = data["position"]["text"].replace("[9, 2]", "[9, 3]")
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    with pytest.raises(LoadError, match="position does not match its SHA-256"):
        MatchRecord.read(path)
    with pytest.raises(LoadError, match="no 'sha256': it is damaged"):
        MatchRecord.from_dict({**data, "position": {"text": POSITION}})


def test_a_game_from_the_seed_is_still_written_and_read_as_format_2_and_1():
    """Only a position record needs format 3: every other record stays readable by a program
    that knows format 2."""
    state = GAME.new(2, 3)
    record = MatchRecord.start(GAME, state, ["ann", "bob"])
    _played(record, state, [(s, str(state.legal_actions(s)[0])) for s in (0, 1)])
    data = record.to_dict()
    assert data["format"] == "glyphhall-match/2" and "position" not in data
    for old in ("glyphhall-match/2", "glyphhall-match/1"):
        loaded = MatchRecord.from_dict(data | {"format": old})
        assert loaded.position is None and replay(loaded, GAME).round == 1


def test_first_state_checks_the_seats_and_the_title_is_read():
    assert first_state(POSITION_GAME, 2, 0, {}, POSITION).hands == [[9, 2], [1, 8]]
    assert first_state(GAME, 2, 3, {}).hands == GAME.new(2, 3).hands
    with pytest.raises(LoadError, match="for 2 players, not 3"):
        first_state(POSITION_GAME, 3, 0, {}, POSITION)
    assert position_title(POSITION) == "Last round"
    assert position_title("seed = 1") is None and position_title("not toml [") is None
    assert POSITION_GAME.load_position(POSITION).seed == 5  # the title is no rule: it loads
    with pytest.raises(LoadError, match="'title' must be a text"):
        POSITION_GAME.load_position("title = 3\n" + POSITION.split("\n", 1)[1])
