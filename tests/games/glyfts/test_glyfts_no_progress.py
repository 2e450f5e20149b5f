"""The no-progress ruling (README, "The end", 19a): the rulebook is silent, and a player with an
empty Combat Circle who never summons (summoning is optional, Rulebook, Playing the Game) can
never be attacked, so a game could go on forever. Rounds without a capture or a summon end it."""

from __future__ import annotations

from glyfts_helpers import ATTACK, act, build, fight, script

from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts.state import NO_PROGRESS_ROUNDS, SUMMON
from glyphhall.games.glyfts.wording import result_text


def stalled(quiet: int, **options):
    """Seat 1's Circle is empty and it keeps its reserve; seat 0 (2 Skill points ahead) cannot
    attack anything and is at its summon step, declining."""
    return build([["storm_roc"], []], reserve=[["gale_sprite"], ["top_messenger"]], phase=SUMMON,
                 captured=[["reef_urchin"], []], quiet=quiet, options={"no_progress": 2, **options})


def test_rounds_without_a_capture_or_a_summon_end_the_game_on_skill_points():
    """2 rounds of 2 players is 4 turns: after the 4th quiet turn the next turn does not start,
    and the most Skill points wins."""
    s = stalled(quiet=3)
    act(s, 0, "done")  # seat 1's turn starts: the 4th quiet turn
    assert not s.is_over() and s.to_move() == (1,) and s.view(1)["quiet"] == 4
    events = act(s, 1, "done")  # seat 1 declines to summon; seat 0's turn would be the 5th
    assert s.is_over() and s.returns() == [1.0, 0.0]
    assert "2 rounds pass without a capture or a summon" in events[-1]
    assert result_text(s, ["Ann", "Bo"]) == "Ann wins: 2 rounds passed without a capture or a summon (1 - 0 Skill points)"


def test_a_tie_on_skill_points_shares_the_win():
    s = build([["storm_roc"], []], reserve=[["gale_sprite"], ["top_messenger"]], phase=SUMMON, quiet=3,
              options={"no_progress": 2})
    act(s, 0, "done")
    act(s, 1, "done")
    assert s.is_over() and s.returns() == [0.5, 0.5]


def test_a_summon_is_progress_and_a_failed_one_is_not():
    s = stalled(quiet=3)
    act(s, 0, "done")
    act(s, 1, "summon top_messenger")
    script(s, 1)
    act(s, 1, "roll")  # Roll cost above 1: the summon fails, still quiet
    assert s.is_over()
    s = stalled(quiet=3)
    act(s, 0, "done")
    act(s, 1, "summon top_messenger")
    script(s, 6)
    act(s, 1, "roll")
    assert not s.is_over() and s.quiet == 1, "the summon reset the count; seat 0's turn is the first since"


def test_a_capture_is_progress():
    s = build([["storm_roc"], ["gale_sprite", "leviathan"]], phase=ATTACK, dice=[6, 1], quiet=3,
              options={"no_progress": 2})
    fight(s, 0, "attack storm_roc gale_sprite")  # captured; seat 0 has no reserve: its turn ends
    assert s.captured[0] and s.active == 1
    assert not s.is_over() and s.quiet == 1, "seat 1's turn is the first since the capture"


def test_the_ruling_is_on_by_default_and_0_turns_it_off():
    assert GAME.new(2, 0).options["no_progress"] == NO_PROGRESS_ROUNDS == 20
    s = stalled(quiet=50, no_progress=0)
    act(s, 0, "done")
    act(s, 1, "done")
    assert not s.is_over() and s.quiet == 52


def test_a_saved_game_keeps_the_count():
    s = stalled(quiet=3)
    again = GAME.load(s.to_dict())
    assert again.quiet == 3 and again.to_dict() == s.to_dict()
    old = s.to_dict()
    del old["quiet"]  # saved before the ruling: counted from then on
    assert GAME.load(old).quiet == 0
