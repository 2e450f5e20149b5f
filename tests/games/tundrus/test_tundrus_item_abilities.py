"""The ABILITIES glossary: every Item ability (with its Complete Set Bonus where it has one)."""

import pytest
from tundrus_helpers import (
    COLOUR,
    SETUP_POOL,
    champ,
    do,
    give,
    new_game,
    pool_glyphs,
    roll_pool,
    script,
    show,
    texts,
    turn_of,
)

from glyphhall.engine import IllegalAction
from glyphhall.games.tundrus.rounds import activate

TAKE4 = ["white tribal", "white tribal", "gold tribal", "blue tribal"]


def test_alchemy_gains_specialty_dice():
    """Alchemy: roll 2 white dice and Gain the matching specialty dice on this Item."""
    s = new_game()
    script(s, "white war", "white destruction")
    give(s, "fire_guard", "alchemists_blade")
    fg = champ(s, "fire_guard")
    assert fg.slot_dice[0] == [0, 1, 0, 0, 0, 0]  # one red die; Destruction gives nothing


def test_alchemy_complete_set_bonus_to_tribal_pool():
    """Alchemy COMPLETE SET BONUS: 2 more white dice, Gains to the Tribal Pool permanently."""
    s = new_game()
    script(s, *(f"white {g}" for g in ("war", "war", "power", "power", "wealth", "defense", "arcana", "arcana")))
    give(s, "fire_guard", "alchemists_blade")
    give(s, "fire_guard", "alchemists_apron")
    before = s.tribal[1][:]
    give(s, "fire_guard", "alchemists_kit")
    assert s.tribal[1][COLOUR["black"]] == before[COLOUR["black"]] + 2
    from glyphhall.games.tundrus.items import discard_slot

    discard_slot(s, champ(s, "fire_guard"), 2, [])
    assert s.tribal[1][COLOUR["black"]] == before[COLOUR["black"]] + 2  # not lost with the Item


def test_blood_feud_marks_an_enemy_on_equip():
    """Blood Feud: mark a single enemy; actions against it act as though it is unarmored."""
    s = turn_of("fire_guard", ["gold tribal wealth"], spoils={"face_up": ["grudge_hammer"]})
    do(s, "acquire grudge_hammer")
    do(s, "equip")
    assert s.phase == "feud" and set(texts(s)) == {"feud priestess", "feud warlord", "feud stone_golem"}
    do(s, "feud stone_golem")
    sg, fg = champ(s, "stone_golem"), champ(s, "fire_guard")
    from glyphhall.games.tundrus.combat import attack

    assert attack(s, fg, sg, 1, []) == 1 and sg.armor_perm == 3
    from glyphhall.games.tundrus.items import discard_slot

    discard_slot(s, fg, 0, [])  # "Remove the Token when the Item is discarded"
    assert "blood_feud" not in sg.tokens


def test_blood_feud_marks_only_on_the_first_equip():
    """Blood Feud: "When this Item is Equipped for the first time, mark a single enemy"; the card
    lost and Acquired again is Equipped without a new mark (reference B7.24)."""
    s = turn_of("fire_guard", ["gold tribal wealth"], spoils={"face_up": ["grudge_hammer"]})
    do(s, "acquire grudge_hammer")
    do(s, "equip")
    do(s, "feud warlord")
    fg = champ(s, "fire_guard")
    from glyphhall.games.tundrus.items import discard_slot

    discard_slot(s, fg, 0, [])
    assert "blood_feud" not in champ(s, "warlord").tokens and "grudge_hammer" in s.discard
    show(s, "grudge_hammer")
    from glyphhall.games.tundrus.state import T_CREDIT

    s.turn[T_CREDIT] = 1  # a Double Wealth's second Glyph: one more Acquire
    do(s, "acquire grudge_hammer")
    do(s, "equip")
    assert s.phase == "secondary" and fg.slots[0] == "grudge_hammer"
    assert not any("blood_feud" in c.tokens for c in s.champs)


def test_cleave_magic_damage_to_all_enemies():
    """Cleave: Deal 1 Magic Damage to all enemies (Item Ability, a Primary Action)."""
    s = turn_of("fire_guard", ["war", "war", "war", "blue tribal power"],  # Great Cleaver: 3 War + 1 Power, 2 Energy
                champions={"fire_guard": {"items": ["great_cleaver"]}})
    do(s, "item weapon")
    for cid in ("priestess", "warlord", "stone_golem"):
        c = champ(s, cid)
        assert c.health == c.health_max - 1


