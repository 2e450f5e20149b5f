"""Champion Abilities (rulebook 4a; boards proposed in the reference, B3) and the Ability Effect
Tokens they place (reference B4)."""

import pytest
from tundrus_helpers import (
    DATA,
    SETUP_POOL,
    TRIBE2,
    champ,
    do,
    finish_turn,
    new_game,
    pool_glyphs,
    ready,
    script,
    texts,
    turn_of,
)

from glyphhall.games.tundrus.rounds import activate, end_of_round

GUARDS = ("druid", "warlord", "priestess")
TRICKS = ("trickster", "fire_guard", "blood_mage")  # tribe 2 (initiative)
GOLEMS = ("stone_golem", "warlord", "priestess")  # tribe 2 (initiative)


def test_shield_bash_attack_and_token():
    """Shield Bash: a Basic Attack, then the Shield Bash token: 3 free dice at its next REPLENISH."""
    s = turn_of("fire_guard", ["defense", "defense", "war"], full=True)
    pr = champ(s, "priestess")
    do(s, "ability shield_bash priestess")
    assert pr.health == pr.health_max - 1 and "shield_bash" in pr.tokens
    finish_turn(s)
    do(s, "activate priestess")
    assert s.turn[0] == 3


def test_burning_aegis():
    """Fire Guard, Burning Aegis (B3): 1 Magic Damage to a single enemy, then fill her own Armor Track."""
    s = turn_of("fire_guard", ["defense", "defense", "power"], full=True)
    fg, sg = champ(s, "fire_guard"), champ(s, "stone_golem")
    do(s, "ability burning_aegis stone_golem")
    assert sg.health == sg.health_max - 1 and sg.armor_perm == 3  # Magic Damage
    assert len(fg.temp) == 2  # her own Armor Track filled


def test_inferno():
    """Fire Guard, Inferno (B3 ultimate): 1 Magic Damage to all enemies, then fill each ally's Armor Track."""
    s = turn_of("fire_guard", ["defense", "defense", "defense", "war", "war"], full=True)
    do(s, "ability inferno")
    for cid in ("priestess", "warlord", "stone_golem"):
        assert champ(s, cid).health == champ(s, cid).health_max - 1
    for cid in ("fire_guard", "huntress", "necromancer"):
        c = champ(s, cid)
        assert len(c.temp) == c.armor_hollow


def test_crushing_blow_unarmored():
    """Stone Golem, Crushing Blow (B3): an Attack, then the Unarmored token (B4): Attacks ignore its Armor."""
    s = turn_of("stone_golem", ["war", "war", "defense"], TRIBE2, GOLEMS, full=True)
    fg = champ(s, "fire_guard")
    do(s, "ability crushing_blow fire_guard")
    assert fg.health == fg.health_max and "unarmored" in fg.tokens  # 2 War only strip 2 Armor
    from glyphhall.games.tundrus.combat import attack

    assert attack(s, champ(s, "warlord"), fg, 1, []) == 1


def test_bulwark():
    """Stone Golem, Bulwark (B3): fill your own Armor Track and one other ally's."""
    s = turn_of("stone_golem", ["defense", "defense", "wealth"], TRIBE2, GOLEMS, full=True)
    do(s, "ability bulwark priestess")
    assert len(champ(s, "stone_golem").temp) == 1 and len(champ(s, "priestess").temp) == 2


def test_avalanche_unlimited_damage():
    """Avalanche: once Armor is removed, every remaining War Glyph removes a Health."""
    s = turn_of("stone_golem", ["war", "war", "war", "defense", "defense", "war", "war"], TRIBE2, GOLEMS,
                full=True)
    fg = champ(s, "fire_guard")
    do(s, "ability avalanche fire_guard")
    assert fg.health == fg.health_max - 3  # 5 War: 2 for Armor, 3 damage


def test_bear_form():
    """Druid, Bear Form (B3/B4): fill own Armor, then in its next Turn a Basic Attack can cause 2 damage."""
    s = turn_of("druid", ["defense", "war", "power"], GUARDS, TRIBE2, full=True)
    dr = champ(s, "druid")
    do(s, "ability bear_form")
    assert len(dr.temp) == dr.armor_hollow and dr.tokens["bear_form"] == [1, 0]
    activate(s, dr, [])  # its next Turn: the token is armed
    from glyphhall.games.tundrus.combat import attack

    hu = champ(s, "huntress")
    assert attack(s, dr, hu, 6, []) == 2


