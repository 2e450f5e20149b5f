"""Rulebook, Playing the Game: the draw, cards placed face down, attacks and battles."""

from __future__ import annotations

import json

import pytest
from glyfts_helpers import ATTACK, act, build, c, fight, hand, k, phase, texts_for

from glyphhall.engine import IllegalAction


def test_the_active_player_draws_the_top_card():
    """Rulebook, Playing the Game: at the beginning of each turn the active player draws the top
    card from the Sorcery Deck; nobody else learns which card it is."""
    s = build([["storm_roc"], ["leviathan"]], deck=["ward", "capture"], whole_deck=True, hands=[[], ["strength"]])
    act(s, 0, "done")
    events = s.apply_text(0, "done")
    assert s.active == 1
    assert s.hands[1] == hand("strength", "capture")
    assert s.deck == [k("ward")]
    assert "seat 1 draws Capture" in texts_for(events, 1)
    assert "seat 1 draws a Sorcery card" in texts_for(events, 0)
    assert not any("Capture" in t for t in texts_for(events, 0) + texts_for(events, None))


def test_up_to_two_cards_are_placed_per_turn():
    """Rulebook, Playing the Game: the active player can place up to two cards face down."""
    s = build([["storm_roc", "sky_warden"], ["leviathan"]], hands=[["ward", "ward", "ward"], []])
    act(s, 0, "place ward storm_roc")
    assert phase(s) == "place"
    act(s, 0, "place ward storm_roc")
    assert phase(s) == "attack"  # a third card cannot be placed
    assert not [a for a in s.legal_actions(0) if a.verb == "place"]
    assert s.under[c("storm_roc")] == (k("ward"), k("ward"))
    assert s.hands[0] == hand("ward")


def test_placing_is_optional():
    """Rulebook, Playing the Game: up to two cards, so none at all is allowed."""
    s = build([["storm_roc"], ["leviathan"]], hands=[["ward"], []])
    act(s, 0, "done")
    assert phase(s) == "attack" and s.hands[0] == hand("ward")


def test_cards_go_only_under_ones_own_creatures():
    """Rulebook, Playing the Game: cards are placed below Creatures under that player's control."""
    s = build([["storm_roc"], ["leviathan"]], hands=[["ward"], []])
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="not one of your Creatures"):
        act(s, 0, "place ward leviathan")
    with pytest.raises(IllegalAction, match="no capture card"):
        act(s, 0, "place capture storm_roc")
    assert s.to_dict() == before


def test_face_down_cards_are_hidden_from_everyone_else():
    """Rulebook, Playing the Game: the cards are placed face-down (hidden until revealed)."""
    s = build([["storm_roc"], ["leviathan"], ["pebble_mite"]], hands=[["capture"], [], []])
    events = s.apply_text(0, "place capture storm_roc")
    assert "seat 0 places Capture face down under Storm Roc" in texts_for(events, 0)
    for other in (1, 2, None):
        assert not any("Capture" in t for t in texts_for(events, other))
        view = s.view(other)
        roc = view["players"][0]["circle"][0]
        assert roc["under"] == 1 and roc["cards"] is None
        assert '"capture"' not in json.dumps(view)
    assert s.view(0)["players"][0]["circle"][0]["cards"] == ["capture"]


def test_attacks_pair_one_attacker_with_one_defender_and_each_fights_once():
    """Rulebook, Playing the Game: each battle includes only one pair of Creatures; they cannot team
    up to attack or defend. Ruling: so each Creature fights at most one battle per turn."""
    s = build([["storm_roc", "sky_warden"], ["leviathan", "mountain_titan"]], phase=ATTACK, dice=[1, 6, 1, 6])
    fight(s, 0, "attack storm_roc leviathan")
    assert phase(s) == "attack"
    with pytest.raises(IllegalAction, match="storm_roc has already fought"):
        act(s, 0, "attack storm_roc mountain_titan")
    with pytest.raises(IllegalAction, match="leviathan has already fought"):
        act(s, 0, "attack sky_warden leviathan")
    fight(s, 0, "attack sky_warden mountain_titan")
    assert s.active == 1  # nothing left to attack with, empty reserve: the turn is over