def test_connoisseur_five_dice_of_choice():
    """Connoisseur: place 5 dice of your choice from the Stock on the Item; they Reset to the Stock."""
    s = turn_of("fire_guard", ["gold tribal wealth"], spoils={"face_up": ["connoisseurs_chest"]})
    do(s, "acquire connoisseurs_chest")
    do(s, "consume")  # Equip Cost: the gold die, used already
    for _ in range(5):
        assert s.phase == "chest"
        do(s, "chest black")
    fg = champ(s, "fire_guard")
    assert fg.chest_dice[COLOUR["black"]] == 5 and s.phase == "secondary"
    do(s, "end")
    assert fg.chest == "connoisseurs_chest"  # dice remain: the Item stays beside the board


def test_connoisseur_dice_return_to_the_stock():
    """Connoisseur: the dice RESET to the Stock; when no dice remain, Discard this Item."""
    s = new_game()
    fg = champ(s, "fire_guard")
    s.deck.remove("connoisseurs_chest")
    fg.chest = "connoisseurs_chest"
    fg.chest_dice[COLOUR["black"]] = 1
    s.stock[COLOUR["black"]] -= 1
    roll_pool(s, "fire_guard", ["black chest"], ["arcana"])
    stock = s.stock[COLOUR["black"]]
    do(s, "end")
    assert s.stock[COLOUR["black"]] == stock + 1
    assert fg.chest is None and "connoisseurs_chest" in s.discard  # no dice remain: discarded


def test_empower_replaces_dice_with_red():
    """Empower: before ROLLING replace dice with red dice from the Stock; the replaced die Resets."""
    s = new_game()
    give(s, "fire_guard", "war_paint")
    do(s, "activate fire_guard")
    do(s, "take white tribal")
    white = s.tribal[1][COLOUR["white"]]
    do(s, "empower 1")
    assert s.pool[0][0] == COLOUR["red"] and s.tribal[1][COLOUR["white"]] == white + 1
    red_stock = s.stock[COLOUR["red"]]
    do(s, "roll")
    if s.phase == "reroll":
        do(s, "keep")
    do(s, "end")
    assert s.stock[COLOUR["red"]] == red_stock + 1  # RESET to the Stock in step 7


def test_foresight_repeats_the_reroll():
    """Foresight: once per Turn for each Equipped Item, spend 1 Energy to repeat the REROLL step."""
    s = turn_of("fire_guard", ["war"], champions={"fire_guard": {"items": ["crystal_ball"]}})
    assert "foresight" in texts(s)
    do(s, "foresight")
    assert s.phase == "reroll" and champ(s, "fire_guard").energy_cubes == 1
    do(s, "keep")
    assert "foresight" not in texts(s)  # one Equipped Item: once


def test_fortify_consumed():
    """Fortify: fill the Armor Track now and after every Attack until the next Turn, then discard."""
    s = turn_of("fire_guard", ["war", "gold tribal wealth"], spoils={"face_up": ["bastion_scroll"]})
    do(s, "acquire bastion_scroll")
    do(s, "consume")
    do(s, "pay tribal")  # its white Equip Cost: the idle Tribal die, not the rolled one
    fg = champ(s, "fire_guard")
    assert len(fg.temp) == 2 and fg.fortify == "bastion_scroll"
    do(s, "end")
    fg.activated = False
    activate(s, fg, [])  # its next Turn starts: the Fortify Item is discarded
    assert fg.fortify is None and "bastion_scroll" in s.discard


def test_garrison_converts_three_glyphs():
    """Garrison: spend 1 Energy to convert 3 non-Defense Glyphs into 2 Defense Glyphs."""
    s = turn_of("fire_guard", ["gold tribal wealth", "destruction", "war", "green own defense"],
                champions={"fire_guard": {"items": ["garrison_helm"]}})
    assert "ability shield_bash priestess" not in texts(s)
    do(s, "garrison")
    assert "ability shield_bash priestess" not in texts(s)  # the War Glyph was converted too
    assert s.turn[10] == 2


