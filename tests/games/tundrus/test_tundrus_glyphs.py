"""Reference > Glyphs: War, Defense, Power, Wealth, Arcana (wild), Destruction, Double Glyphs,
and each Glyph used once a Turn."""

from tundrus_helpers import COLOUR, DATA, SETUP_POOL, champ, do, new_game, roll_pool, texts, turn_of

from glyphhall.games.tundrus.data import GLYPH_CODE
from glyphhall.games.tundrus.dice import match

TAKE4 = ["white tribal", "white tribal", "gold tribal", "blue tribal"]


def pool_of(*glyphs):
    return [(0, 0, 0, GLYPH_CODE[g], False, False) for g in glyphs]


def test_arcana_mimics_any_glyph():
    """Glyph of Arcana: "Wild. Can mimic any Glyph"."""
    assert match(pool_of("arcana", "arcana", "war"), (1, 1, 1, 0), (0, 0)) is not None
    assert match(pool_of("arcana"), (0, 0, 0, 1), (0, 0)) is not None


def test_destruction_matches_nothing():
    """Glyph of Destruction: no known use; it Matches no combo."""
    assert match(pool_of("destruction", "destruction"), (1, 0, 0, 0), (0, 0)) is None


def test_double_glyph_matches_two():
    """Double Glyphs: the single die matches two Glyphs in the Combo."""
    used, _ = match(pool_of("double_defense", "war"), (1, 2, 0, 0), (0, 0))
    assert sorted(used) == [0, 1]


def test_double_glyph_second_half_is_lost():
    """Double Glyphs: "If you cannot use both Glyphs, the second is lost" - the die is used up."""
    used, _ = match(pool_of("double_war", "defense"), (1, 1, 0, 0), (0, 0))
    assert sorted(used) == [0, 1]


def test_matching_prefers_single_faces_and_keeps_arcana():
    """Glyph matching is canonical (README ruling): singles before Doubles, Arcana last."""
    used, _ = match(pool_of("arcana", "war", "double_war", "war"), (2, 0, 0, 0), (0, 0))
    assert sorted(used) == [1, 3]


def test_glyphs_used_once_per_turn():
    """Note: All Glyphs can only be used once during a Champion's Turn."""
    pool = pool_of("wealth")
    pool[0] = pool[0][:4] + (True, False)
    assert match(pool, (0, 0, 0, 1), (0, 0)) is None


def test_each_die_used_once_in_play():
    """Note: All Glyphs can only be used once - a Wealth die spent on one Acquire cannot Acquire again."""
    s = turn_of("fire_guard", ["gold tribal wealth"], spoils={"face_up": ["tome_of_might"]})
    do(s, "acquire tome_of_might")
    do(s, "stash")
    assert not any(t.startswith("acquire") for t in texts(s))


def test_power_glyph_pays_energy():
    """Power Glyph: may be used as an Energy Cube when paying the Resource Cost of Abilities."""
    s = turn_of("fire_guard", ["defense", "green own defense", "war", "blue tribal power", "blue tribal power"],
                tribal=[SETUP_POOL, {"white": 2, "gold": 1, "blue": 2}])
    fg = champ(s, "fire_guard")
    assert "ability shield_bash priestess" in texts(s)  # 2 Energy: 1 cube + 1 Power Glyph
    do(s, "ability shield_bash priestess")
    assert fg.energy_cubes == 0


def test_power_first_keeps_the_cubes():
    """Power Glyphs may pay instead of cubes ('power' pays with the dice first)."""
    s = turn_of("fire_guard", ["defense", "green own defense", "war", "blue tribal power", "blue tribal power"],
                tribal=[SETUP_POOL, {"white": 2, "gold": 1, "blue": 2}])
    fg = champ(s, "fire_guard")
    cubes = fg.energy_cubes
    do(s, "ability shield_bash priestess power")
    assert fg.energy_cubes == cubes and all(d[4] for d in s.pool if d[3] == GLYPH_CODE["power"])


