"""The Equipment Glyph module (rulebook heroscape-equipment-glyphs.txt), clause by clause,
and each Equipment Glyph's power (data/glyphs.toml)."""

from heroscape_helpers import BLANK, SKULL, act, d20, fig, hexof, legal, position, script, start_round, texts

from glyphhall.games.heroscape import combat, glyph_rules

ROWS = ["1g0 1g0 1g0 1g0 1g0 1g0 1g0", "1g 1g 1g 1g 1g 1g 1g", "1g 1g 1g 1g 1g 1g 1g",
        "1g 1g 1g 1g 1g 1g 1g", "1g 1g 1g 1g 1g 1g 1g", "1g1 1g1 1g1 1g1 1g1 1g1 1g1"]


def card_glyph(s, name):
    return s.c_glyph[s.f_card[fig(s, name)]]


def test_a_unique_hero_stopping_on_it_may_equip():
    """Module, Equipment Glyphs: when a Unique Hero you control stops on an Equipment Glyph,
    you may equip it by placing it power-side up on that Hero's Army Card."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "f7"}, glyphs={"b2": ("makluan", False)}, active="finn")
    act(s, "step finn b2")
    assert s.glyph_at[s.board.index["b2"]] == ("makluan", True), "symbol side turned power side up"
    assert texts(s) == {"equip finn", "leave finn"}
    act(s, "equip finn")
    assert card_glyph(s, "finn") == "makluan" and s.board.index["b2"] not in s.glyph_at
    s = position(ROWS, at={"finn": "b1", "thorgrim": "f7"}, glyphs={"b2": ("makluan", True)}, active="finn")
    act(s, "step finn b2")
    act(s, "leave finn")
    assert card_glyph(s, "finn") == "" and s.board.index["b2"] in s.glyph_at


def test_squads_cannot_equip():
    """Module: only a Unique Hero may equip (a squad figure just stops on it)."""
    s = position(ROWS, armies=(("tarn",), ("thorgrim",)), at={"tarn1": "b1", "thorgrim": "f7"},
                 glyphs={"b2": ("makluan", True)}, active="tarn")
    act(s, "step tarn1 b2")
    assert not s.pending and s.board.index["b2"] in s.glyph_at


def test_one_glyph_at_a_time():
    """Module: equip only if that Hero does not already have a glyph equipped (it may swap instead)."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "f7"}, glyphs={"b2": ("makluan", True)}, active="finn",
                 equipped={"finn": "shuriken"})
    act(s, "step finn b2")
    assert "equip finn" not in texts(s)
    assert texts(s) == {"swap finn", "keep finn"}


def test_power_only_while_on_the_card():
    """Module: an Equipment Glyph's power is in effect while power-side up on the card of the
    figure that equipped it, and affects only that figure."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "b2", "tarn1": "c3", "thorgrim": "c4"},
                 glyphs={"b2": ("makluan", True)})
    f, t, d = fig(s, "finn"), fig(s, "tarn1"), fig(s, "thorgrim")
    assert combat.attack_dice(s, f, d, 3) == 3, "standing on it gives nothing"
    s.glyph_at.clear()
    s.c_glyph[s.card_index("finn")] = "makluan"
    assert combat.attack_dice(s, f, d, 3) == 4 and combat.defense_dice(s, f) == 5
    assert combat.attack_dice(s, t, d, 3) == 3 + 1, "Tarn only gets Finn's aura, not the ring"


def test_area_effects_are_measured_from_the_carrier():
    """Module: a glyph with an area of effect is treated as placed on the carrier's space
    (Green Kryptonite: opposing figures within 2 spaces)."""
    s = position(ROWS, at={"finn": "c3", "thorgrim": "c5"}, equipped={"finn": "kryptonite"})
    assert combat.defense_dice(s, fig(s, "thorgrim")) == 4 - 1
    from glyphhall.games.heroscape import movement

    movement.place(s, fig(s, "finn"), s.board.index["a1"], -1)
    assert combat.defense_dice(s, fig(s, "thorgrim")) == 4


def test_dropping_before_during_after_moving():
    """Module, Dropping: before, during or after moving, place it power-side up on the
    figure's space; the figure may continue its movement."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "f7"}, active="finn", equipped={"finn": "makluan"})
    assert legal(s, "drop finn")
    act(s, "step finn b2")
    act(s, "drop finn")
    assert s.glyph_at[s.board.index["b2"]] == ("makluan", True) and card_glyph(s, "finn") == ""
    assert legal(s, "step finn b3"), "the figure may continue its movement"


def test_cannot_drop_onto_another_glyph():
    """Module, Dropping: you cannot drop onto a space that already has another glyph."""
    s = position(ROWS, at={"finn": "b2", "thorgrim": "f7"}, glyphs={"b2": ("gerda", True)}, active="finn",
                 equipped={"finn": "makluan"})
    assert not legal(s, "drop finn")