def test_garrison_the_player_names_the_converted_glyphs():
    """Garrison: "convert 3 non-Defense Glyphs into 2 Defense Glyphs": the player names them with
    `convert <die>` (a Double counts twice), then 1 Energy is paid and the Primary Action is still open."""
    s = turn_of("fire_guard", ["war", "destruction", "gold tribal wealth", "blue tribal power",
                               "red tribal double_war"], tribal=[SETUP_POOL, {"white": 2, "gold": 1, "blue": 1, "red": 1}],
                champions={"fire_guard": {"items": ["garrison_helm"]}})
    fg = champ(s, "fire_guard")
    energy = fg.energy()
    do(s, "garrison")
    assert s.phase == "garrison" and texts(s) == ["convert 1", "convert 2", "convert 3", "convert 4", "convert 5"]
    do(s, "convert 5")  # the Double War: two Glyphs
    assert s.phase == "garrison" and "convert 5" not in texts(s)
    do(s, "convert 4")
    assert s.phase == "main" and s.turn[10] == 2 and fg.energy() == energy - 1
    assert [d[4] for d in s.pool] == [False, False, False, True, True]
    assert "attack priestess" in texts(s)  # the War die left still powers a Primary Action


def test_garrison_keeps_a_power_glyph_to_pay_when_no_cube_is_left():
    """Garrison without Energy Cubes: the 1 Energy is paid with a Power Glyph (Reference > Power
    Glyph), so that die cannot be converted; the three others must all go and need no question."""
    s = turn_of("fire_guard", ["power", "war", "gold tribal wealth", "blue tribal destruction"],
                champions={"fire_guard": {"items": ["garrison_helm"]}})
    fg = champ(s, "fire_guard")
    fg.energy_cubes = 0
    s.cubes[2] += 2
    do(s, "garrison")
    assert s.phase == "main" and s.turn[10] == 2
    assert all(d[4] for d in s.pool)  # three converted, the Power die paid


def test_garrison_identical_dice_need_no_question():
    """Garrison: when every candidate die is the same, the program converts them (no real choice)."""
    s = new_game()
    give(s, "fire_guard", "garrison_helm")
    white = COLOUR["white"]
    s.tribal[1][white] += 2
    s.stock[white] -= 2
    roll_pool(s, "fire_guard", ["white tribal"] * 4, ["war"] * 4)
    do(s, "garrison")
    assert s.phase == "main" and [d[4] for d in s.pool] == [True, True, True, False]


def test_gash_attacks_again_with_a_red_die():
    """Gash: if the Primary Action caused damage, spend 1 Energy for a Basic Attack with 1 red die."""
    s = turn_of("fire_guard", ["war"], champions={"fire_guard": {"items": ["serrated_sword"]}})
    pr = champ(s, "priestess")
    do(s, "attack priestess")
    assert "gash priestess" in texts(s)
    script(s, "red war")
    do(s, "gash priestess")
    assert pr.health == pr.health_max - 2


def test_gash_only_right_after_damage():
    """Gash: only 'if your Primary Action caused damage'."""
    s = turn_of("fire_guard", ["war"], champions={"fire_guard": {"items": ["serrated_sword"]}})
    do(s, "attack stone_golem")  # armor only: no damage
    assert not any(t.startswith("gash") for t in texts(s))


def test_grievous_wound_and_havoc():
    """Grievous Wound: 1 Magic Damage to a single enemy. Havoc: 2 Magic Damage."""
    s = turn_of("fire_guard", ["war", "war", "blue tribal power", "power"],  # Havoc Maul: 2 War + 2 Power, 2 Energy
                champions={"fire_guard": {"items": ["havoc_maul"]}})
    do(s, "item weapon stone_golem")
    sg = champ(s, "stone_golem")
    assert sg.health == sg.health_max - 2 and sg.armor_perm == 3
    s2 = new_game()
    give(s2, "fire_guard", "jagged_glaive")
    roll_pool(s2, "fire_guard", ["white tribal", "white tribal"], ["war", "war"])
    do(s2, "item weapon stone_golem")
    assert champ(s2, "stone_golem").health == sg.health_max - 1


def test_mind_over_matter_dice_do_not_count():
    """Mind Over Matter: these Item dice do not count toward REPLENISH; the 10 limit applies."""
    s = new_game()
    give(s, "fire_guard", "focus_stone")
    fg = champ(s, "fire_guard")
    do(s, "activate fire_guard")
    for t in TAKE4 + ["blue auxiliary", "white auxiliary"]:
        do(s, f"take {t}")
    assert fg.energy_cubes == 2 and len(s.pool) == 6


