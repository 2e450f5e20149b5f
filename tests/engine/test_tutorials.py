"""Every game's guided first game plays through: each step's expected move is legal for the
learner and leads to the next step; wrong moves are refused with the step's why and keep the
position; what the player reads is written for players."""

from __future__ import annotations

import pytest

from glyphhall import games
from glyphhall.engine import LoadError
from glyphhall.engine.tutorial import Lesson, check_tutorial, load_tutorial, step_texts
from glyphhall.games.tutorials import tutorial, with_tutorial

GAMES = ["glyfts", "glyphs", "heroscape", "inscription", "tundrus"]


def test_every_game_has_a_tutorial() -> None:
    assert with_tutorial() == GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tutorial_plays_through(game_id: str) -> None:
    found = tutorial(game_id)
    assert found is not None
    assert check_tutorial(found) == []
    lesson = Lesson(found)
    while not lesson.done:
        assert lesson.play(lesson.step.expect).accepted
    assert lesson.play("anything").accepted is False


@pytest.mark.parametrize("game_id", GAMES)
def test_every_wrong_move_is_refused_and_keeps_the_position(game_id: str) -> None:
    found = tutorial(game_id)
    assert found is not None
    lesson = Lesson(found)
    refused = 0
    while not lesson.done:
        before, index = lesson.state.to_dict(), lesson.index
        for written, why in lesson.step.wrong.items():
            answer = lesson.play(written)
            assert (answer.accepted, answer.message) == (False, why)
            refused += 1
        gibberish = lesson.play("fly to the moon")
        assert not gibberish.accepted and lesson.step.why in gibberish.message
        assert (lesson.state.to_dict(), lesson.index) == (before, index)
        lesson.play(lesson.step.expect)
    assert refused >= 3  # specific answers where natural, in every game


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tutorial_is_written_for_players(game_id: str) -> None:
    found = tutorial(game_id)
    assert found is not None
    for text in step_texts(found):
        lowered = text.lower()
        for word in ("seat ", "toml", "mcts", "heuristic", ".py", "random bot"):
            assert word not in lowered, (word, text)
    assert "gentlest computer" in found.finish_text
    assert games.get(game_id).resolve_options(dict(found.options))  # the short game's options are real


def test_a_tutorial_that_does_not_play_through_is_caught() -> None:
    game = games.get("inscription")
    text = (games.tutorials.tutorial_path("inscription") or pytest.fail()).read_text()
    broken = load_tutorial(game, text.replace('expect = "play stoat 3 sacrifice 1"', 'expect = "play wolf 3 sacrifice 1"'))
    problems = check_tutorial(broken)
    assert len(problems) == 1 and problems[0].startswith("step 2: the expected move 'play wolf 3 sacrifice 1' is not legal")


def test_a_bad_tutorial_is_refused_naming_the_key() -> None:
    game = games.get("inscription")
    with pytest.raises(LoadError, match="first step needs a 'position'"):
        load_tutorial(game, 'title = "x"\n[[steps]]\ntext = "a"\nexpect = "bell"\nwhy = "b"\n[finish]\ntext = "c"\n')
    with pytest.raises(LoadError, match="steps\\[0\\].colour"):
        load_tutorial(game, 'title = "x"\n[[steps]]\nposition = "game = \'inscription\'"\ntext = "a"\nexpect = "bell"\n'
                            'why = "b"\ncolour = 1\n[finish]\ntext = "c"\n')
