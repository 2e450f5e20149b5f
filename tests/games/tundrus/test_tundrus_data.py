"""The component data (data/*.toml): complete per the rulebook's counts, marked as proposals, and
validated with errors that name the file and the entry."""

import shutil
import tomllib

import pytest

from glyphhall.engine import DataError
from glyphhall.games.tundrus import data as data_module


def test_counts_match_the_rulebook_components():
    """Components: 65 Glyph Dice, 9 Champion Boards (3 per Class), 46 Item Cards, 35 tokens."""
    d = data_module.load_data()
    assert sum(x.count for x in d.dice) == 65
    assert len(d.champions) == 9
    assert sorted(c.cls for c in d.champions.values()).count("guardian") == 3
    assert len(d.items) == 46 and sum(t.count for t in d.tokens.values()) == 35
    assert {i.type for i in d.items.values()} == {"weapon", "armor", "auxiliary", "consumable"}


def test_every_glossary_item_ability_is_on_an_item():
    d = data_module.load_data()
    assert {i.ability for i in d.items.values() if i.ability} == set(d.item_abilities)


def test_every_entry_is_marked_as_a_proposal():
    for name in ("dice.toml", "champions.toml", "items.toml", "tokens.toml"):
        with (data_module.DATA_DIR / name).open("rb") as f:
            for table in tomllib.load(f).values():
                assert all(entry["provenance"] == "proposal" for entry in table)


@pytest.mark.parametrize("file, old, new, expect", [
    ("items.toml", 'equip_cost = ["white", "white"]', 'equip_cost = ["purple"]', "items.toml: item 'great_cleaver'"),
    ("champions.toml", 'class = "guardian"', 'class = "wizard"', "champions.toml: champion 'fire_guard'"),
    ("dice.toml", "count = 13", "count = -1", "dice.toml: die 'white'"),
    ("items.toml", "[[item]]", "[[item]\n", "items.toml: not valid TOML"),
])
def test_bad_data_is_a_clear_error(tmp_path, monkeypatch, file, old, new, expect):
    for p in data_module.DATA_DIR.glob("*.toml"):
        shutil.copy(p, tmp_path / p.name)
    text = (tmp_path / file).read_text()
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1))
    monkeypatch.setattr(data_module, "DATA_DIR", tmp_path)
    data_module.load_data.cache_clear()
    try:
        with pytest.raises(DataError) as info:
            data_module.load_data()
        assert expect in str(info.value)
    finally:
        data_module.load_data.cache_clear()
