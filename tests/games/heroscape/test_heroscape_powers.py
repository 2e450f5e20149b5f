"""Army card special powers: reference §3 (Rise of the Valkyrie cards)."""

from heroscape_helpers import BLANK, SHIELD, SKULL, act, d20, fig, hexof, legal, position, texts

from glyphhall.games.heroscape import combat

ROWS = ["1g0 1g0 1g0 1g0 1g0 1g0", "1g 1g 1g 1g 1g 1g", "1g 1g 1g 1g 1g 1g", "1g 1g 1g 1g 1g 1g",
        "1g1 1g1 1g1 1g1 1g1 1g1"]


def dice(s, a, d, base=None):
    a, d = fig(s, a), fig(s, d)
    return combat.attack_dice(s, a, d, s.card_of(a).attack if base is None else base)


def test_sword_of_reckoning_adds_four_dice_adjacent():
    """Agent Carr, Sword of Reckoning 4: +4 attack dice against an adjacent figure."""
    s = position(ROWS, armies=(("carr",), ("thorgrim",)), at={"carr": "c3", "thorgrim": "c4"}, active="carr")
    assert dice(s, "carr", "thorgrim") == 2 + 4
    s = position(ROWS, armies=(("carr",), ("thorgrim",)), at={"carr": "a1", "thorgrim": "c4"}, active="carr")
    assert dice(s, "carr", "thorgrim") == 2


def test_thorian_speed_needs_adjacent_attackers():
    """Sgt. Drake Alexander, Thorian Speed: opponents must be adjacent to attack him normally."""
    s = position(ROWS, armies=(("syvarris",), ("drake",)), at={"syvarris": "a1", "drake": "c4"}, active="syvarris")
    assert not legal(s, "attack syvarris drake")
    s = position(ROWS, armies=(("syvarris",), ("drake",)), at={"syvarris": "c3", "drake": "c4"}, active="syvarris")
    assert legal(s, "attack syvarris drake")


def test_double_attack():
    """Syvarris, Double Attack: one extra attack."""
    s = position(ROWS, armies=(("syvarris",), ("thorgrim",)), at={"syvarris": "a1", "thorgrim": "d4"},
                 active="syvarris", script=[BLANK] * 14)
    act(s, "attack syvarris thorgrim")
    assert legal(s, "attack syvarris thorgrim")
    act(s, "attack syvarris thorgrim")
    assert not legal(s, "attack syvarris thorgrim")


def test_raelin_defensive_aura():
    """Raelin, Defensive Aura: your other figures within 4 clear sight spaces add 2 defense dice."""
    s = position(ROWS, armies=(("finn",), ("thorgrim", "raelin")), at={"finn": "c3", "thorgrim": "c4", "raelin": "e6"})
    assert combat.defense_dice(s, fig(s, "thorgrim")) == 4 + 2
    assert combat.defense_dice(s, fig(s, "raelin")) == 3, "not Raelin herself"
    s = position(ROWS, armies=(("finn",), ("thorgrim", "raelin")), at={"finn": "c3", "thorgrim": "a1", "raelin": "e6"})
    assert combat.defense_dice(s, fig(s, "thorgrim")) == 4, "out of 4 spaces"


def test_attack_aura_and_defensive_aura():
    """Finn, Attack Aura 1: adjacent friendly Range 1 figures +1 attack die. Thorgrim,
    Defensive Aura 1: adjacent friendly figures +1 defense die."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim", "izumi")),
                 at={"finn": "c3", "tarn1": "c4", "thorgrim": "d4", "izumi1": "d5"})
    assert dice(s, "tarn1", "izumi1") == 3 + 1
    assert dice(s, "finn", "izumi1") == 3, "not Finn himself"
    assert combat.defense_dice(s, fig(s, "izumi1")) == 5 + 1


def test_warrior_spirits_go_to_a_unique_card():
    """Finn/Thorgrim, Warrior's Attack/Armor Spirit: on death, +1 Attack/Defense on a unique card."""
    s = position(ROWS, armies=(("finn", "tarn"), ("thorgrim",)), at={"finn": "c3", "tarn1": "a1", "thorgrim": "c4"},
                 active="thorgrim", script=[SKULL] * 3 + [BLANK] * 4)
    s.f_wounds[fig(s, "finn")] = 3
    act(s, "attack thorgrim finn")
    assert s.to_move() == (0,) and texts(s) == {"spirit tarn"}
    act(s, "spirit tarn")
    assert s.c_atk[s.card_index("tarn")] == 1
    assert dice(s, "tarn1", "thorgrim") == 3 + 1