def test_entangling_roots_blocks_secondary():
    """Druid, Entangling Roots (B3/B4): no Secondary Actions during its next Turn."""
    s = turn_of("druid", ["power", "power", "defense"], GUARDS, TRIBE2, full=True)
    hu = champ(s, "huntress")
    do(s, "ability entangling_roots huntress")
    assert "entangling_roots" in hu.tokens
    finish_turn(s)
    ready(s, "huntress", ["power", "wealth"])
    assert not any(t.startswith(("store", "acquire")) for t in texts(s))
    finish_turn(s)
    assert "entangling_roots" not in hu.tokens  # gone at the end of its next Turn


def test_regrowth():
    """Druid, Regrowth (B3 ultimate): each ally Gains 1 Health Cube."""
    s = turn_of("druid", ["power", "power", "power", "defense", "defense"], GUARDS, TRIBE2, full=True,
                champions={cid: {"health": DATA.champions[cid].health - 2} for cid in GUARDS})
    do(s, "ability regrowth")
    for cid in GUARDS:
        assert champ(s, cid).health == champ(s, cid).health_max - 1


def test_rallying_cry_five_free_dice():
    """Warlord, Rallying Cry (B3/B4): each other ally selects 5 free dice at its next REPLENISH."""
    s = turn_of("warlord", ["war", "defense", "wealth"], GUARDS, TRIBE2, full=True)
    do(s, "ability rallying_cry")
    assert "rallying_cry" in champ(s, "druid").tokens and "rallying_cry" in champ(s, "priestess").tokens
    assert "rallying_cry" not in champ(s, "warlord").tokens
    finish_turn(s)
    s.next_tribe = 0
    do(s, "activate druid")
    assert s.turn[0] == 5


def test_disarm():
    """Warlord, Disarm (B3/B4): an Attack, then the Disarm token on the target."""
    s = turn_of("warlord", ["war", "war", "wealth"], GUARDS, TRIBE2, full=True)
    do(s, "ability disarm necromancer")
    assert "disarm" in champ(s, "necromancer").tokens


def test_war_drums_and_war_glyph_tokens():
    """War Drums: +1 War Glyph token on each ally, -1 on each enemy, for their next Turns."""
    s = turn_of("warlord", ["war", "war", "war", "defense", "wealth"], GUARDS, TRIBE2, full=True)
    do(s, "ability war_drums necromancer")
    assert champ(s, "druid").tokens["war_glyph"][0] == 1
    assert champ(s, "fire_guard").tokens["war_glyph"][0] == -1
    finish_turn(s)
    ready(s, "fire_guard", ["war", "war"])
    assert sum(1 for d in s.pool if d[4]) == 1  # one War Glyph cannot be used
    finish_turn(s)
    ready(s, "druid", ["defense"])
    assert s.turn[9] == 1 and "attack fire_guard" in texts(s)  # the extra War Glyph


@pytest.mark.parametrize("lost", [1, 2])
def test_war_glyph_minus_one_the_player_chooses_the_glyph_lost(lost):
    """War Glyph -1 token (reference B4): one War Glyph in the Active Dice Pool, "its choice; one half
    of a Double", cannot be used; the player picks it with `lose <die>` after the REROLL."""
    s = turn_of("fire_guard", ["war", "red tribal double_war", "gold tribal wealth"], turn={"step": "reroll"},
                tribal=[SETUP_POOL, {"white": 2, "red": 1, "gold": 1, "blue": 1}],
                champions={"fire_guard": {"tokens": ["war_glyph -1"]}})
    do(s, "keep")
    assert s.phase == "warloss" and texts(s) == ["lose 1", "lose 2"]
    do(s, f"lose {lost}")
    assert s.phase == "main"
    if lost == 1:
        assert s.pool[0][4] and pool_glyphs(s)[1] == "double_war"
    else:
        assert not s.pool[0][4] and pool_glyphs(s)[1] == "war" and not s.pool[1][4]
    from glyphhall.games.tundrus.dice import war_units

    assert war_units(s.pool, frozenset()) == 2  # either way two War Glyphs remain usable