def test_only_opposing_creatures_can_be_attacked():
    """Rulebook, Playing the Game: Creatures attack opponents' Creatures."""
    s = build([["storm_roc", "sky_warden"], ["leviathan"]], phase=ATTACK)
    with pytest.raises(IllegalAction, match="not an opposing Creature"):
        act(s, 0, "attack storm_roc sky_warden")
    with pytest.raises(IllegalAction, match="not one of your Creatures"):
        act(s, 0, "attack leviathan storm_roc")


def test_attacking_is_optional():
    """Rulebook, Playing the Game: the active player *may* designate attackers."""
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK, reserve=[["gale_sprite"], []])
    act(s, 0, "done")
    assert phase(s) == "summon" and s.circle == [[c("storm_roc")], [c("leviathan")]]


def test_all_cards_under_both_combatants_are_revealed_then_discarded():
    """Rulebook, Playing the Game: first, all Sorcery cards under the combating Creatures are
    revealed. Ruling: after the battle they go to the discard pile; cards under Creatures that
    did not fight stay hidden where they are."""
    s = build([["storm_roc", "sky_warden"], ["leviathan"]], phase=ATTACK, dice=[1, 6], deck=["fortune"],
              under={"storm_roc": ["strength", "glyft_skyborne"], "leviathan": ["ward"], "sky_warden": ["capture"]})
    events = fight(s, 0, "attack storm_roc leviathan")
    revealed = [t for t in texts_for(events, 1) if "revealed" in t]
    assert len(revealed) == 1
    assert "revealed under Storm Roc: Strength, Skyborne Glyft; under Leviathan: Ward" in revealed[0]
    assert s.under[c("storm_roc")] == () and s.under[c("leviathan")] == ()
    assert s.discard == hand("strength", "glyft_skyborne", "ward")
    assert s.under[c("sky_warden")] == (k("capture"),)


def test_attack_plus_d6_greater_than_health_plus_d6_captures():
    """Rulebook, Playing the Game: Attack + D6 against Health + D6; greater captures."""
    s = build([["storm_roc"], ["leviathan", "pebble_mite"]], phase=ATTACK, dice=[6, 4])
    fight(s, 0, "attack storm_roc leviathan")  # 4 + 6 = 10 > 5 + 4 = 9
    assert s.captured[0] == [c("leviathan")] and s.score == [3, 0]
    assert s.circle[1] == [c("pebble_mite")]


def test_equal_totals_capture_nobody():
    """Rulebook, Playing the Game: only a *greater* Attack captures; a tie captures nobody."""
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK, dice=[5, 4])
    events = fight(s, 0, "attack storm_roc leviathan")  # 9 against 9
    assert s.captured == [[], []] and s.circle == [[c("storm_roc")], [c("leviathan")]]
    assert any("nobody is captured" in t for t in texts_for(events, None))


def test_a_losing_attacker_is_not_captured_by_the_dice():
    """Rulebook, Playing the Game: only the defender's Health is compared with the attacker's
    Attack, so a low attack roll just fails (proposal ruling B11.2)."""
    s = build([["gale_sprite"], ["leviathan"]], phase=ATTACK, dice=[1, 6])
    fight(s, 0, "attack gale_sprite leviathan")
    assert s.captured == [[], []] and s.circle[0] == [c("gale_sprite")]


