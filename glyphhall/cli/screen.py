"""What a person at the terminal sees while playing or replaying.

`Screen` keeps one fixed layout (the game's board, the last few log lines, a status line and
the answer to the last command) and redraws it in place whenever something changes, so a long
game never scrolls thousands of lines past. `PlainScreen` (`--plain`) writes line by line
instead: new log lines as they happen and the board when asked or when it is your turn, for
screen readers and pipes."""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

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


class PlainScreen(Screen):
    plain = True

    def say(self, *notes: RenderableType | str) -> None:
        for note in notes:
            self.console.print(escape(note) if isinstance(note, str) else note)

    def draw(self, board: RenderableType, log: list[str], status: str, log_title: str = "last moves") -> None:
        self.console.print(board)
        self.console.print(escape(status))

    def new_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.console.print(f"  {escape(line)}")