def test_mind_shackle_takes_the_card_on_20():
    """Ne-Gok-Sa, Mind Shackle 20: on a 20, take the adjacent unique figure's card; its order
    markers are removed."""
    s = position(ROWS, armies=(("negoksa",), ("thorgrim", "tarn")),
                 at={"negoksa": "c3", "thorgrim": "c4", "tarn1": "e6"}, active="negoksa", script=[d20(20)])
    s.markers[1] = [s.card_index("thorgrim")] * 4
    act(s, "shackle negoksa thorgrim")
    c = s.card_index("thorgrim")
    assert s.c_owner[c] == 0 and c not in s.markers[1]
    s = position(ROWS, armies=(("negoksa",), ("thorgrim",)), at={"negoksa": "c3", "thorgrim": "c4"},
                 active="negoksa", script=[d20(19)])
    act(s, "shackle negoksa thorgrim")
    assert s.c_owner[s.card_index("thorgrim")] == 1


def test_fire_line_hits_every_figure_on_the_line_with_one_roll():
    """Mimring, Fire Line: 8 spaces in a straight line; one roll of 4 dice, separate defense."""
    s = position(ROWS, armies=(("mimring",), ("thorgrim", "tarn")),
                 at={"mimring": ("a2", "a1"), "thorgrim": "a4", "tarn1": "a6"}, active="mimring",
                 script=[SKULL] * 4 + [BLANK] * 4 + [BLANK] * 4)
    assert "fireline mimring a2 e" in texts(s)
    act(s, "fireline mimring a2 e")
    assert texts(s) == {"resolve thorgrim", "resolve tarn1"}, "the attacker picks the order (§1.6)"
    act(s, "resolve thorgrim")
    assert s.f_wounds[fig(s, "thorgrim")] == 4 or s.f_state[fig(s, "thorgrim")] == 2
    assert s.f_state[fig(s, "tarn1")] == 2


def test_special_attacks_are_not_modified():
    """Reference §1.6: special attacks are never modified (no height bonus for the attacker)."""
    rows = ["1g0 1g0 1g0 1g0 1g0 1g0", "5g 1g 1g 1g 1g 1g", "1g 1g 1g 1g 1g 1g", "1g1 1g1 1g1 1g1 1g1 1g1"]
    s = position(rows, armies=(("dw9000",), ("thorgrim",)), at={"dw9000": "b1", "thorgrim": "b4"},
                 active="dw9000", script=[SKULL] * 3 + [BLANK] * 4)
    act(s, "explode dw9000 thorgrim")
    assert s.f_wounds[fig(s, "thorgrim")] == 3


def test_chomp():
    """Grimnak, Chomp: an adjacent small/medium squad figure is destroyed; a hero on d20 16+."""
    s = position(ROWS, armies=(("grimnak",), ("tarn", "thorgrim")),
                 at={"grimnak": ("c3", "c2"), "tarn1": "c4", "thorgrim": "b3"}, active="grimnak")
    act(s, "chomp grimnak tarn1")  # a squad figure: destroyed without a roll
    assert s.f_state[fig(s, "tarn1")] == 2
    assert "chomp grimnak thorgrim" not in texts(s), "once per turn"
    s = position(ROWS, armies=(("grimnak",), ("thorgrim",)), at={"grimnak": ("c3", "c2"), "thorgrim": "c4"},
                 active="grimnak", script=[d20(16)])
    act(s, "chomp grimnak thorgrim")
    assert s.f_state[fig(s, "thorgrim")] == 2
    s = position(ROWS, armies=(("grimnak",), ("thorgrim",)), at={"grimnak": ("c3", "c2"), "thorgrim": "c4"},
                 active="grimnak", script=[d20(15)])
    act(s, "chomp grimnak thorgrim")
    assert s.f_state[fig(s, "thorgrim")] == 1, "a hero survives a roll below 16"