def test_cancelling_beats_capturing_as_in_the_rulebook_example():
    """Rulebook, Playing the Game (example): the defender's card grants the power to capture, the
    attacker's card cancels all special abilities, so the capture does not happen."""
    s = build([["gale_sprite"], ["leviathan"]], phase=ATTACK, dice=[1, 1],
              under={"gale_sprite": ["nullify"], "leviathan": ["capture"]})
    events = fight(s, 0, "attack gale_sprite leviathan")
    assert s.captured == [[], []] and s.circle == [[c("gale_sprite")], [c("leviathan")]]
    assert any("Nullify" in t for t in texts_for(events, None))
    # And the battle is then decided by the dice alone.
    s = build([["storm_roc"], ["pebble_mite"]], phase=ATTACK, dice=[6, 1],
              under={"storm_roc": ["nullify"], "pebble_mite": ["capture", "ward"]})
    fight(s, 0, "attack storm_roc pebble_mite")  # 10 against 3: Ward is cancelled too
    assert s.captured[0] == [c("pebble_mite")]


def test_two_nullify_cards_leave_a_plain_dice_battle():
    """Ruling (proposal B11.7): Nullify cancels every other card; two of them act like one."""
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK, dice=[4, 2],
              under={"storm_roc": ["nullify", "strength"], "leviathan": ["nullify", "capture"]})
    fight(s, 0, "attack storm_roc leviathan")  # 8 against 7
    assert s.captured[0] == [c("leviathan")]


def test_a_capture_card_captures_whatever_the_dice_show():
    """Rulebook, Playing the Game: a card can grant the power to capture the opposing Creature."""
    s = build([["gale_sprite"], ["leviathan"]], phase=ATTACK, dice=[1, 6], under={"gale_sprite": ["capture"]})
    fight(s, 0, "attack gale_sprite leviathan")
    assert s.captured[0] == [c("leviathan")]


def test_the_defenders_capture_card_captures_the_attacker():
    """Rulebook, Playing the Game (example): the defending player's card grants the power to
    capture the opponent's Creature."""
    s = build([["gale_sprite", "storm_roc"], ["leviathan"]], phase=ATTACK, dice=[1, 6],
              under={"leviathan": ["capture"]})
    fight(s, 0, "attack gale_sprite leviathan")
    assert s.captured[1] == [c("gale_sprite")] and s.score == [0, 1]
    assert s.circle[0] == [c("storm_roc")]


def test_both_would_capture_is_a_stalemate():
    """Rulebook, Playing the Game: if both Creatures would be able to capture the other, the
    battle is a stalemate and neither is captured."""
    # The attacker wins the roll, the defender holds a Capture card.
    s = build([["storm_roc"], ["gale_sprite"]], phase=ATTACK, dice=[6, 1], under={"gale_sprite": ["capture"]})
    events = fight(s, 0, "attack storm_roc gale_sprite")
    assert s.captured == [[], []] and any("stalemate" in t for t in texts_for(events, 1))
    # Both hold a Capture card.
    s = build([["storm_roc"], ["gale_sprite"]], phase=ATTACK, dice=[1, 6],
              under={"storm_roc": ["capture"], "gale_sprite": ["capture"]})
    fight(s, 0, "attack storm_roc gale_sprite")
    assert s.captured == [[], []] and s.circle == [[c("storm_roc")], [c("gale_sprite")]]


def test_strength_adds_to_attack_and_ward_to_health():
    """Sorcery types (proposal B10): Strength +2 Attack when attacking, Ward +2 Health when defending."""
    s = build([["gale_sprite"], ["top_messenger"]], phase=ATTACK, dice=[3, 4], under={"gale_sprite": ["strength"]})
    fight(s, 0, "attack gale_sprite top_messenger")  # 2+3+2 = 7 > 2+4 = 6
    assert s.captured[0] == [c("top_messenger")]
    s = build([["storm_roc"], ["top_messenger"]], phase=ATTACK, dice=[4, 4], under={"top_messenger": ["ward"]})
    fight(s, 0, "attack storm_roc top_messenger")  # 8 against 2+4+2 = 8
    assert s.captured == [[], []]