def test_store_power_glyph_then_use_it_as_energy():
    """Power Glyph: a Stored die can later be used as an Energy Cube (and then returns)."""
    s = turn_of("fire_guard", ["blue tribal power"])
    fg = champ(s, "fire_guard")
    do(s, "store energy 1")
    assert fg.energy() == 3 and s.tribal[1][COLOUR["blue"]] == 0
    from glyphhall.games.tundrus.tracks import spend_energy

    spend_energy(s, fg, 1)
    assert fg.energy_dice == [] and s.tribal[1][COLOUR["blue"]] == 1


def test_store_needs_an_unoccupied_square():
    """Power Glyph: Store only on an unoccupied square of the Energy Track."""
    s = new_game()
    fg = champ(s, "fire_guard")
    fg.energy_cubes = fg.energy_max
    roll_pool(s, "fire_guard", ["blue tribal"], ["power"])
    assert "store energy 1" not in texts(s)


def test_store_double_places_die_and_cube():
    """Double Glyphs: Stored, both the die and a cube from the Stock go on the Track."""
    s = turn_of("fire_guard", ["green own double_defense"])
    fg = champ(s, "fire_guard")
    do(s, "store armor 1")
    assert fg.temp == [(COLOUR["green"], fg.idx, 1), None]


def test_store_double_with_one_square_loses_the_second():
    """Double Glyphs: if you cannot use both Glyphs, the second is lost."""
    s = new_game()
    fg = champ(s, "fire_guard")
    fg.temp = [None]
    s.cubes[1] -= 1
    roll_pool(s, "fire_guard", ["green own"], ["double_defense"])
    do(s, "store armor 1")
    assert fg.temp == [None, (COLOUR["green"], fg.idx, 1)]


def test_wealth_glyph_acquires():
    """Wealth Glyph: spend an unused Wealth die to Acquire a face-up Item."""
    s = turn_of("fire_guard", ["war"])
    assert not any(t.startswith("acquire") for t in texts(s))


def test_double_wealth_acquires_twice():
    """Ruling B7.5: a Double Wealth may Acquire two Items in one go."""
    s = turn_of("fire_guard", ["gold tribal double_wealth"])
    do(s, f"acquire {s.faceup[0]}")
    do(s, "stash")
    assert any(t.startswith("acquire") for t in texts(s))
    do(s, f"acquire {s.faceup[0]}")
    do(s, "stash")
    assert not any(t.startswith("acquire") for t in texts(s))


def test_war_glyphs_match_the_combo_and_power_the_attack():
    """Attack Abilities: War Glyphs both Match the combo and power the Basic Attack."""
    s = turn_of("fire_guard", ["defense", "green own defense", "war", "gold tribal wealth"])
    pr = champ(s, "priestess")
    do(s, "ability shield_bash priestess")
    assert pr.health == pr.health_max - 1  # the combo's one War Glyph dealt the damage


def test_dice_faces_data():
    """Dice Face Layout: six layouts, one basic (white) and five specialty dice; 65 dice in all."""
    assert sum(d.count for d in DATA.dice) == 65
    assert {d.specialty for d in DATA.dice} == {"none", "war", "defense", "power", "wealth", "arcana"}


def test_hold_keeps_a_die_out_of_the_primary_action():
    """Step 4: the player chooses the dice that Match; 'hold' keeps a die (here a Tribal blue Power
    die, so that the Fire Guard's own choice decides which die pays) out of the automatic choice."""
    s = new_game()
    fg = champ(s, "fire_guard")
    s.tribal[1][COLOUR["green"]] += 1
    s.stock[COLOUR["green"]] -= 1
    roll_pool(s, "fire_guard", ["green own", "green tribal", "white tribal", "blue tribal"],
              ["defense", "defense", "defense", "power"])
    do(s, "hold 1")  # keep her own green die unused: the Tribal one and the white one Match
    do(s, "ability burning_aegis priestess")
    assert not s.pool[0][4] and s.pool[1][4] and s.pool[2][4] and s.pool[3][4]
    assert fg.energy_cubes == 1


def test_held_dice_can_make_an_ability_unavailable():
    s = new_game()
    roll_pool(s, "fire_guard", ["white tribal", "white tribal", "blue tribal"],
              ["defense", "defense", "power"])
    assert "ability burning_aegis priestess" in texts(s)
    do(s, "hold 3")
    assert "ability burning_aegis priestess" not in texts(s)
    do(s, "end")
    assert s.marks == [] and s.phase == "activate"
