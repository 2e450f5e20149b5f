"""The computer's levels at the terminal (issue 41), as a person meets them in a pseudo-terminal:
`--vs hard` names the opponent by its level with how it plays and its rating here, `hint` says
which computer it asks, the old names still work, and no developer word is shown about a bot."""

from __future__ import annotations

import re

import pexpect

from glyphhall.bots.levels import LEVELS, rating_text
from glyphhall.engine.player_text import program_words as bot_jargon

from .pty import shown, spawn, type_line, wait_turn

HARD = next(lv for lv in LEVELS if lv.key == "hard")


def _about_bots(text: str) -> list[str]:
    """The lines that speak of the computer (the board's own text is the game's)."""
    return [line for line in text.splitlines() if re.search(r"computer|\bbot\b|level|hint|auto ", line, re.I)]


def test_vs_hard_names_the_level_and_hint_names_its_computer(tmp_path):
    child = spawn("play", "glyfts", "--plain", "--vs", "hard", "--seed", "3", "--name", "Ann",
                  data_dir=str(tmp_path / "data"), cols=200)
    intro = f"You play against the Hard computer: {HARD.about} In this game it is {rating_text(HARD, 'glyfts')}."
    child.expect(r"\s+".join(map(re.escape, intro.split())))  # the line wraps at the terminal's width
    assert wait_turn(child, "Ann") == 0
    type_line(child, "hint")
    child.expect(r"The Medium computer would play: [^\n]+, because")
    type_line(child, "help")
    child.expect_exact("let the Medium computer play this one move for you")
    type_line(child, "quit")
    child.expect_exact("You left the match.")
    child.expect(pexpect.EOF)
    lines = _about_bots(shown(child))
    assert any("Hard computer" in line for line in lines)
    assert not [line for line in lines if bot_jargon(line)], lines


def test_an_old_name_still_plays_and_is_shown_by_its_level(tmp_path):
    child = spawn("play", "glyfts", "--plain", "--vs", "mcts-easy", "--seed", "5", "--name", "Ann",
                  data_dir=str(tmp_path / "data"), cols=200)
    child.expect_exact("You play against the Quick computer:")  # Medium until issue 41's second round
    assert wait_turn(child, "Ann") == 0
    type_line(child, "quit")
    child.expect(pexpect.EOF)
    assert "mcts" not in shown(child).lower()


def test_easy_is_the_careless_computer_and_the_default_is_medium(tmp_path):
    easy = next(lv for lv in LEVELS if lv.key == "easy")
    child = spawn("play", "glyfts", "--plain", "--vs", "easy", "--seed", "5", "--name", "Ann",
                  data_dir=str(tmp_path / "data"), cols=200)
    child.expect(r"\s+".join(map(re.escape, f"You play against the Easy computer: {easy.about}".split())))
    assert wait_turn(child, "Ann") == 0
    type_line(child, "quit")
    child.expect(pexpect.EOF)
    child = spawn("play", "glyfts", "--plain", "--seed", "5", "--name", "Ann", data_dir=str(tmp_path / "data"), cols=200)
    child.expect_exact("You play against the Medium computer:")
    assert wait_turn(child, "Ann") == 0
    type_line(child, "quit")
    child.expect(pexpect.EOF)
