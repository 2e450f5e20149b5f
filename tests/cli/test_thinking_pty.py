"""Never frozen, nothing lost: a spinner with the bot's name while it thinks, Ctrl-C during its
turn asks before leaving (and the game goes on when the answer is no), and every unfinished game
is saved after each move and continued by `glyphhall resume` at the very same state."""

from __future__ import annotations

import json

import pexpect

from glyphhall import games
from glyphhall.engine import MatchRecord, replay

from .pty import shown, spawn, type_line, wait_turn

#: Slow enough that Ctrl-C surely reaches the terminal while the bot still thinks on a loaded
#: machine; the test waits the bot's whole time once.
SLOW_BOT = "mcts:iterations=none,seconds=8,early_stop=off"


def _saved(tmp_path) -> list:
    return sorted((tmp_path / "data" / "saves").glob("*.json"))


def test_ctrl_c_while_the_bot_thinks_asks_and_the_game_goes_on(tmp_path):
    child = spawn("play", "inscription", "--plain", "--vs", SLOW_BOT, "--seed", "4", "--name", "Ann",
                  data_dir=str(tmp_path / "data"))
    wait_turn(child, "Ann")
    type_line(child, "draft 1")
    child.expect_exact("Hard computer is thinking")  # the spinner names the bot
    child.sendcontrol("c")
    child.expect_exact("Leave the game? It is saved.")
    type_line(child, "n")
    wait_turn(child, "Ann")  # the bot finished its move; the game went on
    assert "Hard computer picks" in shown(child)
    type_line(child, "draft 1")
    child.expect_exact("Hard computer is thinking")
    child.sendcontrol("c")
    child.expect_exact("Leave the game? It is saved.")
    type_line(child, "y")
    child.expect_exact("You left the match.")
    child.expect_exact("'glyphhall resume' continues it")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0  # left as asked, not killed by the interrupt
    saves = _saved(tmp_path)
    assert len(saves) == 1
    kept = json.loads(saves[0].read_text())
    assert kept["bots"] == [None, SLOW_BOT]
    assert [text for _, text in kept["record"]["actions"]][:3] == ["draft 1", kept["record"]["actions"][1][1], "draft 1"]


def test_quit_then_resume_continues_at_the_same_state(tmp_path):
    data = str(tmp_path / "data")
    child = spawn("play", "glyfts", "--plain", "--vs", "mcts:iterations=30", "--seed", "7", "--name", "Ann", data_dir=data)
    for _ in range(3):
        assert wait_turn(child, "Ann") == 0
        type_line(child, "auto")
    wait_turn(child, "Ann")
    type_line(child, "quit")
    child.expect_exact("You left the match.")
    child.expect_exact("It is saved in")
    child.expect(pexpect.EOF)
    (path,) = _saved(tmp_path)
    kept = json.loads(path.read_text())
    record = MatchRecord.from_dict(kept["record"])
    game = games.get("glyfts")
    before = replay(record, game)
    assert len(record.actions) >= 3

    listing = spawn("resume", "--plain", data_dir=data)
    listing.expect_exact("1. Glyfts: Ann vs Hard computer,")
    listing.expect_exact("Which game (Enter: 1)?")
    type_line(listing, "")
    listing.expect_exact(f"continued after {len(record.actions)} moves")
    assert wait_turn(listing, "Ann") == 0
    # the view at resume is the view at quitting: the same position, seen by the same seat
    assert replay(record, game).view(0) == before.view(0)
    type_line(listing, "auto")
    wait_turn(listing, "Ann")
    type_line(listing, "quit")
    listing.expect(pexpect.EOF)
    later = MatchRecord.from_dict(json.loads(path.read_text())["record"])
    assert later.actions[: len(record.actions)] == record.actions and len(later.actions) > len(record.actions)


def test_resume_says_when_there_is_nothing_to_continue(tmp_path):
    child = spawn("resume", data_dir=str(tmp_path / "data"))
    child.expect_exact("No unfinished games.")
    child.expect(pexpect.EOF)


def test_resume_with_a_number_out_of_range_says_which_numbers_exist(tmp_path):
    data = str(tmp_path / "data")
    child = spawn("play", "inscription", "--plain", "--vs", "random", "--seed", "2", "--name", "Ann", data_dir=data)
    wait_turn(child, "Ann")
    type_line(child, "auto")
    wait_turn(child, "Ann")
    type_line(child, "quit")
    child.expect(pexpect.EOF)
    child = spawn("resume", "4", data_dir=data)
    child.expect_exact("there is 1 saved game; N is a number from 1 to 1")
    child.expect(pexpect.EOF)
