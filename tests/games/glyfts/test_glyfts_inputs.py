"""Bad input gets a clear error and changes nothing: action text, saved positions, data files."""

from __future__ import annotations

import json

import pytest
from glyfts_helpers import ATTACK, build

from glyphhall.engine import DataError, IllegalAction, LoadError
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts import cards as cards_module


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("attack storm_roc dragon", "'dragon' is not a Creature or Sorcery card id"),
        ("attack leviathan storm_roc", "leviathan is not one of your Creatures"),
        ("summon gale_sprite", "'summon' is not an action here"),
        ("fly away", "'fly' is not an action here \\(step: attack\\); you can: attack, done"),
        ("attack storm_roc", "not legal now"),
    ],
)
def test_bad_action_text_is_explained(text, message):
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK)
    before = s.to_dict()
    with pytest.raises(IllegalAction, match=message):
        s.apply_text(0, text)
    assert s.to_dict() == before


def test_action_text_is_case_and_space_insensitive():
    s = build([["storm_roc"], ["leviathan"]], phase=ATTACK, dice=[1, 6])
    s.apply_text(0, "  ATTACK  Storm_Roc   leviathan ")
    s.apply_text(0, " Roll")
    assert s.rng.dice == [] and s.active == 1  # the battle was fought, the turn moved on


def _saved():
    s = GAME.new(2, 3)
    for p in (0, 1):
        for _ in range(2):
            s.apply(p, s.legal_actions(p)[0])
    return json.loads(json.dumps(s.to_dict()))


def test_a_saved_game_round_trips():
    data = _saved()
    assert GAME.load(data).to_dict() == data
    del data["deck_bound"]  # saved before the deck bound was kept: loads as "no reshuffle yet"
    assert GAME.load(data).deck_bound is None


def test_a_saved_game_after_a_reshuffle_round_trips():
    """The deck bounds (what each seat knows the reshuffled deck can hold) are saved too."""
    from glyfts_helpers import hand, the_rest

    from glyphhall.games.glyfts.state import SUMMON

    pile = ["ward", "ward", "nullify"]
    s = build([["storm_roc"], ["leviathan"]], reserve=[["gale_sprite"], []], deck=[], whole_deck=True, discard=pile,
              hands=[the_rest(*pile), []], phase=SUMMON)
    s.apply_text(0, "done")
    assert s.deck_bound is not None and s.deck_bound[0] == hand("ward", "ward", "nullify")
    data = json.loads(json.dumps(s.to_dict()))
    assert data["deck_bound"][0] == {"ward": 2, "nullify": 1} and sum(data["deck_bound"][1].values()) == 2
    assert GAME.load(data).to_dict() == s.to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(phase="lunch"), "unknown phase 'lunch'"),
        (lambda d: d.update(active=7), "no seat 7"),
        (lambda d: d["reserve"][0].append("unicorn"), "unknown Creature card 'unicorn'"),
        (lambda d: d["reserve"][0].pop(), "each Creature card must be in exactly one"),
        (lambda d: d["reserve"][1].append(d["reserve"][0][0]), "each Creature card must be in exactly one"),
        (lambda d: d["deck"].pop(), "Sorcery cards do not add up"),
        (lambda d: d["deck"].append("joker"), "unknown Sorcery card 'joker'"),
        (lambda d: d.update(under={d["reserve"][0][0]: ["ward"]}), "not in the Combat Circle"),
        (lambda d: d.update(alive=[True]), "one entry per seat"),
        (lambda d: d.update(score=[5, 0]), "Skill scores do not match"),
        (lambda d: d["hands"][0].update(ward=-3), "cannot be negative"),
        (lambda d: d.update(players=6, alive=[True] * 6), "2 to 4 players"),
        (lambda d: d.pop("deck"), "malformed glyfts state"),
        (lambda d: d.update(deck_bound=[{}, {}]), "seat 0's deck_bound leaves out cards"),
        (lambda d: d.update(deck_bound=[{}]), "one entry per seat"),
    ],
)
def test_bad_saved_positions_are_clear_errors(change, message):
    data = _saved()
    change(data)
    with pytest.raises(LoadError, match=message):
        GAME.load(data)


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


CREATURE = """
[[creature]]
id = "{id}"
name = "X"
affiliation = "sky"
attack = {attack}
health = 1
skill = 1
roll_cost = 2
provenance = "proposal"
"""


def test_creature_data_is_validated(tmp_path):
    """Data files: a bad entry is a DataError naming the file and the entry."""
    path = _write(tmp_path, "creatures.toml", CREATURE.format(id="a", attack='"big"'))
    with pytest.raises(DataError, match=r"creatures.toml: entry #1 \(a\): 'attack' must be a whole number"):
        cards_module.load_creatures(path)
    path = _write(tmp_path, "creatures.toml", CREATURE.format(id="a", attack=1) * 2)
    with pytest.raises(DataError, match="duplicate id"):
        cards_module.load_creatures(path)
    path = _write(tmp_path, "creatures.toml", CREATURE.format(id="a", attack=1))
    with pytest.raises(DataError, match="cannot be dealt evenly"):
        cards_module.load_creatures(path)
    path = _write(tmp_path, "creatures.toml", "[[creature]\n")
    with pytest.raises(DataError, match="not valid TOML"):
        cards_module.load_creatures(path)


