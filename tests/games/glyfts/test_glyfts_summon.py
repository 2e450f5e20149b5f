"""Rulebook, Playing the Game: summoning a Creature from the reserve, with Glyft cards."""

from __future__ import annotations

import pytest
from glyfts_helpers import ATTACK, act, build, c, hand, phase, texts_for

from glyphhall.engine import IllegalAction
from glyphhall.games.glyfts.state import SUMMON


def test_summoning_follows_the_combat_phase():
    """Rulebook, Playing the Game: after the combat phase the active player may try to summon."""
    s = build([["storm_roc"], ["leviathan"]], reserve=[["gale_sprite"], []], phase=ATTACK)
    assert not [a for a in s.legal_actions(0) if a.verb == "summon"]
    act(s, 0, "done")
    assert phase(s) == "summon"
    assert [str(a) for a in s.legal_actions(0)] == ["summon gale_sprite", "done"]


def test_a_roll_equal_to_the_cost_summons():
    """Rulebook, Playing the Game: if the roll is equal to or greater than the Roll cost, the
    Creature is summoned into the Combat Circle."""
    s = build([["storm_roc"], ["leviathan"]], reserve=[["sky_warden", "gale_sprite"], []], phase=SUMMON, dice=[5])
    act(s, 0, "summon sky_warden")
    assert [str(a) for a in s.legal_actions(0)] == ["roll"]  # no Glyft card in hand to play
    events = s.apply_text(0, "roll")
    assert s.circle[0] == [c("storm_roc"), c("sky_warden")]
    assert s.reserve[0] == [c("gale_sprite")]
    assert any("Sky Warden is summoned" in t for t in texts_for(events, 1))
    assert s.active == 1  # the turn is over


def test_a_roll_below_the_cost_fails_and_the_turn_still_ends():
    """Rulebook, Playing the Game: once the player has attempted to summon (whether successfully or
    not), the turn is completed."""
    s = build([["storm_roc"], ["leviathan"]], reserve=[["sky_warden"], []], phase=SUMMON, dice=[4])
    act(s, 0, "summon sky_warden")
    act(s, 0, "roll")
    assert s.circle[0] == [c("storm_roc")] and s.reserve[0] == [c("sky_warden")]
    assert s.active == 1


def test_each_glyft_of_the_affiliation_lowers_the_cost_by_one():
    """Rulebook, Playing the Game: any number of Glyft cards of the same affiliation as the
    Creature; each reduces the Roll cost by 1. Ruling: played Glyft cards are discarded."""
    s = build([["storm_roc"], ["leviathan"]], reserve=[["sky_warden"], []], phase=SUMMON, dice=[3],
              hands=[["glyft_skyborne", "glyft_skyborne", "glyft_stonekin"], []])
    act(s, 0, "summon sky_warden")
    assert phase(s) == "summoning"
    assert [str(a) for a in s.legal_actions(0)] == ["glyft glyft_skyborne", "roll"]
    with pytest.raises(IllegalAction):
        act(s, 0, "glyft glyft_stonekin")  # another affiliation
    act(s, 0, "glyft glyft_skyborne")
    act(s, 0, "glyft glyft_skyborne")
    assert s.view(1)["summon_cost"] == 3
    act(s, 0, "roll")  # 3 >= 5 - 2
    assert c("sky_warden") in s.circle[0]
    assert s.hands[0] == hand("glyft_stonekin")
    assert s.discard == hand("glyft_skyborne", "glyft_skyborne")


def test_glyft_cards_are_discarded_even_when_the_summon_fails():
    """Ruling (proposal B11.5): Glyft cards played to summon are discarded, whatever the roll."""
    s = build([["storm_roc"], ["leviathan"]], reserve=[["aerie_sovereign"], []], phase=SUMMON, dice=[5],
              hands=[["glyft_skyborne", "glyft_skyborne"], []])
    act(s, 0, "summon aerie_sovereign")
    act(s, 0, "glyft glyft_skyborne")
    act(s, 0, "glyft glyft_skyborne")
    act(s, 0, "roll")  # 5 < 8 - 2
    assert s.reserve[0] == [c("aerie_sovereign")]
    assert s.discard == hand("glyft_skyborne", "glyft_skyborne")
    assert sum(s.hands[0]) == 0


def test_a_cost_lowered_to_one_is_met_by_any_roll():
    """Ruling (proposal B11.5): a Roll cost of 1 or less is met by any roll of the D6."""
    s = build([["storm_roc"], ["leviathan"]], reserve=[["gale_sprite"], []], phase=SUMMON, dice=[1],
              hands=[["glyft_skyborne", "glyft_skyborne"], []])
    act(s, 0, "summon gale_sprite")
    act(s, 0, "glyft glyft_skyborne")
    assert s.view(0)["summon_cost"] == 1
    act(s, 0, "glyft glyft_skyborne")  # "any number" may be played, even past 1
    act(s, 0, "roll")
    assert c("gale_sprite") in s.circle[0]


def test_summoning_is_optional():
    """Rulebook, Playing the Game: the active player *may* try to summon."""
    s = build([["storm_roc"], ["leviathan"]], reserve=[["gale_sprite"], []], phase=SUMMON)
    events = s.apply_text(0, "done")
    assert s.reserve[0] == [c("gale_sprite")] and s.active == 1
    assert "seat 0 does not summon" in texts_for(events, 1)


def test_only_reserve_creatures_can_be_summoned():
    """Rulebook, Playing the Game: the Creature is selected from the player's own reserve."""
    s = build([["storm_roc"], ["leviathan"]], reserve=[["gale_sprite"], ["top_messenger"]], phase=SUMMON)
    with pytest.raises(IllegalAction, match="not in your reserve"):
        act(s, 0, "summon top_messenger")
    with pytest.raises(IllegalAction, match="not in your reserve"):
        act(s, 0, "summon storm_roc")


def test_a_failed_summon_shows_the_creature_to_everyone():
    """Ruling: the summoned Creature is shown while it is summoned, so after a failed roll the
    other players know it is in that reserve (their views list it; determinize keeps it there)."""
    from glyphhall.engine import Rng

    s = build([["storm_roc"], ["leviathan"]], reserve=[["aerie_sovereign", "gale_sprite"], ["top_messenger"]],
              phase=SUMMON, dice=[2])
    act(s, 0, "summon aerie_sovereign")
    act(s, 0, "roll")
    assert sorted(s.reserve[0]) == sorted([c("aerie_sovereign"), c("gale_sprite")]) and s.active == 1
    seen = [x["id"] for x in s.view(1)["players"][0]["reserve"]]
    assert seen == ["aerie_sovereign"]
    assert s.view(1)["players"][0]["reserve_count"] == 2
    for seed in range(10):
        sample = s.determinize(1, Rng(seed))
        assert c("aerie_sovereign") in sample.reserve[0]


def test_the_turn_ends_without_a_summon_step_when_the_reserve_is_empty():
    """Rulebook, Playing the Game: the summon is made from the reserve; with none left the turn ends."""
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK)
    act(s, 0, "done")
    assert s.active == 1
