"""Glyph (tundrus) positions as data (README "Positions"; issue 13): a rule scenario reads
position, actions, expected events and view."""

import tomllib
from pathlib import Path

import pytest
from tundrus_helpers import conserved, texts

from glyphhall.engine import LoadError, Rng
from glyphhall.games.tundrus.data import GLYPHS
from glyphhall.games.tundrus.game import GAME
from glyphhall.games.tundrus.tracks import STOCK_CUBES

TRIBES = [["priestess", "warlord", "stone_golem"], ["fire_guard", "huntress", "necromancer"]]


def position(**keys):
    return GAME.load_position({"tribes": TRIBES, **keys})


def test_the_fire_guard_replenishes_and_rolls_scripted_dice():
    """Rulebook, THE TURN 1-2: REPLENISH four dice for free from the Dice Supply, then ROLL them;
    the position names the champion activating and the faces the dice show."""
    s = position(initiative=2, activate="fire_guard", chance={"dice": ["d6 1", "d6 2", "d6 3", "d6 4"]})
    assert s.phase == "replenish" and s.to_move() == (1,)
    for colour in ("white", "white", "gold", "blue"):
        s.apply_text(1, f"take {colour} tribal")
    events = [e.text for e in s.apply_text(1, "roll")]
    faces = [s.data.dice[s.data.colour_index[c]].faces[i] for i, c in enumerate(("white", "white", "gold", "blue"))]
    assert [d["glyph"] for d in s.view(None)["pool"]] == [GLYPHS[f] for f in faces]
    assert events[0].startswith("fire_guard rolls: 1:white")


def test_health_items_stash_and_spoils_come_from_the_stock_and_the_deck():
    s = position(champions={"warlord": {"health": 2, "items": ["twin_axes"], "stash": ["debt_ledger"],
                                        "activated": True}},
                 spoils={"face_up": ["silvered_buckler"]}, initiative=1)
    w = s.champ_by_id("warlord")
    assert w.health == 2 and "twin_axes" in w.slots and w.stash == ["debt_ledger"] and w.activated
    assert s.faceup == ["silvered_buckler"]
    assert all(i not in s.deck for i in ("twin_axes", "debt_ledger", "silvered_buckler"))
    on_boards = sum(c.health for c in s.champs)
    assert on_boards + s.cubes[0] == STOCK_CUBES[0], "Health cubes are conserved"
    assert s.phase == "activate" and s.next_tribe == 0
    assert GAME.load(s.to_dict()).to_dict() == s.to_dict()


@pytest.mark.parametrize("change, words", [
    ({"tribes": [["priestess"]]}, "'tribes' lists the two Tribes' 3 champions each"),
    ({"tribes": [["priestess", "warlord", "stone_golem"], ["fire_guard", "huntress", "priestess"]]},
     "'tribes': 'priestess' cannot join Tribe 2"),
    ({"champions": {"nobody": {}}}, "'champions.nobody': no champion of the Tribes is 'nobody'"),
    ({"champions": {"warlord": {"health": 99}}}, "'champions.warlord.health' is 1 to"),
    ({"champions": {"warlord": {"items": ["no_such_item"]}}}, "'champions.warlord.items': 'no_such_item' is not"),
    ({"champions": {"warlord": {"items": ["tome_of_might"]}}}, "'tome_of_might' is a consumable, not an Item to equip"),
    ({"champions": {"warlord": {"mood": "grim"}}}, "unknown key in the position: 'champions.warlord.mood'"),
    ({"initiative": 3}, "'initiative' is Tribe 1 or 2"),
    ({"champions": {"warlord": {"activated": True}}, "activate": "warlord"}, "'activate': 'warlord' is not"),
])
def test_a_bad_position_is_refused_naming_what_is_wrong(change, words):
    with pytest.raises(LoadError) as info:
        position(**change)
    assert words in str(info.value)


# --- a real mid-game position: Armor, Energy, Stored dice, tokens, a Turn under way -------------
PUZZLE = Path(__file__).resolve().parents[3] / "glyphhall" / "games" / "tundrus" / "positions" / "imp-and-aegis.toml"


