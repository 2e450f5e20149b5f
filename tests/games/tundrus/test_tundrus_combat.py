"""Reference > Attack and Defense, Defeated Champion, Winning the Game."""

from tundrus_helpers import COLOUR, TRIBE1, TRIBE2, champ, do, new_game, position, script, texts, turn_of

from glyphhall.games.tundrus.combat import attack, magic

TAKE4 = ["white tribal", "white tribal", "gold tribal", "blue tribal"]


def test_basic_attack_removes_armor_first():
    """Basic Attack: one War Glyph per Armor; with none left over, no damage."""
    s = new_game()
    sg, fg = champ(s, "stone_golem"), champ(s, "fire_guard")
    lost = attack(s, fg, sg, 3, [])
    assert lost == 0 and sg.health == sg.health_max
    assert sg.armor_perm == 3  # permanent Armor refilled afterwards


def test_basic_attack_does_at_most_one_damage():
    """Note: the Basic Attack only ever does a maximum of one damage."""
    s = new_game()
    pr, fg = champ(s, "priestess"), champ(s, "fire_guard")
    assert attack(s, fg, pr, 6, []) == 1 and pr.health == pr.health_max - 1


def test_attack_with_no_war_glyph_is_not_offered():
    """Basic Attack: it is powered by War Glyphs; without one there is nothing to attack with."""
    s = turn_of("fire_guard", ["defense"])
    assert not any(t.startswith("attack") for t in texts(s))


def test_attack_may_only_reduce_armor():
    """Champions do not have to roll enough War Glyphs to damage their target."""
    s = turn_of("fire_guard", ["war"], champions={"stone_golem": {"armor": 4}})  # 3 solid squares, 1 hollow
    sg = champ(s, "stone_golem")
    do(s, "attack stone_golem")
    assert sg.temp == [] and sg.health == sg.health_max


def test_permanent_armor_refills_temporary_does_not():
    """Armor: permanent (solid squares) regenerates after an Attack, temporary does not."""
    s = position(champions={"fire_guard": {"armor": 4}})  # 2 solid squares, 2 hollow
    fg, sg = champ(s, "fire_guard"), champ(s, "stone_golem")
    attack(s, sg, fg, 4, [])
    assert fg.temp == [] and fg.armor_perm == 2 and fg.health == fg.health_max


def test_attack_removes_temporary_cubes_before_stored_dice():
    """Basic Attack: "remove one cube from the Armor Track for every War Glyph" is the attacker's act;
    taking a cube first (ruling) leaves the target's Stored die on its Track, out of its Supply."""
    s = position(champions={"fire_guard": {"armor": 3, "stored_armor": ["green own"]}})  # a cube and a die
    fg, sg = champ(s, "fire_guard"), champ(s, "stone_golem")
    green = COLOUR["green"]
    attack(s, sg, fg, 1, [])
    assert fg.temp == [(green, fg.idx, 1)] and fg.start[green] == 0 and fg.health == fg.health_max


def test_stored_defense_dice_return_to_their_location():
    """The dice removed from Temporary Armor squares return to the target's board or Tribal Pool."""
    s = position(champions={"fire_guard": {"stored_armor": ["blue tribal"]}})
    fg, sg = champ(s, "fire_guard"), champ(s, "stone_golem")
    blue = COLOUR["blue"]
    attack(s, sg, fg, 1, [])
    assert s.tribal[1][blue] == 1 and fg.temp == []


def test_magic_damage_ignores_armor():
    """Magic Damage: ignores all Armor, which is neither blocking nor removed."""
    s = new_game()
    sg = champ(s, "stone_golem")
    assert magic(s, sg, 2, []) == 2
    assert sg.health == sg.health_max - 2 and sg.armor_perm == 3


def test_withering_touch_magic_and_temporary_armor():
    """Magic Damage note: the Necromancer's Withering Touch also removes Temporary Armor."""
    s = turn_of("necromancer", ["war", "power", "blue tribal power", "gold tribal wealth"],
                champions={"stone_golem": {"armor": 4}})  # 3 solid squares and 1 hollow one
    sg = champ(s, "stone_golem")
    do(s, "ability withering_touch stone_golem")
    assert sg.health == sg.health_max - 1 and sg.temp == [] and sg.armor_perm == 3


