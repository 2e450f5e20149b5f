"""The full-screen play screen at 80x24 and 120x40, read through a terminal emulator: a whole
game against `mcts` in every game (at 80x24; Glyfts at 120x40 too) with a capture of the screen in
each phase, the last move's
important event on screen after every move, Ctrl-C while the bot thinks, lines typed ahead,
quit and resume to the same screen, and a resize redrawn."""

from __future__ import annotations

import json
import re

import pytest

from glyphhall import games
from glyphhall.cli.render import terminal_hook
from glyphhall.engine import MatchRecord, filter_events, first_state

from .screen_pty import Term
from .test_terminal_pty import QUICK

BOT = "mcts:iterations=20"
YOUR_MOVE = r"(?m)^ Ann, your move"
MORE = r"--More--"
OVER = r"Press Enter to leave"
SAVED = "Match record saved"


def _start(game_id: str, tmp_path, rows: int, cols: int, bot: str = BOT, seed: int = 5) -> Term:
    options = [part for key, value in QUICK[game_id].items() for part in ("-o", f"{key}={value}")]
    return Term("play", game_id, "--vs", bot, "--seed", str(seed), "--name", "Ann", *options,
                data_dir=str(tmp_path / "data"), rows=rows, cols=cols)


def _saved_record(tmp_path) -> MatchRecord | None:
    for path in (tmp_path / "data" / "saves").glob("*.json"):
        try:
            return MatchRecord.from_dict(json.loads(path.read_text())["record"])
        except FileNotFoundError:  # the game ended and its save was removed as we looked
            return None
    return None


def _saved_count(tmp_path) -> int:
    record = _saved_record(tmp_path)
    return -1 if record is None else len(record.actions)


class _Seen:
    """Every log line Ann (seat 0) has seen, worded as the screen words them, kept up with the
    saved game by replaying only the moves that are new since the last look."""

    def __init__(self) -> None:
        self.state = None
        self.done = 0
        self.lines: list[str] = []

    def update(self, record: MatchRecord) -> list[str]:
        game = games.get(record.game)
        if self.state is None:
            self.state = first_state(game, len(record.players), record.seed, record.options, record.position)
        for seat, text in record.actions[self.done:]:
            events = self.state.apply_text(seat, text)
            if seat == 0:
                self.lines.append(f"Ann: {text}")
            self.lines += [game.event_text(e, record.players) for e in filter_events(events, 0)]
        self.done = len(record.actions)
        return self.lines


def _log_shows(screen: list[str], lines: list[str]) -> bool:
    """Whether the log pane (between the rule under the board and the pinned line) ends with the
    newest lines Ann has seen: then the screen is of now, not of an earlier turn."""
    rule = max((i for i, line in enumerate(screen) if line.startswith("────")), default=None)
    if rule is None:
        return False
    pane = list(screen[rule + 1:-2])
    while pane and not pane[-1]:
        pane.pop()  # a log shorter than its pane leaves blank rows below it
    newest = lines[-min(len(pane), 3):] if lines else []
    shown = pane[-len(newest):] if newest else []
    return all(s.startswith(n[: len(s) - 1].rstrip() if s.endswith("…") else n.rstrip())
               for s, n in zip(shown, newest, strict=True)) and len(shown) == len(newest)


def _next_screen(term: Term, tmp_path, seen: _Seen) -> tuple[str, list[str]]:
    """Waits for the next screen that asks Ann to move ("move", with every log line Ann has
    seen so far), holds a message (--More--) or ends ("over"). Ann's move is asked when the
    status line says so, her prompt is on the last line (it is blank while the game is busy)
    and the newest line of the saved game is in the log: then the game waits on Ann."""
    state: dict[str, object] = {}

    def ready() -> bool:
        if re.search(OVER, term.text()):
            state["found"] = "over"
            return True
        if MORE in term.text():
            state["found"] = "more"
            return True
        record = _saved_record(tmp_path)
        count = -1 if record is None else len(record.actions)
        lines = seen.update(record) if record is not None else []
        screen = term.lines()
        asked = screen[0].startswith(" Ann, your move") and screen[-1].startswith("Ann>")
        if asked and _log_shows(screen, lines) and _saved_count(tmp_path) == count:
            state["found"], state["seen"] = "move", list(lines)
            return True
        return False

    term.until(ready, "asked Ann to move, held a message or ended", timeout=90)
    return str(state["found"]), list(state.get("seen") or [])  # type: ignore[call-overload]


