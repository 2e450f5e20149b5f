"""Movement scenarios: reference §1.4 (movement), §1.5 (engagement)."""

from heroscape_helpers import BLANK, SHIELD, SKULL, act, d20, fig, hexof, legal, position, texts

HILL = [
    "1g0 1g0 1g0 1g0 1g0 1g0",
    "1g 1g 3g 5r 1g 1g",
    "1g 1w 1w 1g 1g 1g",
    "1g1 1g1 1g1 1g1 1g1 1g1",
]


def test_climbing_costs_one_per_level_risen():
    """Reference §1.4 Climbing: each level risen costs 1 extra (step up L levels = 1 + L)."""
    s = position(HILL, at={"finn": "b2", "thorgrim": "d6"}, active="finn")
    act(s, "step finn b3")  # up 2 levels: cost 3
    assert s.move_left == 5 - 3


def test_cannot_climb_the_figures_height_or_more():
    """Reference §1.4 Climbing: a figure can never rise its height number or more in one step."""
    # (boards are immutable, so each height of b4 is its own map)
    higher = [HILL[0], "1g 1g 3g 8r 1g 1g", *HILL[2:]]  # b4 5 levels above b3
    s = position(higher, at={"finn": "b3", "thorgrim": "d6"}, active="finn")  # Finn height 5
    assert not legal(s, "step finn b4")
    lower = [HILL[0], "1g 1g 3g 7r 1g 1g", *HILL[2:]]  # a rise of 4 is allowed (cost 5)
    s = position(lower, at={"finn": "b3", "thorgrim": "d6"}, active="finn")
    assert legal(s, "step finn b4")


def test_a_step_that_cannot_be_paid_in_full_is_not_taken():
    """Reference §1.4: if you cannot pay the full step you cannot take it."""
    s = position(HILL, at={"finn": "b2", "thorgrim": "d6"}, active="finn")
    act(s, "step finn a2")
    act(s, "step finn a3")
    act(s, "step finn a4")  # 3 spent, 2 left: b4 (level 5 from 1) costs 5
    assert not legal(s, "step finn b4")


def test_descending_costs_one_regardless_of_drop():
    """Reference §1.4 Descending costs 1 regardless of drop."""
    s = position(HILL, at={"finn": "b3", "thorgrim": "d6"}, active="finn")
    act(s, "step finn b2")
    assert s.move_left == 4


def test_entering_water_ends_the_move():
    """Reference §1.4 Water: entering a water space ends that figure's move."""
    s = position(HILL, at={"finn": "b1", "thorgrim": "d6"}, active="finn")
    act(s, "step finn c2")
    assert s.moving == -1 and fig(s, "finn") in s.moved
    assert not any(t.startswith("step finn") for t in texts(s))


def test_passing_friends_but_not_enemies_and_never_ending_on_them():
    """Reference §1.4 Passing: move through friendly figures unless engaged, never through
    enemies, never end on an occupied space."""
    s = position(armies=(("finn", "tarn"), ("thorgrim",)),
                 at={"finn": "b1", "tarn1": "b2", "thorgrim": "e5"}, active="finn")
    assert legal(s, "step finn b2")
    act(s, "step finn b2")
    assert "stop finn" not in texts(s)
    s2 = position(at={"finn": "b1", "thorgrim": "b2"}, active="finn")
    assert not legal(s2, "step finn b2")
    s3 = position(armies=(("finn", "tarn"), ("thorgrim",)),
                  at={"finn": "b1", "tarn1": "b2", "thorgrim": "b3"}, active="finn")
    assert not legal(s3, "step finn b2"), "an engaged friend cannot be passed"


def test_double_space_tail_follows_and_ends_level():
    """Reference §1.4 Double-space figures: the other end follows the vacated hexes and the
    figure must end on two same-level spaces."""
    rows = ["1g0 1g0 1g0 1g0 1g0 1g0", "1g 1g 1g 2g 2g 1g", "1g 1g 1g 1g 1g 1g", "1g1 1g1 1g1 1g1 1g1 1g1"]
    s = position(rows, armies=(("grimnak",), ("thorgrim",)), at={"grimnak": ("b2", "b1"), "thorgrim": "d6"},
                 active="grimnak")
    act(s, "step grimnak b3")
    assert hexof(s, "grimnak") == "b3" and s.board.labels[s.f_tail[fig(s, "grimnak")]] == "b2"
    act(s, "step grimnak b4")  # head on level 2, tail on level 1
    assert "stop grimnak" not in texts(s)
    act(s, "step grimnak b5")  # both ends on level 2; the move ends when no step can end level
    assert s.moving == -1 and hexof(s, "grimnak") == "b5"