def test_defeat_returns_items_and_dice():
    """Defeated Champion: Items to the discard pile; dice, tokens and cubes to the Stock."""
    s = position(champions={"priestess": {"items": ["twin_axes"], "stash": ["chainmail"], "tokens": ["enchantment"]}})
    pr = champ(s, "priestess")
    red_stock = s.stock[COLOUR["red"]]
    magic(s, pr, pr.health, [])
    assert pr.defeated and pr.slots == [None, None, None] and pr.stash == []
    assert {"twin_axes", "chainmail"} <= set(s.discard)
    assert s.stock[COLOUR["red"]] == red_stock + 2 and sum(pr.start) == 0
    assert pr.tokens == {} and pr.energy_cubes == 0


def test_defeated_champions_are_not_targets():
    """Defeated Champion: a defeated champion is out of the game and cannot be targeted."""
    s = turn_of("fire_guard", ["war"], champions={"priestess": {"defeated": True}})
    assert "attack priestess" not in texts(s)


def test_victory_when_all_opponents_are_defeated():
    """Winning the Game: a Tribe wins immediately when all opposing Champions are defeated."""
    s = turn_of("fire_guard", ["war"], champions={"warlord": {"defeated": True}, "stone_golem": {"defeated": True},
                                                  "priestess": {"health": 1}})
    do(s, "attack priestess")
    assert s.is_over() and s.returns() == [0.0, 1.0]
    assert s.legal_actions(0) == s.legal_actions(1) == []


def test_guardian_angel_keeps_the_last_health():
    """Guardian Angel token (B4): the champion keeps its last Health Cube once."""
    s = position(champions={"priestess": {"tokens": ["guardian_angel"]}})
    pr = champ(s, "priestess")
    magic(s, pr, 9, [])
    assert pr.health == 1 and not pr.defeated and "guardian_angel" not in pr.tokens


def test_shadow_armor_blocks_and_returns():
    """Shadow Armor: the token represents 2 armor in addition to the Armor Track (permanent)."""
    s = position(champions={"priestess": {"items": ["shadow_cloak"]}})
    pr, fg = champ(s, "priestess"), champ(s, "fire_guard")
    assert attack(s, fg, pr, 2, []) == 0
    assert attack(s, fg, pr, 3, []) == 1


def test_unarmored_token_ignores_armor():
    """Unarmored token (B4): Attacks act as though the champion is unarmored."""
    s = position(champions={"stone_golem": {"tokens": ["unarmored"]}})
    sg, fg = champ(s, "stone_golem"), champ(s, "fire_guard")
    assert attack(s, fg, sg, 1, []) == 1 and sg.armor_perm == 3


def test_bear_form_deals_two():
    """Bear Form token (B4) and the Basic Attack note: 'unless modified by another Ability' - 2 damage."""
    s = turn_of("fire_guard", ["war"], champions={"fire_guard": {"tokens": ["bear_form"]}})  # held since before
    pr, fg = champ(s, "priestess"), champ(s, "fire_guard")
    assert attack(s, fg, pr, 5, []) == 2


def test_fortify_refills_after_every_attack():
    """Fortify: fill the Armor Track now and after every Attack until the next Turn."""
    s = new_game()
    pr, fg = champ(s, "priestess"), champ(s, "fire_guard")
    s.deck.remove("scroll_of_fortification")
    pr.fortify = "scroll_of_fortification"
    from glyphhall.games.tundrus.tracks import fill_armor

    fill_armor(s, pr)
    assert len(pr.temp) == 2
    attack(s, fg, pr, 2, [])
    assert len(pr.temp) == 2 and pr.health == pr.health_max


def test_active_champion_defeated_in_its_own_turn_ends_the_turn():
    """Defeated Champion (ruling): a champion that loses its last Health during its own Turn (here
    to its own Shiny Red Button) is defeated at once, its Turn ends and play passes on."""
    s = turn_of("fire_guard", ["war", "blue tribal power"],
                champions={"fire_guard": {"items": ["shiny_red_button"], "energy": 3, "health": 2}})
    fg = champ(s, "fire_guard")
    script(s, "black destruction")
    do(s, "button priestess")
    assert fg.defeated and s.active == -1 and s.phase == "activate" and s.next_tribe == 0
    assert s.tribal[1][COLOUR["white"]] == 2 and s.tribal[1][COLOUR["blue"]] == 1  # pool dice Reset
    assert "shiny_red_button" in s.discard


def test_soul_rip_can_win_even_if_it_kills_its_user():
    """Winning the Game: 'immediately' - Soul Rip hits the enemies first (ruling)."""
    hurt = {cid: {"health": 2} for cid in TRIBE1 + TRIBE2}
    hurt["fire_guard"]["items"] = ["soulreaver_scythe"]
    s = turn_of("fire_guard", ["power", "power", "war", "gold tribal wealth"], champions=hurt)
    do(s, "item weapon")
    assert s.is_over() and s.returns() == [0.0, 1.0]