#: Every game whole at 80x24, the size where lines are hardest to fit; at 120x40 Glyfts whole (the
#: quickest) and Heroscape's board in the quit-and-resume test below: every game whole at both
#: sizes cost the suite another 90 seconds for layouts the larger screen fits with room to spare.
WHOLE_GAMES = [(game_id, 24, 80) for game_id in sorted(QUICK)] + [("glyfts", 40, 120)]


@pytest.mark.parametrize(("game_id", "rows", "cols"), WHOLE_GAMES)
def test_a_whole_game_full_screen_against_mcts(game_id, rows, cols, tmp_path):
    term = _start(game_id, tmp_path, rows, cols)
    captures = tmp_path / "captures"
    phases: set[str] = set()
    important = terminal_hook(games.get(game_id), "IMPORTANT")
    moves = 0
    log = _Seen()
    while True:
        found, seen = _next_screen(term, tmp_path, log)
        lines = term.lines()
        assert len(lines) == rows and all(len(line) <= cols for line in lines)
        if found == "over":
            break
        if found == "more":
            held = term.text()
            term.send(" ")
            # the next screen may hold the next lines at once: wait for a change, not for no --More--
            term.until(lambda held=held: term.text() != held, "went on after --More--")
            continue
        # the newest important line Ann has seen is on the screen (pinned, or in the log)
        marked = [line for line in seen if important is not None and important.search(line)]
        if marked:
            assert marked[-1][: cols - 20].rstrip() in term.text(), (marked[-1], term.text())
        phase = lines[0].rsplit("·", 1)[-1].strip().lower() if "·" in lines[0] else "start"
        if phase not in phases:
            phases.add(phase)
            slug = re.sub(r"\W+", "-", phase)
            term.capture(captures / f"{game_id}-{cols}x{rows}", f"{len(phases):02d}-{slug}")
        done = _saved_count(tmp_path)
        # Ctrl-U first: an Enter that came as --More-- appeared only acknowledged it and left the
        # typed move on the input line (the program keeps what is typed ahead)
        term.line("\x15auto")
        moves += 1
        assert moves < 3000
        term.until(lambda done=done: _saved_count(tmp_path) != done or re.search(OVER, term.text())
                   or MORE in term.text() or SAVED in term.text(), "took the move")
        if SAVED in term.text():
            # the move ended the game, and an Enter typed ahead already left the result screen
            break
    screen = term.text()
    assert "wins" in screen or "draw" in screen or "win" in screen, screen
    if SAVED not in screen:
        term.line("")
    after = screen + term.rest()
    assert SAVED in after
    assert moves > 0 and phases
    assert not list((tmp_path / "data" / "saves").glob("*.json"))


def test_ctrl_c_while_the_bot_thinks_full_screen_and_typing_ahead(tmp_path):
    term = _start("inscription", tmp_path, 24, 80, bot="mcts:iterations=none,seconds=2,early_stop=off", seed=4)
    term.wait(YOUR_MOVE)
    term.line("draft 1")
    term.wait(r"Hard computer is thinking… \(Ctrl-C to leave\)")
    term.send("\x03")
    term.wait(r"Leave the game\? It is saved\. \[y/N\]")
    term.send("n")
    term.line("draft 2")  # typed while the bot still thinks: kept and played at Ann's turn
    term.wait(r"Ann: draft 2", timeout=30)
    term.wait(r"Hard computer is thinking")
    term.send("\x03")
    term.wait(r"Leave the game\?")
    term.send("y")
    after = term.rest()
    assert "You left the match." in after and "'glyphhall resume' continues it" in after
    record = _saved_record(tmp_path)
    assert record is not None and [t for s, t in record.actions if s == 0][:2] == ["draft 1", "draft 2"]