def puzzle(**changes):
    data = tomllib.loads(PUZZLE.read_text())
    for key, value in changes.items():
        table = data
        *path, last = key.split(".")
        for part in path:
            table = table.setdefault(part, {})
        table[last] = value
    return GAME.load_position(data)


@pytest.mark.parametrize("second", ["attack priestess", "ability burning_aegis priestess"])
def test_the_imp_and_aegis_puzzle_is_solved_both_ways(second):
    """Rulebook 4 and the glossary (Summon Imp, a FREE ACTION): the Imp's Magic Damage first, then a
    Primary Action takes the Priestess's last Health; the position file is mid-Turn (MAIN step)."""
    s = GAME.load_position(PUZZLE.read_text())
    assert s.phase == "main" and s.to_move() == (1,) and conserved(s)
    view = s.view(0)
    assert [d["glyph"] for d in view["pool"]] == ["defense", "defense", "war", "war", "power", "wealth"]
    assert s.apply_text(1, "imp priestess")[-1].text == "priestess loses 1 Health (1 left)"
    assert [e.text for e in s.apply_text(1, second)][-2:][0].startswith("priestess")
    assert s.champ_by_id("priestess").defeated and conserved(s)


def test_the_puzzle_sets_every_part_of_the_board():
    s = GAME.load_position(PUZZLE.read_text())
    pr, fg, wl = (s.champ_by_id(c) for c in ("priestess", "fire_guard", "warlord"))
    green = s.data.colour_index["green"]
    assert pr.health == 2 and pr.temp == [(green, pr.idx, 1)] and pr.start[green] == 0 and pr.energy_cubes == 1
    assert fg.energy_cubes == 2 and fg.armor_perm == 2 and fg.temp == [None]
    assert wl.tokens == {"rallying_cry": [1, 0]} and wl.activated
    assert s.round == 2 and len(s.faceup) == 4 and s.tribal[1][s.data.colour_index["red"]] == 0
    assert GAME.load(s.to_dict()).to_dict() == s.to_dict()


def test_a_free_action_already_used_this_turn_is_not_offered_again():
    """Summon Imp is Once per Turn (glossary): `used` says the Imp has been summoned."""
    s = puzzle(**{"turn.used": ["summon_imp"]})
    assert not any(t.startswith("imp") for t in texts(s))


def test_a_turn_halfway_through_replenish_has_paid_for_its_dice():
    """Rulebook 1 REPLENISH: 4 dice free, 2 per Energy; five dice taken means one Energy spent, so
    the sixth is still paid for and the seventh costs an Energy Cube."""
    s = puzzle(**{"turn.step": "replenish", "turn.pool": ["green own", "white tribal", "white tribal",
                                                              "red tribal", "blue tribal"]})
    fg = s.champ_by_id("fire_guard")
    assert s.phase == "replenish" and s.turn[:3] == [4, 5, 1]
    s.apply_text(1, "take gold tribal")
    assert fg.energy_cubes == 2
    assert "spends 1 Energy" in s.apply_text(1, "take black weapon")[0].text and fg.energy_cubes == 1


def test_a_reroll_step_with_marked_dice_rerolls_them_with_the_scripted_faces():
    """Rulebook 3 REROLL: the marked dice are rerolled together; [chance] names their faces."""
    s = puzzle(**{"turn.step": "reroll", "turn.marked": [6], "chance": {"dice": ["d6 1"]}})
    assert texts(s)[:1] == ["mark 1"] and "reroll" in texts(s)
    s.apply_text(1, "reroll")
    assert s.pool[5][3] == s.data.dice[s.data.colour_index["gold"]].faces[0] and s.phase == "main"


def test_the_war_glyph_minus_one_token_acts_at_the_end_of_a_reroll_step():
    """Reference B4: War Glyph -1 held since before the Turn (armed) takes a War Glyph away."""
    s = puzzle(**{"turn.step": "reroll", "champions.fire_guard.tokens": ["war_glyph -1"]})
    s.apply_text(1, "keep")
    assert s.phase == "warloss"
    s.apply_text(1, "lose 3")
    assert s.pool[2][4]