def test_explosion_hits_target_and_adjacent_figures():
    """Deathwalker 9000, Explosion: the target and all adjacent figures, one roll, separate defense."""
    s = position(ROWS, armies=(("dw9000",), ("tarn",)), at={"dw9000": "a1", "tarn1": "d4", "tarn2": "d5"},
                 active="dw9000", script=[SKULL] * 3 + [BLANK] * 4 + [SHIELD] * 4)
    act(s, "explode dw9000 tarn1")
    act(s, "resolve tarn1")
    assert s.f_state[fig(s, "tarn1")] == 2 and s.f_state[fig(s, "tarn2")] == 1


def test_the_attacker_picks_the_order_of_a_multi_target_special_attack():
    """Reference §1.6: multi-target special attacks: the attacker picks the resolution order.
    It matters: destroying Thorgrim first takes his Defensive Aura from the figure next to him."""
    script = [SKULL] * 3 + [BLANK] * 4 + [BLANK] * 4  # one roll; Thorgrim's defense; Tarn's
    s = position(ROWS, armies=(("dw9000",), ("thorgrim", "tarn")),
                 at={"dw9000": "a1", "thorgrim": "d4", "tarn1": "d5"}, active="dw9000", script=script)
    s.f_wounds[fig(s, "thorgrim")] = 3
    act(s, "explode dw9000 thorgrim")
    assert s.view(0)["pending"] == {"seat": 0, "kind": "target_order", "targets": ["thorgrim", "tarn1"]}
    events = act(s, "resolve thorgrim")
    assert s.f_state[fig(s, "thorgrim")] == 2 and s.f_state[fig(s, "tarn1")] == 2
    assert any("tarn1 rolls 4," in e.text for e in events), "no aura left: Tarn rolls its own 4"
    s = position(ROWS, armies=(("dw9000",), ("thorgrim", "tarn")),
                 at={"dw9000": "a1", "thorgrim": "d4", "tarn1": "d5"}, active="dw9000",
                 script=[SKULL] * 3 + [BLANK] * 5 + [BLANK] * 4)
    s.f_wounds[fig(s, "thorgrim")] = 3
    act(s, "explode dw9000 thorgrim")
    events = act(s, "resolve tarn1")
    assert any("tarn1 rolls 5," in e.text for e in events), "Thorgrim still stands: +1 die"


def test_range_enhancement_for_soulborg_guards():
    """Deathwalker 9000, Range Enhancement: adjacent Soulborg Guards add 2 to Range."""
    s = position(ROWS, armies=(("dw9000", "zettian"), ("thorgrim",)),
                 at={"dw9000": "a1", "zettian1": "a2", "zettian2": "e6", "thorgrim": "d4"})
    assert combat.effective_range(s, fig(s, "zettian1")) == 9
    assert combat.effective_range(s, fig(s, "zettian2")) == 7


def test_water_clone_returns_a_destroyed_warrior():
    """Marro Warriors, Water Clone: instead of attacking, d20 per warrior: 15+ (10+ on water)
    returns a destroyed warrior to a same-level adjacent space."""
    rows = list(ROWS)
    rows[2] = "1w 1g 1g 1g 1g 1g"
    s = position(rows, armies=(("marro",), ("thorgrim",)),
                 at={"marro1": "c1", "thorgrim": "e6"}, active="marro", script=[d20(10)])
    s.f_state[fig(s, "marro2")] = 2
    act(s, "clone")
    assert "place" in {t.split()[0] for t in texts(s)}
    act(s, "place c2")
    assert hexof(s, "marro2") == "c2"
    assert not any(t.startswith("attack") for t in texts(s)), "instead of attacking"


def test_berserker_charge_moves_again_on_15():
    """Tarn Viking Warriors, Berserker Charge: after moving, d20 15+ moves all again."""
    s = position(ROWS, armies=(("tarn",), ("thorgrim",)), at={"tarn1": "a1", "thorgrim": "e6"},
                 active="tarn", script=[d20(15), d20(3)])
    act(s, "step tarn1 a2")
    act(s, "stop tarn1")
    act(s, "berserk")
    assert legal(s, "step tarn1 a3")
    act(s, "step tarn1 a3")
    act(s, "stop tarn1")
    act(s, "berserk")
    assert not legal(s, "step tarn1 a4")