def test_several_cards_under_one_creature_add_up():
    """Ruling (proposal B11.6): every card under a Creature applies; bonuses add up."""
    s = build([["gale_sprite"], ["leviathan"]], phase=ATTACK, dice=[3, 5],
              under={"gale_sprite": ["strength", "strength"]})
    fight(s, 0, "attack gale_sprite leviathan")  # 2+3+4 = 9 against 5+5 = 10
    assert s.captured == [[], []]
    s = build([["gale_sprite"], ["leviathan"]], phase=ATTACK, dice=[4, 5],
              under={"gale_sprite": ["strength", "strength"]})
    fight(s, 0, "attack gale_sprite leviathan")  # 10 against 10... a tie
    assert s.captured == [[], []]
    s = build([["gale_sprite"], ["leviathan"]], phase=ATTACK, dice=[5, 5],
              under={"gale_sprite": ["strength", "strength"]})
    fight(s, 0, "attack gale_sprite leviathan")  # 11 against 10
    assert s.captured[0] == [c("leviathan")]


def test_bonuses_count_only_in_their_role():
    """Sorcery types (proposal B10): Strength counts only when attacking, Ward only when defending."""
    s = build([["storm_roc"], ["gale_sprite"]], phase=ATTACK, dice=[1, 4],
              under={"storm_roc": ["ward"], "gale_sprite": ["strength"]})
    fight(s, 0, "attack storm_roc gale_sprite")  # 4+1 = 5 against 1+4 = 5, no bonus applies
    assert s.captured == [[], []]


def test_a_glyft_card_under_a_creature_does_nothing_in_battle():
    """Ruling (proposal B11.4): a Glyft card may be placed as a bluff; it has no battle effect."""
    s = build([["storm_roc"], ["gale_sprite"]], phase=ATTACK, dice=[1, 4],
              under={"gale_sprite": ["glyft_skyborne", "glyft_emberfolk"]})
    fight(s, 0, "attack storm_roc gale_sprite")  # 5 against 5
    assert s.captured == [[], []] and s.discard == hand("glyft_skyborne", "glyft_emberfolk")


def test_fortune_lets_its_owner_reroll_and_keep_the_new_roll():
    """Sorcery types (proposal B10/B11.8): after both dice are rolled, a Fortune card's owner may
    roll his or her D6 again and must keep the new result; the attacker decides first."""
    s = build([["gale_sprite"], ["leviathan"]], phase=ATTACK, dice=[1, 2, 6, 1],
              under={"gale_sprite": ["fortune"], "leviathan": ["fortune"]})
    fight(s, 0, "attack gale_sprite leviathan")
    assert phase(s) == "fortune" and s.to_move() == (0,)
    assert s.view(1)["battle"]["attacker_die"] == 1
    act(s, 0, "reroll")  # 6
    assert s.to_move() == (1,) and s.battle.attacker_die == 6
    act(s, 1, "reroll")  # 1: must be kept, though worse
    assert s.captured[0] == [c("leviathan")]  # 2+6 = 8 > 5+1 = 6


def test_fortune_may_be_declined():
    """Sorcery types (proposal B10): Fortune is a may: keeping the first roll is allowed."""
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK, dice=[6, 1], under={"storm_roc": ["fortune"]})
    fight(s, 0, "attack storm_roc leviathan")
    act(s, 0, "keep")
    assert s.captured[0] == [c("leviathan")]


def test_nullify_cancels_fortune():
    """Rulebook example: a cancelling card stops all special abilities, rerolls included."""
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK, dice=[6, 1],
              under={"storm_roc": ["nullify"], "leviathan": ["fortune"]})
    fight(s, 0, "attack storm_roc leviathan")
    assert phase(s) != "fortune" and s.captured[0] == [c("leviathan")]


def test_battles_are_acted_out_one_after_another():
    """Rulebook, Playing the Game: battles are acted out sequentially: the second is declared
    after the first is resolved."""
    s = build([["storm_roc", "inferno_dragon"], ["leviathan", "gale_sprite"]], phase=ATTACK, dice=[6, 1, 6, 1])
    fight(s, 0, "attack storm_roc gale_sprite")
    assert s.captured[0] == [c("gale_sprite")] and phase(s) == "attack"
    fight(s, 0, "attack inferno_dragon leviathan")  # 12 against 6
    assert s.captured[0] == [c("gale_sprite"), c("leviathan")]