def test_passing_to_an_adjacent_friend_that_can_equip():
    """Module, Passing: to an adjacent friendly figure able to equip it and not already equipped."""
    s = position(ROWS, armies=(("finn", "syvarris", "tarn"), ("thorgrim",)),
                 at={"finn": "c3", "syvarris": "c4", "tarn1": "c2", "thorgrim": "f7"}, active="finn",
                 equipped={"finn": "makluan"})
    t = texts(s)
    assert "pass finn syvarris" in t and "pass finn tarn1" not in t
    act(s, "pass finn syvarris")
    assert card_glyph(s, "syvarris") == "makluan" and card_glyph(s, "finn") == ""
    s = position(ROWS, armies=(("finn", "syvarris"), ("thorgrim",)),
                 at={"finn": "c3", "syvarris": "c4", "thorgrim": "f7"}, active="finn",
                 equipped={"finn": "makluan", "syvarris": "shuriken"})
    assert "pass finn syvarris" not in texts(s), "already equipped"


def test_swap_when_stopping_on_another_equipment_glyph():
    """Module, Swapping: after activating the glyph it stopped on, the hero may swap: its old
    glyph goes power-side up on its space, the new one on its card."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "f7"}, glyphs={"b2": ("shuriken", True)}, active="finn",
                 equipped={"finn": "makluan"})
    act(s, "step finn b2")
    act(s, "swap finn")
    assert card_glyph(s, "finn") == "shuriken"
    assert s.glyph_at[s.board.index["b2"]] == ("makluan", True)


def test_swap_with_an_adjacent_friend_at_the_end_of_movement():
    """Module, Swapping: a figure ending its movement adjacent to a friendly equipped figure
    may swap glyphs when both can equip both."""
    s = position(ROWS, armies=(("finn", "syvarris"), ("thorgrim",)),
                 at={"finn": "c2", "syvarris": "c4", "thorgrim": "f7"}, active="finn",
                 equipped={"finn": "makluan", "syvarris": "shuriken"})
    act(s, "step finn c3")
    act(s, "stop finn")
    assert texts(s) == {"swap finn syvarris", "keep finn"}
    act(s, "swap finn syvarris")
    assert card_glyph(s, "finn") == "shuriken" and card_glyph(s, "syvarris") == "makluan"


def test_no_swap_offer_without_two_equipped_heroes():
    """Module, Swapping: both figures must be equipped and able to equip both glyphs."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)),
                 at={"finn": "c2", "tarn1": "c4", "thorgrim": "f7"}, active="finn",
                 equipped={"finn": "makluan"})
    act(s, "step finn c3")
    act(s, "stop finn")
    assert not s.pending


def test_wounded_carrier_loses_the_glyph_and_an_opponent_places_it():
    """Module, Losing: a wounded carrier loses its glyph; an opposing player places it
    power-side up on an empty space within 5 spaces and no more than 5 levels higher."""
    rows = list(ROWS)
    rows[2] = "1g 1g 1g 7r 1g 1g 1g"
    s = position(rows, at={"finn": "c3", "thorgrim": "c2"}, active="thorgrim",
                 script=[SKULL, SKULL, SKULL] + [BLANK] * 5, equipped={"finn": "makluan"})
    act(s, "attack thorgrim finn")
    assert card_glyph(s, "finn") == "" and s.to_move() == (1,)
    spaces = {t.split()[1] for t in texts(s)}
    assert "c4" not in spaces, "7 is more than 5 levels higher"
    assert "c3" not in spaces and "c2" not in spaces, "occupied spaces are not empty"
    here = s.board.index["c3"]
    far = {lab for lab, h in s.board.index.items() if s.board.dist(here, h) > 5}
    assert far and not spaces & far, "within 5 spaces"
    assert "a1" in spaces
    act(s, "glyph a1")
    assert s.glyph_at[s.board.index["a1"]] == ("makluan", True)


def test_destroyed_carrier_loses_the_glyph_at_its_last_space():
    """Module, Losing: destroyed carriers lose their glyphs too; its last space is now empty."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "c3", "tarn1": "f1", "thorgrim": "c2"},
                 active="thorgrim", script=[SKULL] * 3 + [BLANK] * 5,
                 equipped={"finn": "makluan"}, wounds={"finn": 3})
    act(s, "attack thorgrim finn")
    assert s.f_state[fig(s, "finn")] == 2
    assert "glyph c3" in texts(s)
    assert [p[1] for p in s.pending] == ["lostglyph", "spirit"]


def test_lost_glyph_with_no_space_is_removed():
    """Ruling (rulebook silent): a lost glyph with no legal space leaves the game."""
    rows = ["1g0 1g1", "1l 1l"]
    s = position(rows, at={"finn": "a1", "thorgrim": "a2"}, active="thorgrim", script=[SKULL] * 3 + [BLANK] * 5,
                 equipped={"finn": "makluan"})
    act(s, "attack thorgrim finn")
    assert not s.pending and "makluan" not in [k for k, _ in s.glyph_at.values()]


def test_dropping_is_not_losing():
    """Reference §2.3 [S6]: 'lose' happens only by wounds or destruction; a drop is not a loss."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "f7"}, active="finn", equipped={"finn": "makluan"})
    act(s, "drop finn")
    assert not s.pending