def test_berserker_charge_repeats_only_until_a_roll_fails():
    """Tarn Viking Warriors card and its FAQ (reference §3, [S4][S5][S20]): the charge may be
    repeated until a roll fails or the warriors attack. After a failed roll it is not offered
    again, so a later 15+ cannot move them again."""
    s = position(ROWS, armies=(("tarn",), ("thorgrim",)), at={"tarn1": "a1", "thorgrim": "e6"},
                 active="tarn", script=[d20(15), d20(3)])
    act(s, "step tarn1 a2")
    act(s, "stop tarn1")
    act(s, "berserk")  # 15: they move again
    act(s, "step tarn1 a3")
    act(s, "stop tarn1")
    assert legal(s, "berserk"), "a success lets them charge again"
    act(s, "berserk")  # 3: the charge fails
    assert not legal(s, "berserk"), "no further charge after a failed roll"
    assert legal(s, "end")


def test_counter_strike():
    """Izumi Samurai, Counter Strike: vs an adjacent normal attack, excess shields wound the attacker."""
    s = position(ROWS, armies=(("finn",), ("izumi",)), at={"finn": "c3", "izumi1": "c4"}, active="finn",
                 script=[BLANK] * 3 + [SHIELD, SHIELD, BLANK, BLANK, BLANK])
    act(s, "attack finn izumi1")
    assert s.f_wounds[fig(s, "finn")] == 2


def test_stealth_dodge():
    """Krav Maga Agents, Stealth Dodge: vs a non-adjacent attacker one shield blocks all."""
    s = position(ROWS, armies=(("syvarris",), ("krav",)), at={"syvarris": "a1", "krav1": "d4"},
                 active="syvarris", script=[SKULL] * 3 + [SHIELD, BLANK, BLANK])
    act(s, "attack syvarris krav1")
    assert s.f_state[fig(s, "krav1")] == 1


def test_grenade_once_per_game():
    """Airborne Elite, Grenade: Range 5, Attack 2, target and adjacent figures, no line of
    sight; once per game."""
    s = position(ROWS, armies=(("airborne",), ("tarn",)), at={"airborne1": "a1", "airborne2": "a2", "tarn1": "c4",
                                                                  "tarn2": "e6"},
                 active="airborne", script=[SKULL, SKULL] + [BLANK] * 4)  # Attack 2; Tarn's Defense 4
    act(s, "grenade airborne1 tarn1")
    assert s.f_state[fig(s, "tarn1")] == 2
    assert not any(t.startswith("grenade airborne1") for t in texts(s))
    act(s, "end")
    assert s.c_grenade[s.card_index("airborne")] == 2


def test_the_drop():
    """Airborne Elite, The Drop: start off the battlefield; at the start of a round d20 13+
    places them on empty spaces not adjacent to any figure and not on glyphs. A position without
    `turn` starts its round with the script in place, so the round's first roll is the script's."""
    waiting = {f"airborne{n}": "off" for n in range(1, 5)}
    s = position(ROWS, armies=(("airborne",), ("thorgrim",)), at={"thorgrim": "c3", **waiting}, script=[d20(13)])
    assert s.round == 1 and s.rng.dice == [], "the round's first roll came from the script"
    spaces = {t.split()[1] for t in texts(s)}
    assert "c4" not in spaces and "c3" not in spaces and "e6" in spaces
    s = position(ROWS, armies=(("airborne",), ("thorgrim",)), at={"thorgrim": "c3", **waiting}, script=[d20(12)])
    assert s.phase == "orders" and s.f_state[fig(s, "airborne1")] == 0, "12: they wait off the battlefield"


def test_zettian_targeting():
    """Zettian Guards, Zettian Targeting: the second guard attacking the first one's target adds 1 die."""
    s = position(ROWS, armies=(("zettian",), ("thorgrim",)), at={"zettian1": "a1", "zettian2": "a2", "thorgrim": "d4"},
                 active="zettian", script=[BLANK] * 6)
    assert dice(s, "zettian2", "thorgrim") == 2
    act(s, "attack zettian1 thorgrim")
    assert dice(s, "zettian2", "thorgrim") == 3