def test_dazing_shot_skips_reroll():
    """Huntress, Dazing Shot (B3/B4): the target skips the REROLL step of its next Turn."""
    s = turn_of("huntress", ["war", "war", "power"], full=True)
    do(s, "ability dazing_shot priestess")
    pr = champ(s, "priestess")
    assert "dazing_shot" in pr.tokens and pr.health == pr.health_max - 1
    finish_turn(s)
    do(s, "activate priestess")
    do(s, "take white tribal")
    script(s, "white war")
    do(s, "roll")
    assert s.phase == "main"


def test_viper_bite_damage_next_turn():
    """Huntress, Viper Bite (B3/B4): 1 Magic Damage now and 1 at the start of its next Turn."""
    s = turn_of("huntress", ["war", "power", "power"], full=True)
    pr = champ(s, "priestess")
    do(s, "ability viper_bite priestess")
    assert pr.health == pr.health_max - 1
    finish_turn(s)
    do(s, "activate priestess")
    assert pr.health == pr.health_max - 2 and "viper_bite" not in pr.tokens


def test_volley_attacks_each_enemy():
    """Huntress, Volley (B3): a Basic Attack on each enemy, the same War Glyphs powering each."""
    s = turn_of("huntress", ["war", "war", "war", "war", "power"], full=True)
    do(s, "ability volley")
    assert champ(s, "priestess").health == champ(s, "priestess").health_max - 1
    assert champ(s, "warlord").health == champ(s, "warlord").health_max - 1
    assert champ(s, "stone_golem").health == champ(s, "stone_golem").health_max - 1  # 4 War > 3 Armor


def test_gambit_free_reroll_next_turn():
    """Trickster, Gambit (B3/B4): an Attack, then one free repeat of the REROLL next Turn."""
    s = turn_of("trickster", ["wealth", "wealth", "war"], GUARDS, TRICKS, full=True)
    tr = champ(s, "trickster")
    do(s, "ability gambit priestess")
    assert tr.tokens["gambit"] == [1, 0]
    finish_turn(s)
    tr.activated = False
    ready(s, "trickster", ["war"])
    assert "gambit" in texts(s)
    do(s, "gambit")
    assert s.phase == "reroll"
    do(s, "keep")
    assert "gambit" not in texts(s)


def test_vertigo_powder_blocks_attacks():
    """Trickster, Vertigo Powder (B3/B4): no Basic Attack, alone or in an Ability, next Turn."""
    s = turn_of("trickster", ["wealth", "power", "defense"], GUARDS, TRICKS, full=True)
    do(s, "ability vertigo_powder warlord")
    finish_turn(s)
    ready(s, "warlord", ["war", "war", "wealth"])
    assert not any(t.startswith(("attack", "ability disarm")) for t in texts(s))


def test_backstab():
    """Trickster, Backstab (B3 ultimate): 3 Magic Damage to a single enemy."""
    s = turn_of("trickster", ["war", "war", "war", "wealth", "wealth"], GUARDS, TRICKS, full=True)
    do(s, "ability backstab druid")
    assert champ(s, "druid").health == champ(s, "druid").health_max - 3


def test_guardian_angel():
    """Priestess, Guardian Angel (B3/B4): the token goes on a single ally."""
    s = new_game(GUARDS, TRICKS)
    s.next_tribe = 0
    ready(s, "priestess", ["power", "power", "defense"])
    do(s, "ability guardian_angel druid")
    assert "guardian_angel" in champ(s, "druid").tokens


def test_enchantment_reduces_energy():
    """Priestess, Enchantment (B3/B4): up to 2 allies; their next Primary Ability costs 1 Energy less."""
    s = turn_of("priestess", ["power", "power", "wealth"], GUARDS, TRICKS, full=True)
    assert "ability enchantment druid warlord" in texts(s)
    do(s, "ability enchantment druid warlord")
    dr = champ(s, "druid")
    finish_turn(s)
    activate(s, dr, [])  # the druid's next Turn: its Enchantment token is armed
    from glyphhall.games.tundrus.abilities import energy_cost

    assert energy_cost(dr, s.data.abilities["bear_form"]) == 1


