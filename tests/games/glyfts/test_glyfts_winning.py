"""Rulebook, Winning or Losing, and the rulings where the rulebook is silent (see the package README)."""

from __future__ import annotations

import pytest
from glyfts_helpers import ATTACK, act, build, c, fight, hand, k, phase, texts_for, the_rest

from glyphhall.engine import IllegalAction, OptionError
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts.state import SUMMON


def test_ten_skill_points_win_at_once():
    """Rulebook, Winning or Losing: the first player to collect ten Skill points from captured
    Creatures wins the game (ruling: at once, even in the middle of a turn)."""
    s = build([["storm_roc", "inferno_dragon"], ["leviathan", "sky_warden"]], phase=ATTACK, dice=[6, 1],
              captured=[["tempest_drake", "forge_guardian", "magma_boar"], []])
    assert s.score == [7, 0]
    events = fight(s, 0, "attack storm_roc leviathan")
    assert s.score == [10, 0] and s.is_over() and s.returns() == [1.0, 0.0]
    assert any("wins" in t for t in texts_for(events, 1))
    assert s.to_move() == () and s.legal_actions(0) == []


def test_nine_skill_points_do_not_win():
    """Rulebook, Winning or Losing: ten Skill points are needed."""
    s = build([["storm_roc", "inferno_dragon"], ["leviathan", "sky_warden"]], phase=ATTACK, dice=[6, 1],
              captured=[["tempest_drake", "forge_guardian", "magma_boar"], []])
    s.captured[0].remove(c("magma_boar"))
    s.score[0] -= 1
    fight(s, 0, "attack storm_roc leviathan")
    assert s.score == [9, 0] and not s.is_over()


def test_skill_points_won_by_the_defender_count_too():
    """Rulebook, Winning or Losing: Skill points from *captured* Creatures, whoever's turn it is."""
    s = build([["tempest_drake", "storm_roc"], ["gale_sprite"]], phase=ATTACK, dice=[1, 6],
              under={"gale_sprite": ["capture"]},
              captured=[[], ["aerie_sovereign", "inferno_dragon", "leviathan"]])
    fight(s, 0, "attack tempest_drake gale_sprite")
    assert s.score[1] == 12 and s.returns() == [0.0, 1.0]


def test_a_player_with_no_creatures_left_is_eliminated():
    """Rulebook, Winning or Losing: a player with no Creatures in reserve or in the Combat Circle is
    eliminated. Ruling: that player's hand goes to the discard pile; play skips the seat."""
    s = build([["storm_roc"], ["gale_sprite"], ["leviathan"]], phase=ATTACK, dice=[6, 1],
              hands=[[], ["ward", "capture"], []])
    events = fight(s, 0, "attack storm_roc gale_sprite")
    assert s.alive == [True, False, True] and not s.is_over()
    assert any("eliminated" in t for t in texts_for(events, 2))
    assert s.hands[1] == hand() and s.discard == hand("ward", "capture")
    assert s.active == 2  # seat 1 is skipped


def test_creatures_in_reserve_keep_a_player_in_the_game():
    """Rulebook, Winning or Losing: Creatures in the reserve count, not only those in the Circle."""
    s = build([["storm_roc"], ["gale_sprite"]], reserve=[[], ["top_messenger"]], phase=ATTACK, dice=[6, 1])
    fight(s, 0, "attack storm_roc gale_sprite")
    assert s.alive == [True, True] and not s.is_over()
    assert s.active == 1 and s.circle[1] == []
    assert phase(s) == "summon"  # nothing to place under, nothing to attack with: straight to summoning


def test_the_last_player_left_wins():
    """Rulebook, Winning or Losing: if only one player remains in the game, that player wins."""
    s = build([["storm_roc"], ["gale_sprite"]], phase=ATTACK, dice=[6, 1], dealt=0)
    fight(s, 0, "attack storm_roc gale_sprite")
    assert s.is_over() and s.returns() == [1.0, 0.0] and s.score == [1, 0]


def test_an_attacker_captured_by_a_capture_card_can_eliminate_the_active_player():
    """Rulebook, Winning or Losing, with the defender's Capture card: the active player loses the
    last Creature and is out; the next player's turn begins (or the game ends)."""
    s = build([["gale_sprite"], ["leviathan"], ["pebble_mite"]], phase=ATTACK, dice=[1, 6],
              under={"leviathan": ["capture"]})
    fight(s, 0, "attack gale_sprite leviathan")
    assert s.alive == [False, True, True] and s.active == 1 and not s.is_over()


def test_cards_under_a_captured_creature_are_discarded():
    """Ruling (proposal B11.3): the cards under a captured Creature go to the discard pile."""
    s = build([["storm_roc"], ["gale_sprite", "leviathan"]], phase=ATTACK, dice=[6, 1],
              under={"gale_sprite": ["ward"]})
    fight(s, 0, "attack storm_roc gale_sprite")  # 10 against 1+1+2
    assert s.captured[0] == [c("gale_sprite")] and s.discard == hand("ward")


