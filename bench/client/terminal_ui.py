"""Textual or prompt_toolkit for the full-screen terminal? Both run the same one-game screen
(the Inscription board rendered by Rich, a log and a prompt) in a pseudo-terminal at 80x24;
we time the start to the first frame and the keypress-to-redraw latency of a board update.

    python bench/client/terminal_ui.py [--rounds 5] [--python PATH_WITH_TEXTUAL]

Figures are medians over alternating rounds (the machine is shared and noisy)."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import textwrap
import time

import pexpect
import pyte

BOARD = textwrap.dedent("""
    from glyphhall import games
    from glyphhall.games.inscription.terminal import render
    game = games.get("inscription")
    state = game.new(2, 5, game.resolve_options({}))
    def board():
        return render(state.view(0), 0, ["Ann", "Bob"])
""")

PTK = BOARD + textwrap.dedent("""
    from io import StringIO
    from rich.console import Console
    from prompt_toolkit.application import Application
    from prompt_toolkit.formatted_text import ANSI
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.layout import HSplit, Layout, Window
    from prompt_toolkit.layout.controls import FormattedTextControl
    count = [0]
    def text():
        width = app.output.get_size().columns
        out = StringIO()
        Console(file=out, width=width, force_terminal=True, color_system="truecolor").print(board())
        return ANSI(out.getvalue() + f"\\nupdate {count[0]} done")
    keys = KeyBindings()
    @keys.add("x")
    def _(event):
        count[0] += 1
    @keys.add("q")
    def _(event):
        event.app.exit()
    app = Application(layout=Layout(HSplit([Window(FormattedTextControl(text))])), key_bindings=keys, full_screen=True)
    app.run()
""")

TEXTUAL = BOARD + textwrap.dedent("""
    from textual.app import App
    from textual.widgets import Static
    class Bench(App):
        BINDINGS = [("x", "update", ""), ("q", "quit", "")]
        count = 0
        def compose(self):
            yield Static(board(), id="board")
            yield Static("update 0 done", id="count")
        def action_update(self):
            self.count += 1
            self.query_one("#board", Static).update(board())
            self.query_one("#count", Static).update(f"update {self.count} done")
    Bench().run()
""")


def _until(child: pexpect.spawn, stream: pyte.Stream, screen: pyte.Screen, text: str) -> None:
    """Reads the terminal's output until the emulated screen shows `text` (both programs redraw
    only what changed, so the raw stream never holds the whole line)."""
    while not any(text in line for line in screen.display):
        stream.feed(child.read_nonblocking(1 << 16, timeout=60))


def once(python: str, code: str, updates: int) -> tuple[float, float]:
    start = time.perf_counter()
    child = pexpect.spawn(python, ["-c", code], dimensions=(24, 80), encoding="utf-8", timeout=60,
                          env={**os.environ, "TERM": "xterm-256color", "GLYPHHALL_PURE": "1"})
    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)
    _until(child, stream, screen, "update 0 done")
    first = time.perf_counter() - start
    begin = time.perf_counter()
    for i in range(1, updates + 1):
        child.send("x")
        _until(child, stream, screen, f"update {i} done")
    per = (time.perf_counter() - begin) / updates
    child.send("q")
    child.expect(pexpect.EOF)
    return first, per


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--updates", type=int, default=20)
    parser.add_argument("--python", default=sys.executable, help="a Python with Textual installed")
    args = parser.parse_args()
    figures: dict[str, list[tuple[float, float]]] = {"prompt_toolkit": [], "textual": []}
    for _ in range(args.rounds):
        figures["prompt_toolkit"].append(once(args.python, PTK, args.updates))
        figures["textual"].append(once(args.python, TEXTUAL, args.updates))
    for name, runs in figures.items():
        first = statistics.median(r[0] for r in runs)
        per = statistics.median(r[1] for r in runs)
        print(f"{name:15s} start to first frame {first * 1000:6.0f} ms   keypress to redraw {per * 1000:5.1f} ms")


if __name__ == "__main__":
    main()