def test_sanctuary():
    """Priestess, Sanctuary (B3 ultimate): fill each ally's Armor Track, a single ally Gains 2 Health."""
    s = turn_of("priestess", ["power", "power", "power", "defense", "defense"], GUARDS, TRICKS, full=True,
                champions={"druid": {"health": DATA.champions["druid"].health - 3}})
    do(s, "ability sanctuary druid")
    assert champ(s, "druid").health == champ(s, "druid").health_max - 1
    assert all(len(champ(s, c).temp) == champ(s, c).armor_hollow for c in GUARDS)


def test_rancid_bile_no_energy_at_end_of_round():
    """Necromancer, Rancid Bile (B3/B4): no Energy Cube at the next End of Round step 2."""
    s = turn_of("necromancer", ["power", "power", "wealth"], full=True, champions={"priestess": {"energy": 0}})
    pr = champ(s, "priestess")
    do(s, "ability rancid_bile priestess")
    end_of_round(s, [])
    assert pr.energy_cubes == 0 and "rancid_bile" not in pr.tokens


def test_sleep():
    """Necromancer, Sleep (B3/B4): the target's next Turn skips steps 1-7; it is still Activated."""
    s = turn_of("necromancer", ["power", "power", "power", "war", "wealth"], full=True)
    do(s, "ability sleep priestess")
    finish_turn(s)
    pr = champ(s, "priestess")
    do(s, "activate priestess")
    assert pr.activated and "sleep" not in pr.tokens and s.phase == "activate" and s.next_tribe == 1


def test_sacrificial_offering():
    """Blood Mage, Sacrificial Offering (B3): an Attack; if the target loses Health, Gain 2 Energy."""
    s = turn_of("blood_mage", ["war", "war", "power"], GUARDS, TRICKS, champions={"blood_mage": {"energy": 0}})
    bm = champ(s, "blood_mage")
    do(s, "ability sacrificial_offering priestess")
    assert champ(s, "priestess").health == champ(s, "priestess").health_max - 1 and bm.energy_cubes == 2


def test_sacrificial_offering_on_himself():
    """Sacrificial Offering: automatic success on himself; he still takes 1 damage."""
    s = turn_of("blood_mage", ["war", "war", "power"], GUARDS, TRICKS, champions={"blood_mage": {"energy": 0}})
    bm = champ(s, "blood_mage")
    do(s, "ability sacrificial_offering blood_mage")
    assert bm.health == bm.health_max - 1 and bm.energy_cubes == 2


def test_blood_moon_health_cost_and_free_replenish():
    """Blood Mage, Blood Moon (B3/B4): costs 1 Health; next Turn REPLENISH is free up to 10 dice."""
    s = turn_of("blood_mage", ["power", "power", "war"], GUARDS, TRICKS, full=True)
    bm = champ(s, "blood_mage")
    do(s, "ability blood_moon")
    assert bm.health == bm.health_max - 1 and bm.tokens["blood_moon"] == [1, 0]
    finish_turn(s)
    bm.activated = False
    activate(s, bm, [])
    assert s.turn[0] == 10


def test_blood_boil_cannot_take_the_last_health():
    """Blood Mage, Blood Boil (B3): 2 Magic Damage to one enemy, 1 to each other; a Health cost never takes the last cube (B7.9)."""
    dice = ["power", "power", "power", "war", "war"]
    s = turn_of("blood_mage", dice, GUARDS, TRICKS, full=True, champions={"blood_mage": {"health": 2}})
    assert not any(t.startswith("ability blood_boil") for t in texts(s))  # ruling B7.9
    s = turn_of("blood_mage", dice, GUARDS, TRICKS, full=True, champions={"blood_mage": {"health": 3}})
    bm = champ(s, "blood_mage")
    assert "ability blood_boil druid" in texts(s)
    do(s, "ability blood_boil druid")
    assert champ(s, "druid").health == champ(s, "druid").health_max - 2
    assert champ(s, "warlord").health == champ(s, "warlord").health_max - 1
    assert bm.health == 1
