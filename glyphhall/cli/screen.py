"""What a person at the terminal sees while playing or replaying.

`Screen` keeps one fixed layout (the game's board, the last few log lines, a status line and
the answer to the last command) and redraws it in place whenever something changes, so a long
game never scrolls thousands of lines past. `PlainScreen` (`--plain`) writes line by line
instead: new log lines as they happen and the board when asked or when it is your turn, for
screen readers and pipes."""

from __future__ import annotations

import time

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from .thinking import spinner_frame

LOG_LINES = 6


class Screen:
    plain = False

    def __init__(self, console: Console):
        self.console = console
        self.notes: list[RenderableType] = []

    def say(self, *notes: RenderableType | str) -> None:
        """Shown under the board until the next change of position."""
        self.notes.extend(Text(n) if isinstance(n, str) else n for n in notes)

    def draw(self, board: RenderableType, log: list[str], status: str, log_title: str = "last moves") -> None:
        recent = log[-LOG_LINES:]
        parts: list[RenderableType] = [board]
        parts.append(Panel(Text("\n".join(recent) or "(nothing yet)"), title=log_title,
                           title_align="left", border_style="dim"))
        parts.append(Text(status, style="bold"))
        parts.extend(self.notes)
        self.console.clear()
        self.console.print(Group(*parts))

    def new_lines(self, lines: list[str]) -> None:
        """Log lines are shown by the next draw."""

    def clear_notes(self) -> None:
        self.notes.clear()

    def hold(self, lines: list[str]) -> None:
        """Must-read lines that more moves would push away: the full screen waits (--More--)."""

    def important_lines(self, lines: list[str]) -> list[str]:
        return []

    def cover(self, text: str) -> None:
        """Hotseat: the screen is cleared while the keyboard passes to the next player."""
        self.console.clear()
        self.console.rule(escape(text))

    def thinking(self, name: str, started: float) -> None:
        """A bot is choosing its move (called about ten times a second until it has)."""
        self.console.file.write(f"\r{spinner_frame(started)} {name} is thinking… (Ctrl-C to leave)")
        self.console.file.flush()
        self._spinning = True

    def thinking_done(self) -> None:
        if getattr(self, "_spinning", False):
            self.console.file.write("\r\x1b[2K")
            self.console.file.flush()
            self._spinning = False


class PlainScreen(Screen):
    plain = True

    def say(self, *notes: RenderableType | str) -> None:
        for note in notes:
            self.console.print(escape(note) if isinstance(note, str) else note, highlight=False)

    def draw(self, board: RenderableType, log: list[str], status: str, log_title: str = "last moves") -> None:
        self.console.print(board)
        self.console.print(escape(status), highlight=False)

    def new_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.console.print(f"  {escape(line)}", highlight=False)

    def thinking(self, name: str, started: float) -> None:
        """Said once, and only when the bot takes long enough to notice: a screen reader
        should not read a spinner."""
        if not getattr(self, "_said", False) and time.monotonic() - started > 0.5:
            self.console.print(f"{escape(name)} is thinking… (Ctrl-C to leave)")
            self._said = True

    def thinking_done(self) -> None:
        self._said = False