def test_bat_shuriken_ranged_profile():
    """Utility: Bat Shuriken: for a normal attack the carrier may use Range 5 and Attack 2."""
    s = position(ROWS, at={"finn": "a1", "thorgrim": "a6"}, active="finn", script=[SKULL, SKULL, BLANK, BLANK, BLANK, BLANK],
                 equipped={"finn": "shuriken"})
    assert not legal(s, "attack finn thorgrim") and legal(s, "shuriken finn thorgrim")
    act(s, "shuriken finn thorgrim")
    assert s.f_wounds[fig(s, "thorgrim")] == 2


def test_cosmic_control_rod():
    """Cosmic Control Rod (table proposal): after moving, before attacking, an opposing figure
    within 4 clear sight spaces; d20 11-18 one wound, 19-20 two."""
    s = position(ROWS, at={"finn": "a1", "thorgrim": "a5"}, active="finn", script=[d20(19)],
                 equipped={"finn": "rod"})
    act(s, "rod finn thorgrim")
    assert s.f_wounds[fig(s, "thorgrim")] == 2
    assert not any(t.startswith("step") or t.startswith("rod") for t in texts(s))


def test_time_bomb_arms_and_explodes_from_the_carrier():
    """Time Bomb: armed once stopped on; on each revealed order marker d20: 1 = 6 wounds to
    every figure within 3 spaces of the bomb (the carrier's space when carried)."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "f7"}, glyphs={"b2": ("timebomb", True)}, active="finn")
    act(s, "step finn b2")
    assert s.bomb_armed
    act(s, "equip finn")
    script(s, d20(1))
    s.f_state[fig(s, "thorgrim")] = 1
    from glyphhall.games.heroscape import movement

    movement.place(s, fig(s, "thorgrim"), s.board.index["c3"], -1)
    events = []
    glyph_rules.time_bomb_tick(s, 0, events)
    assert s.f_state[fig(s, "finn")] == 2 and s.f_state[fig(s, "thorgrim")] == 2
    assert card_glyph(s, "finn") == "" and not s.bomb_armed


def test_time_bomb_defused_on_20():
    """Time Bomb: a 20 defuses it and removes it."""
    s = position(ROWS, at={"finn": "b1", "thorgrim": "f7"}, glyphs={"b2": ("timebomb", True)}, script=[d20(20)])
    s.bomb_armed = True
    glyph_rules.time_bomb_tick(s, 0, [])
    assert not s.glyph_at


def test_boom_tube_teleport():
    """Boom Tube (carried, proposal): instead of moving, place the carrier on an empty space
    within 10; no leaving-engagement attacks."""
    s = position(ROWS, at={"finn": "c3", "thorgrim": "c4"}, active="finn", script=[],
                 equipped={"finn": "boomtube"})
    act(s, "teleport finn f1")
    assert hexof(s, "finn") == "f1" and s.f_wounds[fig(s, "finn")] == 0


def test_equipment_text_and_provenance_data():
    """Equipment glyph data: named in the reference; reconstructed powers are marked proposal."""
    from glyphhall.games.heroscape.glyphs import GLYPHS

    kinds = {k: g.provenance for k, g in GLYPHS.items() if g.equipment}
    assert set(kinds) == {"shuriken", "rod", "timebomb", "boomtube", "makluan", "kryptonite"}
    assert kinds["makluan"] == kinds["kryptonite"] == kinds["rod"] == "proposal"


def test_losing_a_glyph_mid_move_then_moving_on():
    """Module, Losing: wounded while leaving engagement, the carrier loses its glyph at once;
    the opponent places it, then the move goes on."""
    s = position(ROWS, at={"finn": "c3", "thorgrim": "c4"}, active="finn", script=[SKULL],
                 equipped={"finn": "makluan"})
    act(s, "step finn c2")
    assert s.to_move() == (1,) and card_glyph(s, "finn") == ""
    act(s, "glyph a1")
    assert s.to_move() == (0,) and s.moving == fig(s, "finn")
    assert legal(s, "step finn c1")


def test_passing_during_movement():
    """Module, Passing: at any point during the move, to an adjacent friendly figure."""
    s = position(ROWS, armies=(("finn", "syvarris"), ("thorgrim",)),
                 at={"finn": "c1", "syvarris": "c4", "thorgrim": "f7"}, active="finn",
                 equipped={"finn": "makluan"})
    act(s, "step finn c2")
    assert "pass finn syvarris" not in texts(s)
    act(s, "step finn c3")
    act(s, "pass finn syvarris")
    assert card_glyph(s, "syvarris") == "makluan"
    assert s.moving == fig(s, "finn"), "the figure keeps moving"


def test_time_bomb_ticks_when_an_order_marker_is_revealed():
    """Time Bomb: roll whenever an order marker is revealed (through the round flow)."""
    from glyphhall.games.heroscape import flow

    s = position(ROWS, at={"finn": "a1", "thorgrim": "f7"}, glyphs={"d4": ("timebomb", True)})
    start_round(s, 2, None, [d20(10)])  # the order markers placed, none revealed yet
    s.bomb_armed = True
    s.active_card = -1
    events = []
    flow.begin_turn(s, events)
    assert any("Time Bomb: roll 10" in e.text for e in events)


def test_double_space_hero_drops_onto_either_of_its_spaces():
    """Module, Dropping: onto 'a space that figure currently occupies' - either space of a
    double-space hero, never one that already has another glyph."""
    s = position(ROWS, armies=(("mimring",), ("thorgrim",)), at={"mimring": ("c3", "c4"), "thorgrim": "f7"},
                 glyphs={"c3": ("gerda", True)}, active="mimring", equipped={"mimring": "makluan"})
    drops = {t for t in texts(s) if t.startswith("drop")}
    assert drops == {"drop mimring c4"}
    act(s, "drop mimring c4")
    assert s.glyph_at[s.board.index["c4"]] == ("makluan", True) and card_glyph(s, "mimring") == ""


def test_no_drop_onto_a_friend_being_passed_through():
    """Module, Dropping + Glyphs: glyphs lie on otherwise empty spaces; a figure passing
    through a friend's space does not drop its glyph under the friend."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "c2", "tarn1": "c3", "thorgrim": "f7"},
                 active="finn", equipped={"finn": "makluan"})
    act(s, "step finn c3")
    assert "drop finn" not in texts(s)
    act(s, "step finn c4")
    assert "drop finn" in texts(s)