def test_cards_are_revealed_before_the_dice_are_rolled():
    """Rulebook, Playing the Game: *first* the Sorcery cards are revealed, then each player rolls."""
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK, dice=[6, 1], under={"leviathan": ["ward"]})
    events = s.apply_text(0, "attack storm_roc leviathan")
    assert phase(s) == "battle" and s.to_move() == (0,)
    assert [str(a) for a in s.legal_actions(0)] == ["roll"]
    battle = s.view(1)["battle"]
    assert battle["defender_cards"] == ["ward"] and battle["attacker_die"] == 0
    assert not any("rolls" in t for t in texts_for(events, None))
    events = s.apply_text(0, "roll")
    assert any("seat 0 rolls 6, seat 1 rolls 1" in t for t in texts_for(events, None))
    assert s.captured[0] == [c("leviathan")]


def test_the_defenders_cancelling_card_stops_the_attackers_capture():
    """Rulebook, Playing the Game (example, the other way round): all cards activate at once, so a
    cancelling card under the defender stops a capturing card under the attacker too."""
    s = build([["gale_sprite"], ["leviathan"]], phase=ATTACK, dice=[3, 1],
              under={"gale_sprite": ["capture", "strength"], "leviathan": ["nullify"]})
    events = fight(s, 0, "attack gale_sprite leviathan")  # 2+3 = 5 against 5+1 = 6: the dice alone
    assert s.captured == [[], []] and s.circle == [[c("gale_sprite")], [c("leviathan")]]
    assert any("Nullify: every other card in this battle has no effect" in t for t in texts_for(events, 1))
    assert s.discard == hand("capture", "strength", "nullify")


def test_a_glyft_card_may_be_placed_face_down_as_a_bluff():
    """Ruling 4 (proposal B11.4): any Sorcery card may be placed, a Glyft card included; it has no
    battle effect when revealed, and it is discarded after the battle like the others."""
    s = build([["storm_roc"], ["leviathan"]], hands=[["glyft_emberfolk"], []], dice=[4, 4],
              reserve=[["gale_sprite"], []])
    assert "place glyft_emberfolk storm_roc" in [str(a) for a in s.legal_actions(0)]
    act(s, 0, "place glyft_emberfolk storm_roc")
    assert s.under[c("storm_roc")] == (k("glyft_emberfolk"),)
    fight(s, 0, "attack storm_roc leviathan")  # 4+4 = 8 against 5+4 = 9
    assert s.captured == [[], []] and s.discard == hand("glyft_emberfolk")


def test_cards_under_a_creature_pile_up_over_several_turns():
    """Ruling 4: a Creature may hold any number of cards, placed over several turns (two a turn at
    most); they all stay face down until its battle, and then all are revealed and apply."""
    s = build([["gale_sprite", "storm_roc"], ["leviathan"]], reserve=[["top_messenger"], ["reef_urchin"]],
              hands=[["strength", "strength", "strength"], []], deck=["fortune"] * 4, dice=[4, 4])
    act(s, 0, "place strength gale_sprite")
    act(s, 0, "place strength gale_sprite")
    act(s, 0, "done")  # no attack
    act(s, 0, "done")  # no summon
    act(s, 1, "done")  # seat 1 draws Fortune, places nothing
    act(s, 1, "done")
    act(s, 1, "done")
    assert s.active == 0 and phase(s) == "place"
    act(s, 0, "place strength gale_sprite")
    assert s.under[c("gale_sprite")] == (k("strength"),) * 3
    assert s.view(1)["players"][0]["circle"][0]["under"] == 3
    act(s, 0, "done")
    fight(s, 0, "attack gale_sprite leviathan")  # 2+4+6 = 12 > 5+4 = 9 (6 against 9 without them)
    assert s.captured[0] == [c("leviathan")] and s.discard == hand("strength", "strength", "strength")