SORCERY = """
[[sorcery]]
id = "s"
name = "S"
type = "t"
count = 2
text = "..."
provenance = "proposal"
effect = {effect}
"""


def test_sorcery_data_is_validated(tmp_path):
    """Data files: effects must be known keys of the right type."""
    path = _write(tmp_path, "sorceries.toml", SORCERY.format(effect="{ fly = 1 }"))
    with pytest.raises(DataError, match=r"sorceries.toml: entry #1 \(s\): unknown effect 'fly'"):
        cards_module.load_sorceries(path)
    path = _write(tmp_path, "sorceries.toml", SORCERY.format(effect="{ captures = 1 }"))
    with pytest.raises(DataError, match="'captures' must be bool"):
        cards_module.load_sorceries(path)
    path = _write(tmp_path, "sorceries.toml", SORCERY.format(effect="{ summon_discount = 1 }"))
    with pytest.raises(DataError, match="needs an affiliation"):
        cards_module.load_sorceries(path)
    path = _write(tmp_path, "sorceries.toml", SORCERY.format(effect="{ attack_bonus = 2 }"))
    assert cards_module.load_sorceries(path)[0].attack_bonus == 2


def test_the_shipped_data_is_the_marked_proposal():
    """The card lists are reconstructions: every entry says so."""
    from glyphhall.games.glyfts.cards import CARDS

    assert len(CARDS.creatures) == 36 and CARDS.deck_size == 72
    assert {c.provenance for c in CARDS.creatures} == {"proposal"}
    assert {s.provenance for s in CARDS.sorceries} == {"proposal"}
    assert len({s.type for s in CARDS.sorceries}) == 6  # Rulebook, Sorcery Cards: six types
    assert "top_messenger" in CARDS.creature_by_id  # Rulebook, Creature Cards example


def test_the_shipped_data_follows_the_reference_proposal():
    """Reference proposal B8-B10 (shared/reference/tundrus-and-glyfts-data.md): four affiliations of
    nine Creatures on the same curve, and the six Sorcery types with their counts and effects."""
    from glyphhall.games.glyfts.cards import CARDS

    assert CARDS.affiliations == ("skyborne", "stonekin", "tidecaller", "emberfolk")
    for affiliation in CARDS.affiliations:
        group = [x for x in CARDS.creatures if x.affiliation == affiliation]
        assert [x.roll_cost for x in group] == [2, 2, 3, 3, 4, 5, 5, 6, 8]
        assert [x.attack + x.health for x in group] == [3, 3, 4, 4, 5, 6, 6, 7, 9]
        assert [x.skill for x in group] == [1, 1, 1, 1, 2, 2, 2, 3, 3]
    assert [x.attack for x in CARDS.creatures if x.affiliation == "emberfolk"] == [2, 2, 3, 2, 3, 4, 5, 5, 6]
    by_type = {s.type: s for s in CARDS.sorceries}
    assert sorted(by_type) == ["capture", "fortune", "glyft", "nullify", "strength", "ward"]
    effects = {s.id: (s.count, s.summon_discount, s.captures, s.cancels_others, s.attack_bonus,
                      s.health_bonus, s.rerolls) for s in CARDS.sorceries}
    assert effects == {
        **{f"glyft_{a}": (6, 1, False, False, 0, 0, 0) for a in CARDS.affiliations},
        "capture": (6, 0, True, False, 0, 0, 0),
        "nullify": (8, 0, False, True, 0, 0, 0),
        "strength": (12, 0, False, False, 2, 0, 0),
        "ward": (12, 0, False, False, 0, 2, 0),
        "fortune": (10, 0, False, False, 0, 0, 1),
    }
    assert {s.affiliation for s in CARDS.sorceries if s.summon_discount} == set(CARDS.affiliations)


def test_battle_effects_come_from_the_data_not_the_card_names(tmp_path):
    """The Sorcery effects are data: new cards (other names, other numbers) work without code."""
    from glyphhall.games.glyfts import combat
    from glyphhall.games.glyfts.cards import CARDS, CardSet

    text = "".join(
        SORCERY.replace('id = "s"', f'id = "{sid}"').format(effect=effect)
        for sid, effect in (("might", "{ attack_bonus = 3, rerolls = 2 }"), ("silence", "{ cancels_others = true }"),
                            ("snare", "{ captures = true, health_bonus = 1 }"))
    )
    cards = CardSet(CARDS.creatures, cards_module.load_sorceries(_write(tmp_path, "sorceries.toml", text)))
    fx = combat.battle_effects(cards, [0, 0], [2])
    assert (fx.attack_bonus, fx.attacker_rerolls, fx.health_bonus, fx.defender_captures) == (6, 4, 1, True)
    fx = combat.battle_effects(cards, [0], [2, 1])
    assert fx.cancelled and (fx.attack_bonus, fx.defender_captures) == (0, False)