def test_power_up_energy_on_the_item():
    """Power Up: Equip to Gain 1 Energy Cube; at the start of the Turn, refill an empty Item."""
    s = new_game()
    give(s, "fire_guard", "mana_battery")
    fg = champ(s, "fire_guard")
    assert fg.slot_energy[2] == 1 and fg.energy() == 3
    from glyphhall.games.tundrus.tracks import spend_energy

    spend_energy(s, fg, 1)
    assert fg.slot_energy[2] == 0 and fg.energy_cubes == 2  # the Item's cube goes first
    do(s, "activate fire_guard")
    assert fg.slot_energy[2] == 1


def test_reflection_returns_an_ability():
    """Reflection: the next Ability used against this Champion also applies to the active one."""
    s = turn_of("fire_guard", ["defense", "green own defense", "blue tribal power", "war"],
                champions={"priestess": {"tokens": ["reflection"]}})
    pr, fg = champ(s, "priestess"), champ(s, "fire_guard")
    do(s, "ability burning_aegis priestess")
    assert pr.health == pr.health_max - 1 and fg.health == fg.health_max - 1
    assert "reflection" not in pr.tokens


def test_reflection_ignores_basic_attacks():
    """Reflection: Basic Attacks do not trigger Reflection."""
    s = new_game()
    pr, fg = champ(s, "priestess"), champ(s, "fire_guard")
    pr.tokens["reflection"] = [1, 1]
    roll_pool(s, "fire_guard", ["white tribal"], ["war"])
    do(s, "attack priestess")
    assert fg.health == fg.health_max and "reflection" in pr.tokens


def test_reflection_free_action():
    """Reflection: [FREE ACTION] mark this Champion with a Reflection Token (one at a time)."""
    s = turn_of("fire_guard", ["war"], champions={"fire_guard": {"items": ["silvered_buckler"]}})
    do(s, "reflect")
    assert "reflection" in champ(s, "fire_guard").tokens and "reflect" not in texts(s)


def test_refresh_energy_each_round():
    """Refresh: Gain 1 Energy Cube at the start of each Round."""
    s = new_game()
    give(s, "fire_guard", "wellspring_amulet")
    fg = champ(s, "fire_guard")
    fg.energy_cubes = 0
    from glyphhall.games.tundrus.rounds import start_round

    start_round(s, [])
    assert fg.energy_cubes == 1


def test_sacrificial_lamb_lends_dice():
    """Sacrificial Lamb: 1 Energy, up to 3 dice to a non-activated ally, outside its count."""
    s = new_game()
    give(s, "fire_guard", "sacrificial_altar")
    do(s, "activate fire_guard")
    do(s, "take white auxiliary")
    do(s, "take green own")
    do(s, "lamb huntress")
    do(s, "give 1")
    do(s, "done")
    hu = champ(s, "huntress")
    assert hu.lent == [(COLOUR["white"], champ(s, "fire_guard").idx, 4)]
    do(s, "roll")
    if s.phase == "reroll":
        do(s, "keep")
    do(s, "end")
    do(s, "activate warlord")
    do(s, "roll")
    if s.phase == "reroll":
        do(s, "keep")
    do(s, "end")
    do(s, "activate huntress")
    assert s.pool and s.pool[0][5]  # the lent die is in her pool, outside the count
    do(s, "roll")
    if s.phase == "reroll":
        do(s, "keep")
    do(s, "end")
    assert champ(s, "fire_guard").slot_dice[2][COLOUR["white"]] == 1  # Reset to the lender


def test_shiny_red_button():
    """Shiny Red Button: 3 Energy, roll a black die: Arcana 2 Magic Damage to an enemy,
    Destruction 2 Magic Damage to yourself."""
    s = new_game()
    give(s, "fire_guard", "shiny_red_button")
    fg, pr = champ(s, "fire_guard"), champ(s, "priestess")
    fg.energy_cubes = 4
    roll_pool(s, "fire_guard", ["white tribal"], ["war"])
    script(s, "black arcana")
    do(s, "button priestess")
    assert pr.health == pr.health_max - 2 and fg.energy_cubes == 1
    assert not any(t.startswith("button") for t in texts(s))  # once per Turn (ruling B7.18)
    s2 = new_game()
    give(s2, "fire_guard", "shiny_red_button")
    fg2 = champ(s2, "fire_guard")
    fg2.energy_cubes = 3
    roll_pool(s2, "fire_guard", ["white tribal"], ["war"])
    script(s2, "black destruction")
    do(s2, "button priestess")
    assert fg2.health == fg2.health_max - 2