def test_an_empty_deck_is_refilled_from_the_discard_pile():
    """Ruling: when the Sorcery Deck is empty, the discard pile is shuffled into a new deck."""
    pile = ["ward", "ward", "nullify"]
    s = build([["storm_roc"], ["leviathan"]], phase=SUMMON, deck=[], whole_deck=True, discard=pile,
              hands=[the_rest(*pile), []], reserve=[["gale_sprite"], []])
    events = s.apply_text(0, "done")
    assert s.active == 1
    assert sum(s.hands[1]) == 1 and len(s.deck) == 2 and sum(s.discard) == 0
    assert any("shuffled into a new Sorcery Deck" in t for t in texts_for(events, 0))


def test_no_card_is_drawn_when_deck_and_discard_are_both_empty():
    """Ruling: with no card in the deck or the discard pile, the turn starts without a draw."""
    s = build([["storm_roc"], ["leviathan"]], phase=SUMMON, deck=[], whole_deck=True, hands=[the_rest(), []],
              reserve=[["gale_sprite"], []])
    events = s.apply_text(0, "done")
    assert s.active == 1 and sum(s.hands[1]) == 0
    assert any("draws nothing" in t for t in texts_for(events, 1))


def test_there_is_no_hand_limit():
    """Ruling: the rulebook sets no hand limit, so hands grow without discarding."""
    big = ["ward"] * 12 + ["strength"] * 8
    s = build([["storm_roc"], ["leviathan"]], phase=SUMMON, hands=[[], big], reserve=[["gale_sprite"], []])
    act(s, 0, "done")
    assert sum(s.hands[1]) == 21


def test_face_down_cards_stay_until_their_creature_fights():
    """Ruling: a card stays under its Creature, hidden, over any number of turns until a battle
    reveals it."""
    s = build([["storm_roc", "sky_warden"], ["leviathan"]], hands=[["ward"], []])
    act(s, 0, "place ward sky_warden")
    act(s, 0, "done")
    assert s.active == 1
    act(s, 1, "done")  # seat 1 does not place
    act(s, 1, "done")  # nor attack
    act(s, 1, "done")  # nor summon
    act(s, 0, "done")
    assert s.under[c("sky_warden")] == (k("ward"),)


def test_turn_limit_option_ends_the_game_on_skill_points():
    """Option turn_limit (a house rule, off by default): after that many turns each, the most
    captured Skill points wins, a tie shares the win."""
    s = build([["storm_roc"], ["leviathan"]], phase=SUMMON, options={"turn_limit": 1},
              captured=[["gale_sprite"], []], reserve=[["top_messenger"], []])
    act(s, 0, "done")  # seat 1 has had its one turn already (the helper sets turns to 1 each)
    assert s.is_over() and s.returns() == [1.0, 0.0]
    s = build([["storm_roc"], ["leviathan"]], phase=SUMMON, options={"turn_limit": 1},
              reserve=[["top_messenger"], []])
    act(s, 0, "done")
    assert s.is_over() and s.returns() == [0.5, 0.5]
    s = build([["storm_roc"], ["leviathan"]], phase=SUMMON, reserve=[["top_messenger"], []])
    act(s, 0, "done")
    assert not s.is_over()


def test_bad_options_are_clear_errors():
    """Options are checked before a game starts."""
    with pytest.raises(OptionError, match="turn_limit"):
        GAME.new(2, 0, {"turn_limit": -1})
    with pytest.raises(OptionError, match="unknown option"):
        GAME.new(2, 0, {"hand_limit": 7})


def test_a_finished_game_rejects_moves():
    """Rulebook, Winning or Losing: once someone has won, nobody moves."""
    s = build([["storm_roc"], ["gale_sprite"]], phase=ATTACK, dice=[6, 1], dealt=0)
    fight(s, 0, "attack storm_roc gale_sprite")
    with pytest.raises(IllegalAction, match="game is over"):
        act(s, 1, "done")


def test_a_captured_creature_stays_with_its_captor_for_good():
    """Ruling 12: a captured Creature stays face up with the captor (it is the captor's Skill
    points): it leaves the Circle, cannot be attacked, summoned or used again by anyone."""
    s = build([["storm_roc"], ["gale_sprite", "leviathan"]], reserve=[["top_messenger"], ["reef_urchin"]],
              phase=ATTACK, dice=[6, 1])
    fight(s, 0, "attack storm_roc gale_sprite")
    assert s.captured == [[c("gale_sprite")], []] and s.score == [1, 0]
    for seat in (0, 1, None):
        assert [x["id"] for x in s.view(seat)["players"][0]["captured"]] == ["gale_sprite"]
    assert c("gale_sprite") not in s.circle[1] + s.reserve[1] + s.circle[0] + s.reserve[0]
    assert not [a for a in s.legal_actions(0) if "gale_sprite" in str(a)]
    act(s, 0, "done")
    assert "summon gale_sprite" not in [str(a) for a in s.legal_actions(0)]
