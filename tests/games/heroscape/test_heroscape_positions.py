"""Heroscape positions as data (README "Positions"; issue 13): a rule scenario reads position,
actions, expected events and view."""

from pathlib import Path

import pytest

from glyphhall.engine import LoadError, ScriptError
from glyphhall.games.heroscape.game import GAME

POSITIONS = Path(__file__).resolve().parents[3] / "glyphhall" / "games" / "heroscape" / "positions"
FIELD = '''
name = "t"
rows = ["1g0 1g0 1g0 1g0", "7r 1g 1g 1g", "1g 1g 1g 1g", "1g1 1g1 1g1 1g1"]
'''


def position(**keys):
    return GAME.load_position({"armies": [["finn"], ["thorgrim", "mimring"]], "options": {"map_text": FIELD},
                               "figures": {"finn": "b1", "thorgrim": "d4"}, "turn": "finn", **keys})


def test_the_leaving_engagement_lesson():
    """Reference §1.5: leaving engagement gives the enemy one attack die (scripted: a skull)."""
    s = GAME.load_position((POSITIONS / "leaving-engagement.toml").read_text())
    assert s.to_move() == (0,)
    events = [e.text for e in s.apply_text(0, "move finn c1")]
    assert events == ["thorgrim strikes finn as it leaves engagement: 1 skull", "finn takes 1 wound",
                      "finn moves to c2", "finn moves to c1"]
    finn = next(f for f in s.view(None)["figures"] if f["name"] == "finn")
    assert finn["hex"] == "c1" and finn["wounds"] == 1


def test_a_fall_scenario_from_a_literal_position():
    """Reference §1.4 Falling: a drop of the figure's height or more rolls one die."""
    s = position(chance={"dice": ["d6 2"]})
    assert [e.text for e in s.apply_text(0, "step finn b2")] == ["finn moves to b2", "finn falls 6 levels: 1 wound",
                                                                 "finn takes 1 wound"]


def test_a_scripted_position_that_runs_out_of_dice_fails_loudly():
    """Strict chance (the tests' default, engine/position.py): Finn's attack rolls three dice
    and the script names one: the game stops at the second, naming the draw."""
    s = position(figures={"finn": "c4", "thorgrim": "d4"}, chance={"dice": ["d6 1"]})
    with pytest.raises(ScriptError, match=r"run out \(1 dice.*draws a d6"):
        s.apply_text(0, "attack finn thorgrim")


def test_a_position_keeps_wounds_glyphs_equipment_and_survives_saving():
    s = position(wounds={"thorgrim": 2}, glyphs={"c2": ["gerda", "symbol"]}, equipped={"finn": "makluan"},
                 round=3)
    assert s.round == 3 and s.f_wounds[s.fig_index("thorgrim")] == 2
    assert s.glyph_at[s.board.index["c2"]] == ("gerda", False)
    assert s.c_glyph[s.card_index("finn")] == "makluan"
    assert s.f_state[s.fig_index("mimring")] == 2, "a figure the position does not place was destroyed"
    assert GAME.load(s.to_dict()).to_dict() == s.to_dict()


def test_airborne_figures_wait_off_the_battlefield_for_the_drop():
    """Airborne Elite, The Drop: figures off the battlefield ("off") roll to drop in at the start
    of the round; the position keeps them waiting, not destroyed."""
    s = GAME.load_position({"armies": [["finn", "airborne"], ["thorgrim"]], "options": {"map_text": FIELD},
                            "figures": {"finn": "b1", "thorgrim": "d4", "airborne1": "off"}})
    states = {name: s.f_state[s.fig_index(name)] for name in ("airborne1", "airborne2")}
    assert states == {"airborne1": 0, "airborne2": 2}, "waiting (reserve), and destroyed"


def test_without_a_turn_the_round_starts_with_order_markers():
    s = GAME.load_position({"armies": [["finn"], ["thorgrim"]], "options": {"map_text": FIELD},
                            "figures": {"finn": "b1", "thorgrim": "d4"}, "round": 2})
    assert s.phase == "orders" and s.round == 2 and s.to_move() == (0, 1)


@pytest.mark.parametrize("change, words", [
    ({"armies": [["finn"]]}, "'armies' lists each of the 2 seats"),
    ({"armies": [["finn"], ["nobody"]]}, "'nobody' is not an army card"),
    ({"figures": {"bob": "b1"}}, "'figures.bob': no figure of the armies is called 'bob'"),
    ({"figures": {"finn": "z9"}}, "'figures.finn': 'z9' is not a hex of the map"),
    ({"figures": {"finn": "b1", "thorgrim": "b1"}}, "thorgrim cannot stand on b1"),
    ({"figures": {"finn": ["b1", "b2"]}}, "'figures.finn': a hex label"),
    ({"wounds": {"finn": 4}}, "'wounds.finn': 4 wounds; finn has 4 life"),
    ({"glyphs": {"c2": ["gerda"]}}, "'glyphs.c2' is [glyph, \"power\" or \"symbol\"]"),
    ({"equipped": {"thorgrim": "gerda"}}, "'equipped.thorgrim': only a Unique Hero"),
    ({"turn": "mimring"}, "'turn': 'mimring' is not a card with a figure on the battlefield"),
    ({"figures": {"finn": "off"}}, "'figures.finn': only a figure with The Drop waits off the battlefield"),
    ({"weather": "rain"}, "unknown key in the position: 'weather'"),
])
def test_a_bad_position_is_refused_naming_what_is_wrong(change, words):
    with pytest.raises(LoadError) as info:
        position(**change)
    assert words in str(info.value)
