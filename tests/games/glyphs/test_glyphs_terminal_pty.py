"""Glyphs' terminal board through the real `glyphhall play` at 80 x 24 (issue 27): after several
turns the opening glyphs are still on the screen, "page next" shows earlier glyphs and "glyph N"
prints a glyph's notation; neither is played as an action."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_PTY = Path(__file__).parents[2] / "cli" / "pty.py"
_spec = importlib.util.spec_from_file_location("cli_pty_helpers", _PTY)
pty = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pty)


def test_the_board_pages_at_80_by_24(tmp_path):
    child = pty.spawn("play", "glyphs", "--plain", "--players", "2", "--vs", "heuristic", "--seed", "5", "--name", "Ann",
                      "-o", "level=3", data_dir=str(tmp_path / "data"), rows=24, cols=80)
    for _ in range(4):  # four turns each, made by the heuristic bot for Ann
        assert pty.wait_turn(child, "Ann", timeout=60) == 0
        pty.type_line(child, "auto")
    assert pty.wait_turn(child, "Ann", timeout=60) == 0
    screen = pty.shown(child)[-3000:]
    assert "✓ 1 opening" in screen and "✗ 2 opening" in screen, "the openings are pinned on screen"
    pty.type_line(child, "page next")
    child.expect_exact("earlier glyphs of the board")
    pty.type_line(child, "glyph 1")
    child.expect(r"glyph 1: [a-z]+@")
    assert "not an action" not in pty.shown(child)[-2000:]
    child.terminate(force=True)  # leaving is tested in tests/cli; this test is about the board