def test_soul_rip_hits_everyone():
    """Soul Rip: 2 Magic Damage to all Champions, including your own."""
    s = turn_of("fire_guard", ["power", "power", "war", "gold tribal wealth"],  # Soul Rip: 2 Power + 1 War, 1 Energy
                champions={"fire_guard": {"items": ["soulreaver_scythe"]}})
    do(s, "item weapon")
    for c in s.champs:
        assert c.health == c.health_max - 2


def test_summon_imp_once_per_turn_and_set_bonus():
    """Summon Imp: once per Turn, 1 Magic Damage to an enemy; the set bonus hits all enemies."""
    s = turn_of("fire_guard", ["war"], champions={"fire_guard": {"items": ["imp_bound_dagger", "imp_lantern"]}})
    do(s, "imp priestess")
    assert not any(t.startswith("imp") for t in texts(s))  # once per Turn across both Items
    s2 = new_game()
    for iid in ("imp_bound_dagger", "imp_hide_jerkin", "imp_lantern"):
        give(s2, "fire_guard", iid)
    roll_pool(s2, "fire_guard", ["white tribal"], ["war"])
    assert "imp" in texts(s2)
    do(s2, "imp")
    for cid in ("priestess", "warlord", "stone_golem"):
        assert champ(s2, cid).health == champ(s2, cid).health_max - 1


def test_sword_dance_gains_a_glyph():
    """Sword Dance: after ROLLING, spend 1 Energy to Gain 1 War or Defense Glyph."""
    s = turn_of("fire_guard", ["green own defense", "blue tribal power", "power", "gold tribal wealth"],
                champions={"fire_guard": {"items": ["dancing_blades"]}})
    do(s, "sworddance war")
    do(s, "sworddance defense")
    assert s.turn[9] == 1 and s.turn[10] == 1 and champ(s, "fire_guard").energy_cubes == 0
    # 1 Defense die + the gained Defense and War Glyphs Match Shield Bash; the Power dice pay
    do(s, "ability shield_bash priestess")
    assert all(d[4] for d in s.pool if d[3] in (1, 2)) and s.turn[9] == 0 and s.turn[10] == 0


def test_free_action_energy_paid_with_a_power_glyph_when_asked():
    """Reference > Power Glyph: "Power Glyphs may also be used as Energy Cubes directly from the Active
    Dice Pool, when paying the Resource Cost": a FREE ACTION ending in `power` pays with the Power die
    and keeps the cube; without it, the cube pays and the Power die stays free (e.g. to be Stored)."""
    for suffix in ("", " power"):
        s = turn_of("fire_guard", ["green own defense", "blue tribal power", "war", "gold tribal wealth"],
                    champions={"fire_guard": {"items": ["dancing_blades"]}})
        fg = champ(s, "fire_guard")
        assert {"sworddance war", "sworddance war power"} <= set(texts(s))
        cubes = fg.energy_cubes
        do(s, "sworddance war" + suffix)
        assert s.turn[9] == 1
        if suffix:
            assert fg.energy_cubes == cubes and s.pool[1][4]
        else:
            assert fg.energy_cubes == cubes - 1 and not s.pool[1][4]


def test_tribal_wisdom_tomes():
    """Tribal Wisdom: Dice Gained are added to the Tribal Pool instead of stored on the card."""
    s = turn_of("fire_guard", ["gold tribal wealth"], spoils={"face_up": ["tome_of_secrets"]})
    do(s, "acquire tome_of_secrets")
    do(s, "consume")
    assert s.tribal[1][COLOUR["black"]] == 1


def test_twisted_fate_changes_a_die():
    """Twisted Fate: spend 1 Energy to change a single die to the face of your choice."""
    s = turn_of("fire_guard", ["war"], champions={"fire_guard": {"items": ["fate_charm"]}})
    do(s, "fate 1 wealth")
    assert s.pool[0][3] == 3
    assert not any(t.startswith("fate") for t in texts(s))  # once per Turn (ruling B7.18)
    with pytest.raises(IllegalAction):
        do(s, "fate 1 double_war")