def test_quit_and_resume_show_the_same_board(tmp_path):
    term = _start("heroscape", tmp_path, 40, 120)
    for _ in range(3):
        assert _next_screen(term, tmp_path, _Seen())[0] == "move"
        done = _saved_count(tmp_path)
        term.line("auto")
        term.until(lambda done=done: _saved_count(tmp_path) != done, "took the move")
    assert _next_screen(term, tmp_path, _Seen())[0] == "move"
    term.settle(0.5)
    board = slice(0, 40 - 11)  # the status line and the board, above the last moves
    before = term.lines()[board]
    term.line("quit")
    assert "It is saved in" in term.rest()
    again = Term("resume", "1", data_dir=str(tmp_path / "data"), rows=40, cols=120)
    assert _next_screen(again, tmp_path, _Seen())[0] == "move"
    again.settle(0.5)
    assert again.lines()[board] == before
    again.line("quit")
    again.rest()


def test_a_resize_is_redrawn_and_a_wide_map_pans(tmp_path):
    """A Virtualscape map of 32 columns: four columns a hex at 160 wide, two at 80 (the compact
    map fits), and panned with Shift-Left/Right where even that does not fit (60 wide)."""
    castle = "tests/games/heroscape/virtualscape_maps/Castle_vs_elements.hsc"
    term = Term("play", "heroscape", "--vs", BOT, "--seed", "5", "--name", "Ann", "-o", f"map={castle}",
                data_dir=str(tmp_path / "data"), rows=40, cols=160)
    term.wait(YOUR_MOVE)
    term.settle()
    assert "  1   2   3   4" in term.text()  # the wide map: a column every four
    term.resize(24, 80)
    term.until(lambda: term.lines()[-1].startswith("Ann>") and term.lines()[0].startswith(" Ann, your move")
               and "    1         6         11" in term.text(), "redrew at 80x24")
    assert len(term.lines()) == 24  # the compact map (two columns a hex) is drawn above
    term.resize(24, 60)
    term.until(lambda: "Shift-←/→: pan" in term.text(), "offered to pan")
    before = term.lines()[2]
    term.send("\x1b[1;2C")  # Shift-Right
    term.until(lambda: term.lines()[2] != before, "panned the map")
    term.resize(40, 120)
    term.until(lambda: term.lines()[-1].startswith("Ann>") and term.lines()[0].startswith(" Ann, your move"),
               "redrew at 120x40")
    term.line("quit")
    term.rest()


def test_a_click_on_a_word_of_the_board_types_it(tmp_path):
    """Mouse clicks where the terminal reports them (xterm's SGR mode): a card's name clicked on
    the board is typed on the line."""
    term = _start("inscription", tmp_path, 24, 80)
    term.wait(YOUR_MOVE)
    term.until(lambda: term.lines()[-1].startswith("Ann>"), "showed Ann's prompt")
    term.settle()
    game = games.get("inscription")
    state = game.new(2, 5, game.resolve_options({}))
    name = state.defs[state.faceup[0]].name.split()[0]
    row = next(i for i, line in enumerate(term.lines()) if re.search(rf"\b{name}\b", line) and i > 0)
    col = re.search(rf"\b{name}\b", term.lines()[row]).start()
    term.send(f"\x1b[<0;{col + 2};{row + 1}M\x1b[<0;{col + 2};{row + 1}m")  # press and release, 1-based
    term.until(lambda: term.lines()[-1].startswith(f"Ann> {name}"), f"typed {name}")
    term.send("\x03")  # Ctrl-C clears the line
    term.until(lambda: term.lines()[-1].rstrip() == "Ann>", "cleared the line")
    term.line("quit")
    term.rest()
