"""Combat scenarios: reference §1.6 (attacking, height advantage, line of sight), §1.7 (dice)."""

from heroscape_helpers import BLANK, SHIELD, SKULL, act, fig, legal, position, texts

from glyphhall.games.heroscape import combat, los


def test_combat_die_has_three_skulls_two_shields_one_blank():
    """Reference §1.7: 3 skull faces, 2 shield faces, 1 blank."""
    s = position(script=[f"d6 {face}" for face in range(1, 7)])
    assert combat.roll_skulls(s, 6) == 3
    s = position(script=[f"d6 {face}" for face in range(1, 7)])
    assert combat.roll_shields(s, 6) == 2


def test_each_unblocked_skull_is_a_wound_and_life_destroys():
    """Reference §1.6: each shield cancels one skull; each unblocked skull is 1 wound; a
    figure is destroyed when its wounds reach its Life."""
    # Finn attacks Thorgrim: 3 dice, Thorgrim defends with 4.
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn",
                 script=[SKULL, SKULL, SKULL, SHIELD, BLANK, BLANK, BLANK])
    act(s, "attack finn thorgrim")
    assert s.f_wounds[fig(s, "thorgrim")] == 2
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn", wounds={"thorgrim": 1},
                 script=[SKULL, SKULL, SKULL, BLANK, BLANK, BLANK, BLANK])
    act(s, "attack finn thorgrim")
    assert s.f_state[fig(s, "thorgrim")] == 2


def test_ties_favour_the_defender():
    """Reference §1.6: ties favour the defender."""
    s = position(at={"finn": "c3", "thorgrim": "c4"}, active="finn",
                 script=[SKULL, SKULL, BLANK, SHIELD, SHIELD, BLANK, BLANK])
    act(s, "attack finn thorgrim")
    assert s.f_wounds[fig(s, "thorgrim")] == 0


def _dice(rows, attacker="c3", defender="c4", options=None):
    s = position(rows, at={"finn": attacker, "thorgrim": defender}, active="finn", options=options)
    a, d = fig(s, "finn"), fig(s, "thorgrim")
    return combat.attack_dice(s, a, d, 3), combat.defense_dice(s, d) + combat.height_bonus(s, d, a)


FLATROWS = ["1g0 1g0 1g0 1g0", "1g 1g 1g 1g", "1g 1g 1g 1g", "1g1 1g1 1g1 1g1"]


def test_height_advantage_adds_a_die_to_the_higher_figure():
    """Reference §1.6 Height advantage: the higher figure gets +1 die, attacking or defending."""
    rows = ["1g0 1g0 1g0 1g0", "1g 1g 1g 1g", "1g 1g 3g 1g", "1g1 1g1 1g1 1g1"]
    assert _dice(FLATROWS) == (3, 4)
    assert _dice(rows, attacker="c3", defender="c2") == (4, 4)
    assert _dice(rows, attacker="c2", defender="c3") == (3, 5)


def test_extreme_height_advantage_classic_and_aoa():
    """Reference §1.6 Extreme height advantage: +2 when 10 levels above the lower figure's
    height (classic) or base (option extreme_height=aoa)."""
    rows = ["1g0 1g0 1g0 1g0", "1g 1g 1g 1g", "1g 1g 12g 1g", "1g1 1g1 1g1 1g1"]
    assert _dice(rows, attacker="c3", defender="c2") == (4, 4)  # 12 < 1 + 5 + 10
    rows[2] = "1g 1g 16g 1g"
    assert _dice(rows, attacker="c3", defender="c2") == (5, 4)
    rows[2] = "1g 1g 12g 1g"
    assert _dice(rows, attacker="c3", defender="c2", options={"extreme_height": "aoa"}) == (5, 4)


WALL = ["1g0 1g0 1g0 1g0 1g0 1g0 1g0", "1g 1g 1g 1g 1g 1g 1g", "1g 1g 1g 9r 1g 1g 1g",
        "1g 1g 1g 1g 1g 1g 1g", "1g1 1g1 1g1 1g1 1g1 1g1 1g1"]


def test_line_of_sight_blocked_by_terrain():
    """Reference §1.6: an attack needs clear line of sight from the Target Point to the Hit Zone."""
    s = position(WALL, armies=(("syvarris",), ("thorgrim",)), at={"syvarris": "c1", "thorgrim": "c7"},
                 active="syvarris")
    assert not los.line_of_sight(s, fig(s, "syvarris"), fig(s, "thorgrim"))
    assert not legal(s, "attack syvarris thorgrim")