def test_twisted_fate_to_a_power_face_paid_with_a_power_glyph():
    """Twisted Fate with Power Glyphs as Energy: `fate 2 power` turns die 2 to Power (a cube pays);
    `fate 2 power power` pays with the Power die 1 instead."""
    for text, cube_paid in (("fate 2 power", True), ("fate 2 power power", False)):
        s = new_game()
        give(s, "fire_guard", "fate_charm")
        roll_pool(s, "fire_guard", ["blue tribal", "white tribal"], ["power", "war"])
        fg = champ(s, "fire_guard")
        cubes = fg.energy_cubes
        do(s, text)
        assert pool_glyphs(s)[1] == "power" and not s.pool[1][4]
        assert fg.energy_cubes == cubes - cube_paid and s.pool[0][4] != cube_paid


def test_free_actions_during_the_reroll_step():
    """FREE ACTIONs "any time after ROLLING" may come before the REROLL: Twisted Fate turns die 1 to
    Power, and Garrison's converted dice, though marked, are not rerolled (a used Glyph stays used)."""
    s = new_game()
    give(s, "fire_guard", "fate_charm")
    give(s, "fire_guard", "garrison_helm")
    script(s, "white war", "white war", "gold wealth", "blue destruction")
    do(s, "activate fire_guard")
    for t in ("white tribal", "white tribal", "gold tribal", "blue tribal"):
        do(s, f"take {t}")
    do(s, "roll")
    assert s.phase == "reroll" and "fate 1 power" in texts(s) and "garrison" in texts(s)
    do(s, "mark 2")
    do(s, "fate 1 power")
    assert s.phase == "reroll" and pool_glyphs(s)[0] == "power" and s.marks == [1]
    do(s, "garrison")
    for n in (1, 2, 3):  # the Power, the marked War and the Wealth die
        do(s, f"convert {n}")
    assert s.phase == "reroll" and s.turn[10] == 2
    used = [d[4] for d in s.pool]
    do(s, "reroll")
    assert used == [True, True, True, False] and [d[4] for d in s.pool] == used  # die 2 was not rerolled
    assert s.phase == "main"


def test_usury_pays_next_turn():
    """Usury: at the start of this Champion's next Turn, Gain the indicated dice to the Tribal Pool."""
    s = turn_of("fire_guard", ["gold tribal wealth"], spoils={"face_up": ["moneylenders_bond"]})
    do(s, "acquire moneylenders_bond")
    do(s, "consume")  # pays a gold die (the used one)
    fg = champ(s, "fire_guard")
    assert fg.usury == ["moneylenders_bond"]
    gold = s.tribal[1][COLOUR["gold"]]
    do(s, "end")
    fg.activated = False
    activate(s, fg, [])
    assert s.tribal[1][COLOUR["gold"]] == gold + 2 and fg.usury == []


def test_wall_of_mirrors_and_set_bonus():
    """Wall of Mirrors: once per Turn fill a single ally's Armor Track (2 Energy; 0 with the set)."""
    s = turn_of("fire_guard", ["war"], champions={"fire_guard": {"items": ["mirror_blade"]}})
    fg, hu = champ(s, "fire_guard"), champ(s, "huntress")
    do(s, "mirrors huntress")
    assert hu.armor_perm + len(hu.temp) == 2 and fg.energy_cubes == 0
    assert not any(t.startswith("mirrors") for t in texts(s))
    s2 = new_game()
    for iid in ("mirror_blade", "mirror_mail", "hand_mirror"):
        give(s2, "fire_guard", iid)
    fg2 = champ(s2, "fire_guard")
    fg2.energy_cubes = 0
    roll_pool(s2, "fire_guard", ["white tribal"], ["war"])
    do(s2, "mirrors fire_guard")
    assert len(fg2.temp) == 2


def test_disarm_blocks_item_abilities():
    """Disarm token (reference B4): no Item Abilities during its next Turn."""
    s = new_game()
    give(s, "fire_guard", "jagged_glaive")
    give(s, "fire_guard", "fate_charm")
    champ(s, "fire_guard").tokens["disarm"] = [1, 0]
    roll_pool(s, "fire_guard", ["white tribal", "white tribal"], ["war", "war"])
    assert not any(t.startswith(("item", "fate")) for t in texts(s))
