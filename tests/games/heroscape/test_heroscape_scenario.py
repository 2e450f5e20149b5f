"""A map's scenario (victory condition, round limit) and the lava field at the end of a round."""

from __future__ import annotations

import pytest
from heroscape_helpers import BLANK, SKULL, position

from glyphhall.engine import DataError
from glyphhall.games.heroscape.game import GAME
from glyphhall.games.heroscape.map_files import read_map_file
from glyphhall.games.heroscape.scenario import Scenario
from glyphhall.games.heroscape.scenario_rules import end_of_round, escaped, round_limit

ROWS = ["1g0 1g0 1f 1g 1g", "1g 1g 1g 1g 1g", "1g1 1g1 1g 1g 1g"]


def map_with(scenario: str) -> bytes:
    return ('name = "S"\nrows = [' + ", ".join(f'"{r}"' for r in ROWS) + "]\n" + scenario).encode()


def test_the_scenario_table_is_read_checked_and_written_back():
    found = read_map_file(map_with('[scenario]\nvictory = "hold"\nhold = "b3"\nrounds = 8\n'), "s.toml")
    assert found.board.scenario == Scenario("hold", found.board.index["b3"], {}, 8)
    assert '[scenario]\nvictory = "hold"\nhold = "b3"\nrounds = 8' in found.text
    again = read_map_file(found.text.encode(), "again.toml")
    assert again.text == found.text
    escape = read_map_file(map_with('[scenario]\nvictory = "escape"\nescape = {"0" = ["c5"], "1" = ["a5"]}\n'),
                           "e.toml").board
    assert escape.scenario.escape == {0: frozenset({escape.index["c5"]}), 1: frozenset({escape.index["a5"]})}


@pytest.mark.parametrize(("table", "message"), [
    ('victory = "capture"', "victory must be one of destroy-all, hold, escape"),
    ('victory = "hold"', "needs hold = a hex"),
    ('victory = "hold"\nhold = "z9"', "needs hold = a hex"),
    ('victory = "escape"\nescape = {"x" = ["a1"]}', "must be a seat number"),
    ("rounds = 99", "rounds must be a whole number"),
    ("flag = 1", "unknown key"),
])
def test_bad_scenario_tables_are_refused(table, message):
    with pytest.raises(DataError, match=message):
        read_map_file(map_with("[scenario]\n" + table + "\n"), "bad.toml")


def test_a_figure_on_a_lava_field_at_the_end_of_a_round_rolls_one_die():
    """Lava field [heroscape.fandom.com/wiki/Terrain]: a skull is a wound; a blank nothing."""
    s = position(rows=ROWS, at={"finn": "a3", "thorgrim": "c1"}, script=[SKULL])
    assert end_of_round(s, events := []) is None
    assert s.f_wounds[s.fig_index("finn")] == 1 and "lava field" in events[0].text
    s = position(rows=ROWS, at={"finn": "a3", "thorgrim": "c1"}, script=[BLANK])
    end_of_round(s, [])
    assert s.f_wounds[s.fig_index("finn")] == 0
    s = position(rows=ROWS, at={"finn": "a4", "thorgrim": "c1"}, script=[])  # not on lava: no roll
    end_of_round(s, [])


def test_hold_wins_for_the_side_on_the_hex_at_the_end_of_a_round():
    s = position(rows=ROWS, at={"finn": "b3", "thorgrim": "c1"}, script=[])
    s.board.scenario = Scenario("hold", s.board.index["b3"])
    assert end_of_round(s, []) == [0]
    s.board.scenario = Scenario("hold", s.board.index["b4"])
    assert end_of_round(s, []) is None


def test_escape_wins_for_the_side_that_reaches_its_hexes():
    s = position(rows=ROWS, at={"finn": "b3", "thorgrim": "a5"}, script=[])
    s.board.scenario = Scenario("escape", escape={0: frozenset({s.board.index["c5"]}),
                                                  1: frozenset({s.board.index["a5"]})})
    assert escaped(s) == [1]
    s.board.scenario = Scenario("escape", escape={0: frozenset({s.board.index["c5"]})})
    assert escaped(s) is None


def test_the_scenario_round_limit_applies_unless_the_table_chose_one():
    found = read_map_file(map_with("[scenario]\nrounds = 8\n"), "r.toml")
    s = GAME.new(2, 1, {"map_text": found.text, "armies": "starter"})
    assert round_limit(s) == 8
    s = GAME.new(2, 1, {"map_text": found.text, "armies": "starter", "round_limit": 5})
    assert round_limit(s) == 5


# ---------------------------------------------------------------- in the flow of a game


def test_holding_the_hex_at_the_end_of_a_round_wins_the_game():
    from glyphhall.games.heroscape import flow

    s = position(rows=ROWS, at={"finn": "b3", "thorgrim": "c1"}, script=[])
    s.board.scenario = Scenario("hold", s.board.index["b3"])
    events = []
    flow.end_round(s, events)
    assert s.result == (1.0, 0.0) and "b3 is held at the end of the round" in events[-1].text


def test_reaching_an_escape_hex_wins_at_once():
    from heroscape_helpers import act

    s = position(rows=ROWS, at={"finn": "b4", "thorgrim": "a1"}, active="finn", script=[])
    s.board.scenario = Scenario("escape", escape={0: frozenset({s.board.index["c5"]})})
    act(s, "step finn c4")
    assert s.result is None
    act(s, "step finn c5")
    assert s.result == (1.0, 0.0) and s.phase == "over"


def test_the_lava_field_die_is_rolled_before_the_next_round():
    from glyphhall.games.heroscape import flow

    s = position(rows=ROWS, at={"finn": "a3", "thorgrim": "c1"}, script=[SKULL])  # the lava's one attack die
    flow.end_round(s, [])
    assert s.f_wounds[s.fig_index("finn")] == 1 and s.round == 2
    assert s.view(0)["round_limit"] == 12