def test_line_of_sight_across_levels_over_a_wall():
    """Reference §1.6 over levels: from high ground a figure sees over a lower wall."""
    rows = [r for r in WALL]
    rows[2] = "9r 1g 1g 7r 1g 1g 1g"
    s = position(rows, armies=(("syvarris",), ("thorgrim",)), at={"syvarris": "c1", "thorgrim": "c7"},
                 active="syvarris")
    assert los.line_of_sight(s, fig(s, "syvarris"), fig(s, "thorgrim"))
    assert legal(s, "attack syvarris thorgrim")
    rows[2] = "1g 1g 1g 7r 1g 1g 1g"  # from the ground the same wall hides him
    s = position(rows, armies=(("syvarris",), ("thorgrim",)), at={"syvarris": "c1", "thorgrim": "c7"},
                 active="syvarris")
    assert not los.line_of_sight(s, fig(s, "syvarris"), fig(s, "thorgrim"))


def test_intervening_figures_block_only_if_they_hide_the_hit_zone():
    """Reference §1.6: intervening figures don't block unless they hide the whole Hit Zone."""
    s = position(FLATROWS, armies=(("syvarris", "tarn"), ("thorgrim",)),
                 at={"syvarris": "b1", "tarn1": "b2", "thorgrim": "b4"}, active="syvarris")
    assert not los.line_of_sight(s, fig(s, "syvarris"), fig(s, "thorgrim"))
    s = position(FLATROWS, armies=(("syvarris", "marro"), ("thorgrim",)),
                 at={"syvarris": "b1", "marro1": "b2", "thorgrim": "b4"}, active="syvarris")
    assert los.line_of_sight(s, fig(s, "syvarris"), fig(s, "thorgrim")), "a shorter figure hides only part"


def test_range_counts_spaces_around_gaps():
    """Reference §1.6: count spaces along existing spaces around gaps, elevation ignored."""
    rows = ["1g0 1g0 1g0 1g0 1g0", "1g . . . 1g", "1g 1g 1g 1g 1g", "1g1 1g1 1g1 1g1 1g1"]
    s = position(rows, armies=(("syvarris",), ("thorgrim",)), at={"syvarris": "b1", "thorgrim": "b5"})
    assert los.fig_range(s, fig(s, "syvarris"), fig(s, "thorgrim")) == 5


def test_range_limits_attacks():
    """Reference §1.6: an attack needs Range."""
    s = position(WALL, at={"finn": "a1", "thorgrim": "a3"}, active="finn")
    assert not legal(s, "attack finn thorgrim")
    s = position(WALL, armies=(("syvarris",), ("thorgrim",)), at={"syvarris": "a1", "thorgrim": "a7"},
                 active="syvarris")
    assert legal(s, "attack syvarris thorgrim")


def test_engaged_figure_attacks_only_engaged_enemies():
    """Reference §1.5: an engaged figure may attack only figures it is engaged with."""
    s = position(FLATROWS, armies=(("syvarris",), ("thorgrim", "tarn")),
                 at={"syvarris": "b1", "thorgrim": "b2", "tarn1": "d4"}, active="syvarris")
    t = texts(s)
    assert "attack syvarris thorgrim" in t and "attack syvarris tarn1" not in t


def test_each_figure_attacks_once_and_moves_come_first():
    """Reference §1.3: move, then attack with each figure at most once; moves precede attacks."""
    s = position(armies=(("tarn",), ("thorgrim",)), at={"tarn1": "c3", "tarn2": "b1", "thorgrim": "c4"},
                 active="tarn", script=[BLANK] * 7)
    act(s, "attack tarn1 thorgrim")
    t = texts(s)
    assert "attack tarn1 thorgrim" not in t
    assert not any(x.startswith("step") for x in t), "no moving after an attack"


def test_friendly_fire_option():
    """Reference §1.6: figures may attack friendly figures (AoA wording; option friendly_fire)."""
    s = position(FLATROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b1", "tarn1": "b2", "thorgrim": "d4"},
                 active="finn")
    assert not legal(s, "attack finn tarn1")
    s = position(FLATROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b1", "tarn1": "b2", "thorgrim": "d4"},
                 active="finn", options={"friendly_fire": True})
    assert legal(s, "attack finn tarn1")
