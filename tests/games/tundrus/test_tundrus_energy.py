"""Paying Energy (Reference > Power Glyph: Power Glyphs "used as Energy Cubes directly from the Active
Dice Pool"; Store Power Glyphs: a Stored die "can be used as an Energy Cube"): the player names the
Power dice and the Stored dice that pay when they differ and not all of them must go."""

from tundrus_helpers import COLOUR, SETUP_POOL, champ, do, new_game, pool_glyphs, texts, turn_of


def test_power_dice_that_differ_are_named():
    """Sword Dance paid with `power`: two different Power dice could pay; the player names one."""
    s = turn_of("fire_guard", ["white tribal power", "blue tribal power", "gold tribal wealth", "war"],
                champions={"fire_guard": {"items": ["dancing_blades"]}})
    fg = champ(s, "fire_guard")
    cubes = fg.energy_cubes
    do(s, "sworddance war power")
    assert s.phase == "energypay" and texts(s) == ["energy 1", "energy 2"]
    assert s.view(1)["turn"]["energy_for"] == "sworddance war power"
    do(s, "energy 2")
    assert s.phase == "main" and s.turn[9] == 1 and fg.energy_cubes == cubes
    assert [d[4] for d in s.pool] == [False, True, False, False]


def test_stored_dice_that_differ_are_named():
    """A Stored die pays before Track cubes (it goes back to the Supply); with a Tribal and an own die
    Stored, the player names the one that goes back."""
    s = turn_of("fire_guard", ["war"], champions={"fire_guard": {
        "items": ["dancing_blades"], "stored_energy": ["blue tribal", "green own"]}})
    fg = champ(s, "fire_guard")
    blue, green = COLOUR["blue"], COLOUR["green"]
    cubes = fg.energy_cubes
    do(s, "sworddance defense")
    assert s.phase == "energypay" and texts(s) == ["energy stored 1", "energy stored 2"]
    do(s, "energy stored 2")
    assert fg.energy_dice == [(blue, 1, 0)] and fg.start[green] == 1 and fg.energy_cubes == cubes
    assert s.phase == "main" and s.turn[10] == 1


def test_ability_energy_from_named_dice_outside_its_combo():
    """Shield Bash (2 Defense, 1 War, 2 Energy) with `power`: its combo's dice cannot pay; of the three
    different Power dice the player names two, then the Ability resolves."""
    s = turn_of("fire_guard", ["green own defense", "defense", "red tribal war", "blue tribal power", "power",
                               "gold tribal arcana"], tribal=[SETUP_POOL, {"white": 2, "red": 1, "blue": 1, "gold": 1}])
    fg, pr = champ(s, "fire_guard"), champ(s, "priestess")
    cubes = fg.energy_cubes
    do(s, "ability shield_bash priestess power")
    assert texts(s) == ["energy 4", "energy 5", "energy 6"]
    do(s, "energy 6")
    assert s.phase == "energypay"
    do(s, "energy 4")
    assert s.phase == "secondary" and fg.energy_cubes == cubes and "shield_bash" in pr.tokens
    assert [d[4] for d in s.pool] == [True, True, True, True, False, True]
    assert pool_glyphs(s)[4] == "power"


def test_alike_choices_need_no_question():
    """Two white Tribal Power dice are alike: Sword Dance with `power` pays at once."""
    s = turn_of("fire_guard", ["power", "power"], champions={"fire_guard": {"items": ["dancing_blades"]}})
    do(s, "sworddance war power")
    assert s.phase == "main" and [d[4] for d in s.pool] == [True, False]


def test_replenish_energy_from_a_named_stored_die():
    """REPLENISH: "a cost of one Energy Cube for two dice"; a Stored die pays first and goes back to
    the Supply, so the player names which (here the Tribal blue die, which can then be taken)."""
    s = new_game()
    fg = champ(s, "fire_guard")
    blue, green, red = COLOUR["blue"], COLOUR["green"], COLOUR["red"]
    s.tribal[1][blue] -= 1
    fg.start[green] -= 1
    fg.energy_dice = [(blue, 1, 0), (green, fg.idx, 1)]
    fg.start[red] += 2
    s.stock[red] -= 2
    s.next_tribe = 1
    do(s, "activate fire_guard")
    for t in ("white tribal", "white tribal", "gold tribal", "red own"):
        do(s, f"take {t}")
    cubes = fg.energy_cubes
    do(s, "take red own")  # the fifth die: Energy is due
    assert s.phase == "energypay" and texts(s) == ["energy stored 1", "energy stored 2"]
    do(s, "energy stored 1")
    assert s.phase == "replenish" and len(s.pool) == 5 and fg.energy_cubes == cubes
    assert fg.energy_dice == [(green, fg.idx, 1)] and "take blue tribal" in texts(s)
    do(s, "take blue tribal")  # the second die that Energy bought
    assert len(s.pool) == 6 and fg.energy_cubes == cubes


def test_garrison_energy_named_before_the_conversion():
    """Garrison, "spend 1 Energy to convert 3 non-Defense Glyphs": with `power` the player names the
    Power die that pays, then the Glyphs converted."""
    s = turn_of("fire_guard", ["power", "blue tribal power", "gold tribal wealth", "war", "green own destruction"],
                champions={"fire_guard": {"items": ["garrison_helm"]}})
    fg = champ(s, "fire_guard")
    cubes = fg.energy_cubes
    do(s, "garrison power")
    assert s.phase == "energypay" and texts(s) == ["energy 1", "energy 2"]
    do(s, "energy 2")
    assert s.phase == "garrison" and texts(s) == ["convert 1", "convert 3", "convert 4", "convert 5"]
    for n in (3, 4, 5):
        do(s, f"convert {n}")
    assert s.phase == "main" and s.turn[10] == 2 and fg.energy_cubes == cubes
    assert [d[4] for d in s.pool] == [False, True, True, True, True]


def test_garrison_never_pays_with_a_glyph_it_needs():
    """Garrison with exactly 3 convertible Glyphs, one a Power Glyph: only a cube can pay, so
    `garrison power` is not offered; with no cube left, Garrison is not offered at all."""
    s = turn_of("fire_guard", ["blue tribal power", "war", "gold tribal wealth"],
                champions={"fire_guard": {"items": ["garrison_helm"]}})
    fg = champ(s, "fire_guard")
    assert "garrison" in texts(s) and "garrison power" not in texts(s)
    s.cubes[2] += fg.energy_cubes
    fg.energy_cubes = 0
    assert "garrison" not in texts(s)
