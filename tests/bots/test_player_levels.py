"""The levels a player understands (issue 41): names mapped onto the bot specs, the old specs still
accepted, the ratings shipped as data, and no developer word in anything a player reads about a bot."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from glyphhall import bots
from glyphhall.bots import levels
from glyphhall.bots.levels import LEVELS, introduce, label, rating_short, rating_text, resolve
from glyphhall.bots.spec import BotSpecError, check_spec, make_bot, parse_spec
from glyphhall.cli.main import app
from glyphhall.cli.play import HELP
from glyphhall.engine.player_text import program_words as bot_jargon

ROOT = Path(__file__).resolve().parents[2]
GAME_IDS = ("inscription", "glyfts", "tundrus", "heroscape", "glyphs")


def test_the_jargon_check_catches_the_old_wording() -> None:
    """The check itself can fail: the texts of before issue 41 are caught."""
    assert bot_jargon("The heuristic bot would play: draft 1") == ["heuristic"]
    assert bot_jargon("bot: mcts-easy") == ["mcts"]
    assert bot_jargon("Hard computer (rated 1310)") == []


def test_a_level_word_plays_its_spec_and_the_old_specs_still_work() -> None:
    assert [lv.key for lv in levels.ladder_levels()] == ["beginner", "easy", "medium", "hard", "expert"]
    assert [lv.spec for lv in levels.ladder_levels()] == ["random", "careless", "heuristic", "mcts", "mcts-hard"]
    assert [lv.key for lv in LEVELS if not lv.on_ladder] == ["quick", "classic", "instinct", "guided"]
    assert resolve("hard") == "mcts" and resolve("Expert:roots=1") == "mcts-hard:roots=1"
    assert resolve("Hard computer") == "mcts" and resolve("mcts-hard") == "mcts-hard"
    assert parse_spec("hard") == parse_spec("mcts") and parse_spec("expert:roots=1") == ("mcts-hard", {"roots": 1})
    for name in bots.names():  # every registered spec is accepted as before
        assert check_spec(name) == name
    assert make_bot("hard", 3).level == make_bot("mcts", 3).level == "mcts"
    assert type(make_bot("easy")) is type(make_bot("careless")) and type(make_bot("medium")) is type(make_bot("heuristic"))
    assert resolve("quick") == "mcts-easy" and make_bot("quick", 3).level == make_bot("mcts-easy", 3).level == "mcts-easy"
    # Issue 41's second round moved the specs under the names; a spec stored before is named by its level now.
    assert label("heuristic") == "Medium computer" and label("mcts-easy") == "Quick computer"
    assert label("careless") == label("careless:p=0.2") == "Easy computer"
    with pytest.raises(BotSpecError, match="there is no level 'wizard'; the levels are beginner, easy"):
        parse_spec("wizard")


def test_a_game_may_leave_a_level_off_its_ladder_and_says_why() -> None:
    """Glyfts' Hard plays like Medium (luck decides most deals): Glyfts' ladder goes from Medium
    to Expert, and Hard, still offered and still played by its name, says why it is not on it.
    Heroscape leaves its Expert off the same way."""
    hard = levels.find("hard")
    assert [lv.key for lv in levels.ladder_levels("glyfts")] == ["beginner", "easy", "medium", "expert"]
    assert [lv.key for lv in levels.ladder_levels("tundrus")] == ["beginner", "easy", "medium", "hard"]
    assert rating_text(hard, "glyfts") == "not on the ladder: " + levels.off_ladder_reason(hard, "glyfts")
    assert "as well as Medium" in rating_text(hard, "glyfts") and levels.off_ladder_reason(hard, "tundrus") is None
    assert rating_short(hard, "glyfts") == "off the ladder"  # a seat's list: the line under it says why
    assert "hard" in [lv["key"] for lv in levels.describe(["glyfts"])] and resolve("hard") == "mcts"
    assert "In this game it is not on the ladder: it plays about as well as Medium" in introduce("hard", "glyfts")
    # A computer seat starts at the level below it there (as strong, and quicker); elsewhere at Hard.
    assert levels.default_level("glyfts") == "medium"
    assert levels.default_level("tundrus") == levels.default_level(None) == levels.DEFAULT_LEVEL == "hard"
    # Heroscape's Expert looks further than Hard for nothing measurable: its ladder ends at Hard.
    expert = levels.find("expert")
    assert [lv.key for lv in levels.ladder_levels("heroscape")] == ["beginner", "easy", "medium", "hard"]
    assert rating_text(expert, "heroscape").startswith("not on the ladder: it plays about as well as Hard")
    assert levels.default_level("heroscape") == "hard" and levels.off_ladder_reason(expert, "inscription") is None
    # Tundrus' Expert is not (yet) measurably stronger than its Hard: that ladder ends at Hard too.
    assert rating_text(expert, "tundrus").startswith("not on the ladder: it is not yet measurably stronger than Hard")
    assert [lv.key for lv in levels.ladder_levels("inscription")][-1] == "expert"


def test_every_registered_bot_has_a_name_for_players() -> None:
    for name in bots.names():
        assert label(name) != levels.UNKNOWN_LABEL, f"{name} has no level: add it to bots/levels.py"
    assert label("mcts") == "Hard computer" and label("random") == "Beginner computer"
    assert label("mcts:iterations=50") == "Hard computer"
    assert label("some-new-bot") == "Computer" and label(None) == "Computer"


def test_nothing_a_player_reads_about_a_bot_has_a_developer_word() -> None:
    texts = []
    for level in LEVELS:
        texts += [level.name, level.label, level.about]
        for game in GAME_IDS:
            texts += [rating_text(level, game), rating_short(level, game), introduce(level.spec, game),
                      introduce(level.key, game)]
    texts += [label(name) for name in bots.names()] + [label(f"{name}:iterations=5") for name in bots.names()]
    texts.append(HELP)
    runner = CliRunner()
    texts.append(runner.invoke(app, ["play", "--help"], terminal_width=200).output)
    texts.append(runner.invoke(app, ["play", "glyfts", "--vs", "wizard"]).output)
    with pytest.raises(BotSpecError) as err:
        parse_spec("")
    texts.append(str(err.value))
    found = {text: bot_jargon(text) for text in texts if bot_jargon(text)}
    assert not found, found


def test_the_ratings_are_shipped_with_where_they_came_from() -> None:
    data = json.loads((ROOT / "glyphhall" / "bots" / "ladder.json").read_text())
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", data["dates"][0]) and data["commits"] and "shared" in data["about"]
    assert {"inscription", "glyfts"} <= set(data["games"])
    for game, ladder in data["games"].items():
        keys = [lv.key for lv in levels.ladder_levels(game)]
        rows = ladder["levels"]
        assert rows["beginner"] == {"rating": 1000, "low": 1000, "high": 1000, "above_below": None, "anchor": True}
        for key, row in rows.items():
            if row.get("rating") is None or row.get("anchor"):
                continue
            (pair,) = [p for p in ladder["pairs"] if p["upper"] == key and p["lower"] == row["measured_against"]]
            assert pair["deals"] >= 2 and len(pair["specs"]) == 2
            text = rating_text(levels.find(key), game)
            if key not in keys:  # left off this game's ladder: rated still, for the README, and said why
                assert row["off_ladder"] is True and text.startswith("not on the ladder: ")
                continue
            assert "off_ladder" not in row and text.startswith(f"rated {row['rating']}")
            assert rating_short(levels.find(key), game) == f"rated {row['rating']}"
            # The verdict comes from the level right below (where it has the 4 deals the ladder asks),
            # whichever comparison the rating came from (the one that pins it most closely).
            below = keys[keys.index(key) - 1]
            adjacent = [p for p in ladder["pairs"] if p["upper"] == key and p["lower"] == below and p["deals"] >= 4]
            if adjacent:
                # "Measurably stronger" only where the interval of its score stays above one half.
                (near,) = adjacent
                assert row["above_below"] == (near["score_low"] > 0.5 and near["elo_low"] is not None), (game, near)
                assert ("not measurably stronger" in text) == (not row["above_below"])
            else:
                assert row["above_below"] is None and "not yet compared with the level below" in text


def test_the_readme_shows_the_ladder_as_shipped() -> None:
    data = json.loads((ROOT / "glyphhall" / "bots" / "ladder.json").read_text())
    readme = (ROOT / "README.md").read_text()
    for game, ladder in data["games"].items():
        for key, row in ladder["levels"].items():
            if row.get("rating") is not None:
                name = levels.find(key).name
                assert re.search(rf"\| {game} \| {name} \| {row['rating']}\b", readme), (game, name)