def test_a_token_placed_during_this_turn_waits_for_the_next():
    """Reference B4: "next Turn" tokens placed during the holder's own Turn act from its next Turn;
    `new_tokens` says which. Armed Bear Form lets an Attack take 2 Health, unarmed only 1 (three
    War Glyphs: two on dice, one Gained by Sword Dance, `turn.glyphs`)."""
    bear = {"champions.fire_guard.tokens": ["bear_form"], "turn.glyphs": {"war": 1}}
    armed = puzzle(**bear)
    fresh = puzzle(**bear, **{"turn.new_tokens": ["bear_form"]})
    for s, lost in ((armed, 2), (fresh, 1)):
        s.apply_text(1, "attack warlord")  # the Warlord's 1 Armor, then Health
        warlord = s.champ_by_id("warlord")
        assert warlord.health_max - warlord.health == lost
    assert fresh.champ_by_id("fire_guard").tokens["bear_form"] == [1, 0]


def test_stored_energy_dice_pay_and_release_returns_them():
    """Rulebook 5b/6: a Stored Power die counts as Energy; at RELEASE it goes back to its Supply."""
    s = puzzle(**{"champions.fire_guard.stored_energy": ["blue own of huntress"], "champions.fire_guard.energy": 0,
                  "turn.step": "release", "turn.pool": ["white tribal war used"]})
    fg, hu = s.champ_by_id("fire_guard"), s.champ_by_id("huntress")
    blue = s.data.colour_index["blue"]
    assert fg.energy() == 1 and hu.start[blue] == 0 and conserved(s)
    s.apply_text(1, "release energy 1")
    assert hu.start[blue] == 1 and conserved(s)


def test_blood_feud_lent_dice_beside_items_and_a_defeated_champion():
    s = puzzle(**{"champions.warlord.items": ["vendetta_axe"],
                  "champions.fire_guard.tokens": ["blood_feud vendetta_axe"],
                  "champions.stone_golem.lent": ["red own of warlord"],
                  "champions.priestess.beside": ["connoisseurs_chest", "scroll_of_fortification"],
                  "champions.priestess.chest_dice": {"black": 2},
                  "champions.necromancer": {"defeated": True},
                  "spoils": {"next": ["havoc_maul"], "discard": ["chainmail"]}})
    wl, fg, sg, pr = (s.champ_by_id(c) for c in ("warlord", "fire_guard", "stone_golem", "priestess"))
    assert fg.tokens["blood_feud"] == [wl.idx, 1] and sg.lent == [(s.data.colour_index["red"], wl.idx, 1)]
    assert pr.chest == "connoisseurs_chest" and pr.fortify == "scroll_of_fortification" and sum(pr.chest_dice) == 2
    assert s.champ_by_id("necromancer").defeated and s.deck[-1] == "havoc_maul" and s.discard == ["chainmail"]
    assert conserved(s)