def test_double_space_stops_only_when_both_ends_in_water():
    """Reference §1.4: a double-space figure does not stop for a single water hex but must
    stop when both ends are in water."""
    rows = ["1g0 1g0 1g0 1g0 1g0 1g0", "1g 1w 1w 1g 1g 1g", "1g 1g 1g 1g 1g 1g", "1g1 1g1 1g1 1g1 1g1 1g1"]
    s = position(rows, armies=(("grimnak",), ("thorgrim",)), at={"grimnak": ("b1", "a1"), "thorgrim": "d6"},
                 active="grimnak")
    act(s, "step grimnak b2")
    assert s.moving == fig(s, "grimnak")
    act(s, "step grimnak b3")
    assert s.moving == -1


def test_falling_rolls_one_die_per_fall():
    """Reference §1.4 Falling: a drop of at least the figure's height rolls 1 combat die,
    each skull an unblockable wound."""
    rows = ["1g0 1g0 1g0", "7r 1g 1g", "1g1 1g1 1g1"]
    s = position(rows, at={"finn": "b1", "thorgrim": "c3"}, active="finn", script=[SKULL])
    act(s, "step finn b2")  # drop 6 >= height 5
    assert s.f_wounds[fig(s, "finn")] == 1


def test_no_fall_below_height_or_into_water():
    """Reference §1.4: drops smaller than the height are safe; falls onto water do no damage."""
    rows = ["1g0 1g0 1g0", "5r 1g 9r", "1g1 1g1 1w1"]
    s = position(rows, at={"finn": "b1", "thorgrim": "c3"}, active="finn", script=[])
    act(s, "step finn b2")  # drop 4 < 5
    assert s.f_wounds[fig(s, "finn")] == 0
    s = position(rows, at={"finn": "b3", "thorgrim": "a1"}, active="finn", script=[])
    act(s, "step finn c3")  # drop 8 onto water
    assert s.f_wounds[fig(s, "finn")] == 0


def test_major_and_extreme_falls():
    """Reference §1.4: major fall (height + 10) rolls 3 dice; extreme fall (height + 20)
    rolls the d20, 19-20 survives."""
    rows = ["1g0 1g0 1g0", "17r 1g 1g", "1g1 1g1 1g1"]
    s = position(rows, armies=(("drake",), ("thorgrim",)), at={"drake": "b1", "thorgrim": "c3"}, active="drake",
                 script=[SKULL, SKULL, BLANK])
    act(s, "step drake b2")
    assert s.f_wounds[fig(s, "drake")] == 2
    rows[1] = "27r 1g 1g"
    s = position(rows, armies=(("drake",), ("thorgrim",)), at={"drake": "b1", "thorgrim": "c3"}, active="drake",
                 script=[d20(18)])
    act(s, "step drake b2")
    assert s.f_state[fig(s, "drake")] == 2


def test_flying_ignores_elevation_water_and_figures():
    """Reference §1.4 Flying: ignore elevation cost, fly over water and over figures."""
    s = position(HILL, armies=(("raelin",), ("thorgrim",)), at={"raelin": "b2", "thorgrim": "b5"},
                 active="raelin")
    act(s, "step raelin b3")
    act(s, "step raelin b4")  # up 2 then 2 more: 1 each
    assert s.move_left == 4
    s = position(HILL, armies=(("raelin",), ("thorgrim",)), at={"raelin": "c1", "thorgrim": "d6"},
                 active="raelin")
    act(s, "step raelin c2")
    assert s.moving == fig(s, "raelin"), "water does not stop a flyer"


def test_leaving_engagement_gives_one_die_attack():
    """Reference §1.5 Leaving engagement: each enemy left may roll 1 attack die; skulls wound."""
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn", script=[SKULL])
    act(s, "step finn c2")
    assert s.f_wounds[fig(s, "finn")] == 1


