"""The road's 3 extra spaces (movement.py), step by step and with `move FIG HEX` (paths.py).

Sources: heroscape.fandom.com/wiki/Terrain, Road: "If you begin your movement on a road space (for
double spaced figures, both spaces must be on the road) then you may move up to three additional
spaces. The additional spaces must also all be on road spaces." The Heroscape Quick Start Guide:
"If your entire move consists of road tiles you can add 3 to your figures move number." Here: a
figure starting its move with every space it occupies on road may move 3 more, as long as its
whole move stays on road (README, "Terrain of the expansions")."""

from __future__ import annotations

import pytest
from map_positions import position_on

from glyphhall.engine import IllegalAction
from glyphhall.games.heroscape import paths

# Row a is road (12 hexes), rows b-d grass; Finn (Move 5) and Grimnak (Move 5, double-space).
FIELD = '''
name = "Road field"
rows = [
    "1d0 1d0 1d0 1d0 1d0 1d0 1d0 1d0 1d0 1d0 1d0 1d0",
    "1g 1g 1g 1g 1g 1g 1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g 1g 1g 1g 1g 1g 1g",
    "1g1 1g1 1g1 1g1 1g1 1g1 1g1 1g1 1g1 1g1 1g1 1g1",
]
'''


def setup(figures: str, armies: str = '[["finn"], ["thorgrim"]]', turn: str = "finn"):
    return position_on(FIELD, figures + '\nthorgrim = "d12"', armies, turn)


def ends(s, name: str) -> set[str]:
    return set(paths.paths_by_label(s, name))


def do(s, text: str) -> None:
    s.apply_text(s.to_move()[0], text)


def legal_steps(s, name: str) -> set[str]:
    prefix = f"step {name} "
    return {str(a)[len(prefix):] for a in s.legal_actions(s.to_move()[0]) if str(a).startswith(prefix)}


def test_a_figure_starting_on_road_moves_3_more_along_it():
    s = setup('finn = "a1"')
    reach = ends(s, "finn")
    assert "a9" in reach and "a10" not in reach  # 5 + 3 spaces of road
    board = s.board
    start = board.index["a1"]
    for label in reach:  # off the road only as far as the normal move (the whole move on road or no bonus)
        h = board.index[label]
        assert board.dist(start, h) <= (8 if board.terrain[h] == "d" else 5), label
    assert {"b5", "c5"} <= reach and not {"b6", "c6"} & reach  # 5 and 6 spaces from a1


def test_stepping_off_the_road_gives_the_extra_spaces_up():
    s = setup('finn = "a1"')
    for to in ("a2", "a3", "a4", "a5"):
        do(s, f"step finn {to}")
    assert s.move_left == 4 and s.road_left == 3  # 1 of the normal move, 3 only on road
    assert legal_steps(s, "finn") == {"a4", "a6", "b4", "b5"}
    do(s, "step finn b5")  # the last space of the normal move; the 3 extra are gone
    assert s.moving == -1 and s.f_hex[s.fig_index("finn")] == s.board.index["b5"]


def test_after_the_normal_move_only_road_is_left():
    s = setup('finn = "a1"')
    for to in ("a2", "a3", "a4", "a5", "a6"):
        do(s, f"step finn {to}")
    assert s.move_left == 3 and legal_steps(s, "finn") == {"a5", "a7"}  # no longer b5 or b6
    for to in ("a7", "a8", "a9"):
        do(s, f"step finn {to}")
    assert s.moving == -1  # 8 spaces: the move is over


def test_no_extra_spaces_when_the_move_starts_off_road():
    s = setup('finn = "b1"')
    reach = ends(s, "finn")
    assert "a6" in reach and "a7" not in reach  # 5 and 6 spaces from b1


def test_move_action_uses_the_road_and_refuses_what_it_cannot_reach():
    s = setup('finn = "a1"')
    do(s, "move finn a9")
    assert s.f_hex[s.fig_index("finn")] == s.board.index["a9"]
    s = setup('finn = "a1"')
    with pytest.raises(IllegalAction, match="cannot end a move on b7"):
        do(s, "move finn b7")


def test_a_double_space_figure_needs_both_spaces_on_road():
    armies = '[["grimnak"], ["thorgrim"]]'
    on_road = setup('grimnak = ["a2", "a1"]', armies, "grimnak")
    assert "a10" in ends(on_road, "grimnak") and "a11" not in ends(on_road, "grimnak")
    half = setup('grimnak = ["a2", "b1"]', armies, "grimnak")
    assert "a7" in ends(half, "grimnak") and "a8" not in ends(half, "grimnak")



LANE = """
name = "Lane"
rows = [
    "1d 1d 1d 1d 1d 1d 1d 1d 1d 1d",
    ". . . . . . . . . .",
    "1g0 1g0 1g0 1g0 1g0 1g0 1g1 1g1 1g1 1g1",
]
"""


def test_the_listed_first_steps_know_the_road_bonus():
    """Before the move starts the listing offers what `step` allows: Finn may pass his friends on
    a2..a7 only because the road lets him end on a8, 7 spaces away."""
    friends = "\n".join(f'{name} = "a{n}"' for n, name in enumerate(
        ["tarn1", "tarn2", "tarn3", "tarn4", "airborne1", "airborne2"], start=2))
    s = position_on(LANE, f'finn = "a1"\n{friends}\nthorgrim = "c10"', '[["finn", "tarn", "airborne"], ["thorgrim"]]')
    assert legal_steps(s, "finn") == {"a2"} and ends(s, "finn") == {"a8", "a9"}
    do(s, "move finn a8")
    assert s.board.labels[s.f_hex[s.fig_index("finn")]] == "a8"