@pytest.mark.parametrize("change, words", [
    ({"champions.fire_guard.armor": 9}, "'champions.fire_guard.armor' is 0 to 4"),
    ({"champions.fire_guard.energy": 6}, "'champions.fire_guard.energy' is 0 to 5"),
    ({"champions.fire_guard.stored_energy": ["purple own"]},
     "'champions.fire_guard.stored_energy': 'purple own' is not a die"),
    ({"champions.fire_guard.stored_energy": ["green own"]}, "no green die is left in fire_guard's Starting Dice"),
    ({"champions.fire_guard.tokens": ["war_glyph"]}, "'war_glyph +1' or 'war_glyph -1'"),
    ({"champions.fire_guard.tokens": ["hiccups"]}, "'champions.fire_guard.tokens': 'hiccups' is not an Ability"),
    ({"champions.warlord.tokens": ["sleep"], "champions.huntress.tokens": ["sleep"]}, "only 1 Sleep token"),
    ({"champions.fire_guard.tokens": ["blood_feud warlord"]}, "names the Blood Feud Item of an enemy"),
    ({"champions.priestess.beside": ["twin_axes"]}, "'champions.priestess.beside': 'twin_axes' does not stay"),
    ({"champions.priestess.beside": ["connoisseurs_chest"]}, "'champions.priestess.chest_dice': a Connoisseur"),
    ({"champions.priestess.weapon_dice": {"red": 1}}, "'champions.priestess.weapon_dice': no weapon Item"),
    ({"tribal": [{"white": 99}, {}]}, "'tribal[0]': the Stock has only"),
    ({"champions.necromancer": {"defeated": True, "health": 2}}, "a defeated champion has nothing else"),
    ({"turn.step": "feud"}, "'turn.step' is one of replenish, reroll, main, secondary, release"),
    ({"turn.champion": "warlord"}, "'turn.champion': 'warlord' is not a champion still to activate"),
    ({"turn.pool": ["white tribal"]}, "'turn.pool': die 1 ('white tribal') shows no Glyph"),
    ({"turn.pool": ["gold tribal war"]}, "'turn.pool': 'gold tribal war': a gold die has no war face"),
    ({"turn.step": "replenish"}, "shows a Glyph, but the dice are not rolled"),
    ({"turn.pool": ["white tribal war"] * 3}, "no white die is left in Tribe 2's Tribal Pool"),
    ({"turn.pool": ["red own of huntress war"]}, "an ally's die is in the pool only when lent"),
    ({"turn.held": [9]}, "'turn.held': 9 is not the number of an unused die"),
    ({"turn.marked": [1]}, "'turn.marked' belongs to the reroll step, not the main step"),
    ({"turn.used": ["cleave"]}, "'turn.used': 'cleave' is not a FREE ACTION"),
    ({"turn.used": ["summon_imp", "summon_imp"]}, "'summon_imp' is used once per Turn"),
    ({"turn.glyphs": {"war": -1}}, "'turn.glyphs': a number of Glyphs is 0 or more"),
    ({"turn.new_tokens": ["sleep"]}, "'turn.new_tokens': fire_guard holds no 'sleep' token"),
    ({"turn.step": "release"}, "RELEASE needs a die Stored"),
    ({"turn.mood": "calm"}, "unknown key in the position: 'turn.mood'"),
    ({"activate": "huntress"}, "'activate' starts a Turn and '[turn]' is a Turn under way"),
    ({"round": 0}, "'round' is 1 or more"),
])
def test_a_bad_mid_game_position_is_refused_naming_the_key(change, words):
    with pytest.raises(LoadError) as info:
        puzzle(**change)
    assert words in str(info.value)


def test_random_play_from_the_puzzle_conserves_every_component():
    """From a loaded mid-Turn position the rules play on as from a played one: dice, cubes and Items
    stay conserved and every game ends."""
    for seed in range(3):
        s = puzzle(seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            assert conserved(s)


def test_the_shield_bash_replenish_lesson():
    """Reference B4 Shield Bash: 3 free dice at the next REPLENISH; rulebook THE TURN 1: then one
    Energy for two dice, paid by a Stored Power die first (it goes back to the Tribal Pool)."""
    lesson = Path(PUZZLE).with_name("replenish-after-shield-bash.toml")
    s = GAME.load_position(lesson.read_text())
    pr = s.champ_by_id("priestess")
    assert s.phase == "replenish" and s.turn[:3] == [3, 3, 0] and pr.energy() == 3
    events = [e.text for e in s.apply_text(0, "take gold tribal")]
    assert events == ["priestess spends 1 Energy for two more dice", "priestess takes a gold die (tribal)"]
    assert pr.energy_dice == [] and pr.energy_cubes == 2 and "take blue tribal" in texts(s)
    s.apply_text(0, "take blue tribal")  # the second die that Energy bought
    assert pr.energy_cubes == 2 and conserved(s)
