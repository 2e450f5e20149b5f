"""Bad input gets a clear error and changes nothing; saved states round-trip; views and the
terminal renderer show what a player needs."""

import json

import pytest
from rich.console import Console
from tundrus_helpers import champ, do, new_game, turn_of

from glyphhall.engine import IllegalAction, LoadError, Rng
from glyphhall.games.tundrus import GAME
from glyphhall.games.tundrus.terminal import render


@pytest.mark.parametrize("text", ["attack", "take purple tribal", "take white", "mark 99", "pick", "fly away", ""])
def test_bad_action_text_is_rejected_without_change(text):
    """Bad input gets a clear error and changes nothing."""
    s = new_game()
    do(s, "activate fire_guard")
    before = s.to_dict()
    with pytest.raises(IllegalAction) as info:
        do(s, text)
    assert str(info.value) and s.to_dict() == before


def test_error_names_the_step():
    """An illegal action's error says which step of the Turn the game is in."""
    s = new_game()
    do(s, "activate fire_guard")
    with pytest.raises(IllegalAction, match="REPLENISH step"):
        do(s, "attack priestess")


def test_wrong_seat_is_rejected():
    """Only the seat to move may act."""
    s = new_game()
    with pytest.raises(IllegalAction, match="not seat 0's move"):
        s.apply_text(0, "activate priestess")


def test_saved_state_round_trip_mid_turn():
    """A saved state in the middle of a Turn loads back exactly."""
    s = turn_of("fire_guard", ["war", "gold tribal wealth"])
    data = json.loads(json.dumps(s.to_dict()))
    again = GAME.load(data)
    assert again.to_dict() == s.to_dict() and again.legal_actions(1) == s.legal_actions(1)


@pytest.mark.parametrize("breakage", [
    lambda d: d.update(champs="nope"),
    lambda d: d.update(deck=["no_such_item"]),
    lambda d: d.update(turn=[1, 2]),
    lambda d: d.pop("pool"),
])
def test_bad_saved_states_are_load_errors(breakage):
    """A malformed saved state is a LoadError, never a crash."""
    data = new_game().to_dict()
    breakage(data)
    with pytest.raises(LoadError):
        GAME.load(data)


def test_views_are_json_and_agree_except_you_and_stash():
    """Everything in Glyph is on the table except the deck order and the face-down Stash."""
    s = new_game()
    views = [s.view(seat) for seat in (0, 1)]
    json.dumps(views)
    spectator = s.view(None)
    for v in views + [spectator]:
        v.pop("you")
        for c in v["champions"]:
            c.pop("stash")
    assert views[0] == views[1] == spectator
    assert "deck" in spectator["spoils"] and isinstance(spectator["spoils"]["deck"], int)


def test_stash_is_face_down_for_the_other_tribe():
    """Stash: 'adds the Item card face down'; the player (and Tribe) can examine it at any time."""
    s = new_game()
    champ(s, "fire_guard").stash = ["chainmail"]
    s.deck.remove("chainmail")
    mine = next(c for c in s.view(1)["champions"] if c["id"] == "fire_guard")
    theirs = next(c for c in s.view(0)["champions"] if c["id"] == "fire_guard")
    public = next(c for c in s.view(None)["champions"] if c["id"] == "fire_guard")
    assert mine["stash"] == ["chainmail"]
    assert theirs["stash"] is None and public["stash"] is None and theirs["stash_size"] == 1


def test_determinize_reseeds_future_dice():
    """Bots must not see the dice to come: determinize reseeds the state's Rng."""
    s = new_game()
    a, b = s.determinize(1, Rng(1)), s.determinize(1, Rng(2))
    assert a.rng.state != b.rng.state and a.rng.state != s.rng.state


def test_terminal_render_shows_the_table():
    """Terminal play shows the champions, the Active Dice Pool and the step's help."""
    s = turn_of("fire_guard", ["war", "gold tribal wealth"])
    console = Console(width=140, record=True)
    console.print(render(s.view(1), 1))
    out = console.export_text()
    assert "fire_guard" in out and "Tribe 2" in out and "1:W-War" in out and "PRIMARY ACTION" in out


def test_terminal_render_during_draft_and_for_spectators():
    """Terminal play renders the draft for a spectator, with the facts the choice needs: each
    champion's Class, Tracks, dice and abilities with their Combos."""
    s = GAME.new(2, 0)
    console = Console(width=140, record=True)
    console.print(render(s.view(None), None))
    text = console.export_text()
    assert "Champions to recruit" in text
    assert "Fire Guard" in text and "guardian" in text and "Shield Bash (1W 2D, 2E)" in text


def test_heuristic_prefers_the_healthier_tribe():
    """The greedy bot's heuristic rises when enemy champions lose Health."""
    s = new_game()
    base = GAME.heuristic(s, 0)
    assert 0 < base < 1
    s.champs[1].health -= 3  # a Tribe 2 champion is hurt
    assert GAME.heuristic(s, 0) > base > GAME.heuristic(s, 1)


def test_terminal_render_shows_an_equip_cost_being_paid():
    """Terminal play: while an Equip Cost is paid die by die, the colours still due are shown."""
    s = turn_of("fire_guard", ["wealth", "war"], spoils={"face_up": ["bastion_scroll"]})
    do(s, "acquire bastion_scroll")
    do(s, "consume")
    console = Console(width=140, record=True)
    console.print(render(s.view(1), 1))
    out = console.export_text()
    assert "Equip Cost of bastion_scroll: still to Discard white" in out and "pay <tribal" in out
