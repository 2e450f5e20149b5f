"""The generic undo rule and the trail of the turn in progress (engine/undo.py), on a tiny game."""

from __future__ import annotations

import pytest

from glyphhall.engine import Action, Event, UndoTrail, generic_undo_blocker
from glyphhall.engine.undo import CHANCE, FINAL, SECRET_TO_OTHERS
from tests.server.games import RACE


def _step(state, text="add 1"):
    before = state.clone()
    action = Action("add", (int(text.split()[1]),))
    events = state.apply(0, action)
    return before, action, events


def test_a_quiet_step_may_be_taken_back_and_gives_the_state_before():
    state = RACE.new(1, 3)
    trail = UndoTrail()
    before, action, events = _step(state)
    trail.record(0, before, 0, action, events, state)
    assert trail.blocker(0) is None
    assert trail.take_back(0).before == RACE.new(1, 3)
    assert trail.blocker(0) == UndoTrail.NOTHING


def test_chance_blocks_the_step():
    state = RACE.new(1, 3)
    before, action, events = _step(state)
    state.rng.next64()  # as if the step had rolled a die
    assert generic_undo_blocker(before, 0, action, events, state) == CHANCE


def test_a_secret_shown_to_another_seat_blocks_the_step():
    state = RACE.new(1, 3)
    before, action, _ = _step(state)
    events = [Event("you see the card", frozenset({1}))]
    assert generic_undo_blocker(before, 0, action, events, state) == SECRET_TO_OTHERS
    # a secret shown to the actor alone, about its own choice, is no reason
    own = [Event("you add 1", frozenset({0}))]
    assert generic_undo_blocker(before, 0, action, own, state) is None


def test_steps_are_taken_back_newest_first_and_a_blocked_one_stops_the_way_back():
    state = RACE.new(1, 3)
    trail = UndoTrail()
    before, action, events = _step(state)
    trail.record(0, before, 0, action, events, state)
    before, action, events = _step(state)
    trail.record(1, before, 0, action, events, state, decide=False)
    assert trail.blocker(0) == FINAL
    with pytest.raises(ValueError, match="final"):
        trail.take_back(0)
    assert [s.index for s in trail.steps] == [0, 1]


def test_the_step_that_ends_the_turn_closes_the_trail():
    state = RACE.new(1, 3)
    trail = UndoTrail()
    for i, text in enumerate(["add 2", "add 2", "add 1"]):
        before, action, events = _step(state, text)
        trail.record(i, before, 0, action, events, state)
    assert state.is_over()
    assert trail.blocker(0) == UndoTrail.NOTHING


def test_a_format_1_record_still_loads_and_a_format_2_record_skips_what_was_taken_back():
    from glyphhall.engine import LoadError, MatchRecord, replay

    old = {"format": "glyphhall-match/1", "game": "race", "seed": 3, "players": ["ann"],
           "actions": [[0, "add 1"], [0, "add 2"]]}
    rec = MatchRecord.from_dict(old)
    assert rec.undone == [] and replay(rec, game=RACE).total == 3
    rec.mark_undone(0)
    data = rec.to_dict()
    assert data["format"] == "glyphhall-match/2" and data["undone"] == [0]
    again = MatchRecord.from_dict(data)
    assert again.actions == [(0, "add 1"), (0, "add 2")]  # the undone action stays in the record
    assert replay(again, game=RACE).total == 2
    with pytest.raises(LoadError, match="undone"):
        MatchRecord.from_dict({**data, "undone": [5]})
