"""Rulebook, Setup: dealing, the two Creatures each in the Combat Circle, the roll-off, clockwise play."""

from __future__ import annotations

import json

import pytest
from glyfts_helpers import act, build, c, script, texts_for

from glyphhall.engine import OptionError
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts.cards import CARDS
from glyphhall.games.glyfts.state import DEPLOY, PLACE


@pytest.mark.parametrize(("players", "each"), [(2, 18), (3, 12), (4, 9)])
def test_all_creatures_are_dealt_out_evenly(players, each):
    """Rulebook, Setup: the Creature cards are dealt in equal numbers to all players so that all
    Creature cards are distributed."""
    s = GAME.new(players, 11)
    assert [len(r) for r in s.reserve] == [each] * players
    assert sorted(x for r in s.reserve for x in r) == list(range(len(CARDS.creatures)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seven_sorceries_each_and_the_rest_form_the_deck(players):
    """Rulebook, Setup: each player is dealt seven Sorcery cards; the rest form the Sorcery Deck."""
    s = GAME.new(players, 3)
    assert [sum(h) for h in s.hands] == [7] * players
    assert len(s.deck) == CARDS.deck_size - 7 * players
    assert sum(s.discard) == 0


def test_the_decks_are_shuffled_by_the_seed():
    """Rulebook, Setup: the two decks are shuffled separately (a different seed, a different deal)."""
    a, b = GAME.new(2, 1), GAME.new(2, 2)
    assert a.reserve != b.reserve and a.deck != b.deck
    assert GAME.new(2, 1).to_dict() == a.to_dict()


def test_player_count_is_two_to_four():
    """Rulebook, Setup: 2-4 players per game."""
    for bad in (1, 5):
        with pytest.raises(OptionError, match="2 to 4 players"):
            GAME.new(bad, 0)


def test_each_player_picks_two_creatures_secretly_and_at_once():
    """Rulebook, Setup: each player selects two of his or her Creatures and places them in the
    Combat Circle. Ruling: the picks are made at the same time and stay secret until all are made."""
    s = GAME.new(3, 2)
    assert s.phase == DEPLOY and s.to_move() == (0, 1, 2)
    pick = s.legal_actions(1)[0]
    name = CARDS.creatures[c(pick.args[0])].name
    events = s.apply(1, pick)
    assert any(name in t for t in texts_for(events, 1))
    for other in (0, 2, None):
        assert not any(name in t for t in texts_for(events, other))
        assert name not in json.dumps(s.view(other))
    assert s.view(0)["players"][1]["picked"] == 1
    assert s.to_move() == (0, 1, 2)  # seat 1 still has a second pick
    s.apply(1, s.legal_actions(1)[0])
    assert s.to_move() == (0, 2)
    with pytest.raises(Exception, match="not seat 1's move"):
        s.apply(1, s.legal_actions(0)[0])


def test_picked_creatures_enter_the_circle_together():
    """Rulebook, Setup: two Creatures each in the Combat Circle before the first round."""
    s = GAME.new(2, 4)
    script(s, 5, 2)
    picks = {p: [str(a) for a in s.legal_actions(p)[:2]] for p in (0, 1)}
    for p in (0, 1):
        for text in picks[p]:
            act(s, p, text)
    for p in (0, 1):
        assert [CARDS.creatures[x].id for x in s.circle[p]] == [t.split()[1] for t in picks[p]]
        assert len(s.reserve[p]) == 16
    assert s.phase == PLACE


def test_roll_off_highest_goes_first_and_ties_reroll():
    """Rulebook, Setup: each player rolls a D6; the highest goes first. Ruling (issue 5): a tie for
    the highest roll is rerolled by the tied players only."""
    s = GAME.new(3, 2)
    script(s, 4, 4, 2, 3, 5)
    events = []
    for p in range(3):
        for _ in range(2):
            events += s.apply(p, s.legal_actions(p)[0])
    assert s.first == 1 and s.active == 1
    text = " | ".join(texts_for(events, None))
    assert "seat 0 4, seat 1 4, seat 2 2" in text
    assert "tie" in text
    assert "seat 0 3, seat 1 5" in text
    assert s.turns == [0, 1, 0]
    assert sum(s.hands[1]) == 8  # the first player has drawn


def test_play_continues_clockwise():
    """Rulebook, Setup: play continues clockwise around the group (seat order), skipping players
    who are out of the game."""
    s = build([[], ["leviathan"], ["pebble_mite"], ["gale_sprite"]], active=2, deck=["ward"] * 4, out=(0,),
              dealt=1)  # the other Creatures in seat 1's reserve
    act(s, 2, "done")  # no card placed
    act(s, 2, "done")  # no attack; empty reserve, so no summon and the turn ends
    assert s.active == 3
    act(s, 3, "done")
    act(s, 3, "done")
    assert s.active == 1