def test_double_space_hero_stopping_on_two_equipment_glyphs_equips_one():
    """Module, Equipment Glyphs: equip only while no glyph is equipped. A hero stopping with
    both ends on Equipment Glyphs equips one; for the other it may only swap (Swapping)."""
    s = position(ROWS, armies=(("mimring",), ("thorgrim",)), at={"mimring": ("c3", "c2"), "thorgrim": "f7"},
                 glyphs={"c3": ("makluan", True), "c4": ("shuriken", True)}, active="mimring")
    act(s, "step mimring c4")
    act(s, "stop mimring")
    assert texts(s) == {"equip mimring", "leave mimring"}
    act(s, "equip mimring")
    assert card_glyph(s, "mimring") == "shuriken"
    assert texts(s) == {"swap mimring", "keep mimring"}, "never a second glyph at once"
    act(s, "swap mimring")
    assert card_glyph(s, "mimring") == "makluan"
    assert s.glyph_at[s.board.index["c3"]] == ("shuriken", True)


def test_equip_at_the_end_of_movement_then_swap_with_an_adjacent_friend():
    """Module, Swapping: a figure that equips the glyph it stopped on has ended its movement
    equipped, so it may then swap with an adjacent friendly equipped figure."""
    s = position(ROWS, armies=(("finn", "syvarris"), ("thorgrim",)),
                 at={"finn": "c2", "syvarris": "c4", "thorgrim": "f7"}, glyphs={"c3": ("makluan", True)},
                 active="finn", equipped={"syvarris": "shuriken"})
    act(s, "step finn c3")
    assert texts(s) == {"equip finn", "leave finn"}
    act(s, "equip finn")
    assert texts(s) == {"swap finn syvarris", "keep finn"}
    act(s, "swap finn syvarris")
    assert card_glyph(s, "finn") == "shuriken" and card_glyph(s, "syvarris") == "makluan"
    s = position(ROWS, armies=(("finn", "syvarris"), ("thorgrim",)),
                 at={"finn": "c2", "syvarris": "c4", "thorgrim": "f7"}, glyphs={"c3": ("makluan", True)},
                 active="finn", equipped={"syvarris": "shuriken"})
    act(s, "step finn c3")
    act(s, "leave finn")
    assert not s.pending and "end" in texts(s), "nothing to swap: the offer lapses"