def test_moving_around_an_engaged_enemy_is_free():
    """Reference §1.5: an engaged figure may move around the enemy while staying adjacent."""
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn", script=[])
    act(s, "step finn b3")  # b3 is still adjacent to c4
    assert s.f_wounds[fig(s, "finn")] == 0


def test_disengage_and_flyers():
    """Reference §1.4/§1.5: Disengage never takes leaving-engagement attacks; a flyer engaged
    when it starts to fly still does."""
    s = position(armies=(("carr",), ("thorgrim",)), at={"carr": "c3", "thorgrim": "c4"}, active="carr", script=[])
    act(s, "step carr c2")
    assert s.f_wounds[fig(s, "carr")] == 0
    s = position(armies=(("raelin",), ("thorgrim",)), at={"raelin": "c3", "thorgrim": "c4"}, active="raelin",
                 script=[SHIELD])
    act(s, "step raelin c2")
    assert s.rng.dice == []


def test_height_breaks_adjacency():
    """Reference §1.5: not adjacent (not engaged) when one figure's base is at or above the
    other's height."""
    from glyphhall.games.heroscape import engagement

    rows = ["1g0 1g0 1g0", "1g 6r 1g", "1g1 1g1 1g1"]
    s = position(rows, at={"finn": "b1", "thorgrim": "b2"}, active="finn")
    assert not engagement.engaged(s, fig(s, "finn"), fig(s, "thorgrim"))  # base 6 >= 1 + 5
    s.board.levels[s.board.index["b2"]] = 5
    assert engagement.engaged(s, fig(s, "finn"), fig(s, "thorgrim"))
    s.board.levels[s.board.index["b2"]] = 6


def test_ghost_walk_passes_enemies():
    """Agent Carr, Ghost Walk: moves through all figures."""
    s = position(armies=(("carr",), ("thorgrim",)), at={"carr": "b1", "thorgrim": "b2"}, active="carr")
    assert legal(s, "step carr b2")


def test_grapple_gun_climbs_one_space_up_to_25_levels():
    """Sgt. Drake Alexander, Grapple Gun 25: instead of moving normally, move exactly 1 space
    up to 25 levels higher."""
    rows = ["1g0 1g0 1g0", "1g 25r 27r", "1g1 1g1 1g1"]
    s = position(rows, armies=(("drake",), ("thorgrim",)), at={"drake": "b1", "thorgrim": "c3"}, active="drake")
    assert legal(s, "grapple drake b2")
    assert not legal(s, "grapple drake b3")
    act(s, "grapple drake b2")
    assert hexof(s, "drake") == "b2" and not any(t.startswith("step drake") for t in texts(s))


def test_double_space_figure_may_turn_around():
    """Reference §1.4 (FAQ [S21]): a double-space figure may be flipped 180 degrees during its
    move at no cost (once per move here)."""
    s = position(armies=(("grimnak",), ("thorgrim",)), at={"grimnak": ("b2", "b1"), "thorgrim": "e6"},
                 active="grimnak")
    act(s, "flip grimnak")
    assert hexof(s, "grimnak") == "b1" and s.move_left == 5
    assert "flip grimnak" not in texts(s)
    assert legal(s, "step grimnak a1")


RUINS = ["1g0 1g0 1g0 1g0 1g0", "1g 1g 7x 1g 1g", "1g1 1g1 1g1 1g1 1g1"]


def test_obstacles_block_walkers_and_sight_but_not_flyers():
    """Reference §1.10 / §1.4: figures cannot move through or onto obstacles (RotV ruins are
    6 levels tall); flyers fly over them but cannot stop on them; they block line of sight."""
    from glyphhall.games.heroscape import los

    s = position(RUINS, at={"finn": "b2", "thorgrim": "b5"}, active="finn")
    assert not legal(s, "step finn b3")
    s = position(RUINS, armies=(("raelin",), ("thorgrim",)), at={"raelin": "b2", "thorgrim": "c5"}, active="raelin")
    act(s, "step raelin b3")
    assert "stop raelin" not in texts(s), "no flyer ends on an obstacle"
    s = position(RUINS, armies=(("syvarris",), ("thorgrim",)), at={"syvarris": "b1", "thorgrim": "b5"})
    assert not los.line_of_sight(s, fig(s, "syvarris"), fig(s, "thorgrim"))
