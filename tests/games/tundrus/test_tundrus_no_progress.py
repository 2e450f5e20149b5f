"""The no-progress ruling (README, "Rulings"): the rulebook ends the game only when a Tribe has no
champion left ("A Tribe wins immediately when they defeat all of their opponent's Champions"), and
the Primary Action is optional (A GAME PLAY ROUND, step 4), so a game could go on forever. Rounds
in which the champions' total Health reaches no new low end it."""

from __future__ import annotations

from tundrus_helpers import position

from glyphhall.engine import Event
from glyphhall.games.tundrus import GAME, rounds
from glyphhall.games.tundrus.combat import lose_health
from glyphhall.games.tundrus.state import NO_PROGRESS_ROUNDS
from glyphhall.games.tundrus.tracks import gain_health
from glyphhall.games.tundrus.wording import result_text

NAMES = ["Ann", "Bo"]


def next_round(s) -> list[str]:
    """The End of Round's last step: the next round begins (the ruling is checked there)."""
    events: list[Event] = []
    rounds.start_round(s, events)
    return [e.text for e in events]


def test_rounds_without_health_lost_for_good_end_the_game_with_more_health_winning():
    s = position(round=5, quiet=2, options={"no_progress": 3}, champions={"priestess": {"health": 2}})
    assert s.view(0)["quiet_rounds"] == 2 and not s.is_over()
    events = next_round(s)  # round 6 begins: 3 rounds without a new low
    assert s.is_over() and s.winner == 1 and s.returns() == [0.0, 1.0]
    assert "3 rounds pass without a champion losing Health for good" in events[-1]
    assert result_text(s, NAMES) == "Bo wins with more Health left: 3 rounds passed without a champion losing Health for good"


def test_equal_health_left_is_a_draw():
    s = position(round=5, quiet=2, options={"no_progress": 3})
    next_round(s)
    assert s.is_over() and s.returns() == [0.5, 0.5]
    assert result_text(s, NAMES) == "The game is a draw: 3 rounds passed without a champion losing Health for good"


def test_health_lost_for_good_is_progress_and_healing_then_losing_it_again_is_not():
    s = position(round=5, quiet=2, options={"no_progress": 3})
    warlord = s.champ_by_id("warlord")
    lose_health(s, warlord, 1, [])
    next_round(s)
    assert not s.is_over() and s.view(0)["quiet_rounds"] == 0, "a new low: counting starts again"
    gain_health(s, warlord, 1)
    lose_health(s, warlord, 1, [])
    next_round(s)
    next_round(s)
    assert not s.is_over()
    next_round(s)  # 3 rounds since the low; the heal and the loss were no progress
    assert s.is_over() and s.winner == 1, "Tribe 2 has the Health the Warlord lost"


def test_the_ruling_is_on_by_default_and_0_turns_it_off():
    assert GAME.new(2, 0).options["no_progress"] == NO_PROGRESS_ROUNDS == 50
    s = position(round=5, quiet=4, options={"no_progress": 0})
    next_round(s)
    assert not s.is_over() and s.view(0)["quiet_rounds"] == 5


def test_a_saved_game_keeps_the_count():
    s = position(round=5, quiet=2)
    again = GAME.load(s.to_dict())
    assert again.to_dict() == s.to_dict() and again.view(0)["quiet_rounds"] == 2
