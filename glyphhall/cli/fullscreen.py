"""The full-screen play screen: a prompt_toolkit `Application` on the alternate screen.

Panes keep their place (top to bottom): a status line (the game's own summary: lives, scale,
round; whose move or the thinking bot's spinner), the board (scrolled with PgUp/PgDn and the
mouse wheel, panned with Shift-Left/Right when wider than the screen), the last moves, the last
important event (held with --More-- when more moves would push it away unread) and the prompt.
prompt_toolkit redraws on resize and draws only what changed.

The game runs in a worker thread and talks to the screen through the `Screen` methods and
`read_line`; the screen lives in the main thread, so it stays alive while a bot thinks: the
spinner turns, lines typed meanwhile wait their turn, and Ctrl-C asks before leaving.
bench/client/terminal_ui.py measured this against Textual (docs/architecture.md says why this one)."""

from __future__ import annotations

import queue
import re
import threading
from collections.abc import Callable, Iterable
from io import StringIO

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, to_formatted_text
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import Float, FloatContainer, HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.mouse_events import MouseEvent, MouseEventType
from prompt_toolkit.styles import Style
from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.text import Text

from .prompt import ChoiceCompleter, history_path
from .screen import Screen
from .thinking import spinner_frame

#: the widest a board is drawn (wider boards are panned, never wrapped)
WIDEST = 400
LOG_LINES = 3
_WORD = re.compile(r"[\w'-]+")

STYLE = Style.from_dict({
    "status": "reverse",
    "pinned": "bold",
    "more": "reverse bold",
    "question": "bold fg:ansiyellow",
    "error": "bold fg:ansired",
    "title": "fg:ansibrightblack",
})


class FullScreen(Screen):
    """The screen and the line reader in one: pass it as both to `play_match`."""

    plain = False

    def __init__(self, history_name: str, choices: Callable[[], Iterable[str]] = tuple,
                 meta: Callable[[], dict[str, str]] | None = None, important: re.Pattern | None = None,
                 summary: Callable[[], str] | None = None):
        super().__init__(Console(file=StringIO()))
        self.board: RenderableType = Text("")
        self.log: list[str] = []
        self.status = ""
        self.summary = summary or (lambda: "")
        self.summary_line = ""
        self.pinned = ""
        self.important = important
        self.held: list[str] = []
        self.spin: tuple[str, float] | None = None
        self.prompt = ""
        self.question: str | None = None
        self.scroll = 0
        self.pan = 0
        self.leave = False
        self.lines: queue.Queue[str | None] = queue.Queue()
        self._acknowledged = threading.Event()
        self._rendered: list[list[tuple[str, str]]] = []
        self._too_wide = False
        #: (id of the renderable, width) -> (the renderable, kept alive so its id is not reused; its lines)
        self._cache: dict[tuple[int, int], tuple[RenderableType, list[list[tuple[str, str]]]]] = {}
        history = FileHistory(str(history_path(history_name))) if history_name else InMemoryHistory()
        self.input = Buffer(history=history, completer=ChoiceCompleter(choices, meta or dict),
                            complete_while_typing=False, multiline=False, accept_handler=self._accept)
        self.app = self._application()

    # the Screen interface, called from the game's thread

    def say(self, *notes: RenderableType | str) -> None:
        self.notes.extend(Text(n) if isinstance(n, str) else n for n in notes)
        self.scroll = 0
        self._refresh()

    def draw(self, board: RenderableType, log: list[str], status: str, log_title: str = "last moves") -> None:
        self.board, self.log, self.status = board, list(log), status
        self.summary_line = self.summary()  # here, in the game's thread: the state is still
        self._refresh()

    def new_lines(self, lines: list[str]) -> None:
        """Lines of the moves just made: the important ones are pinned; when other players
        will move again before this person does, they are held with --More-- first."""
        self.log.extend(lines)
        found = self.important_lines(lines)
        if found:
            self.pinned = found[-1]
        self._refresh()

    def hold(self, lines: list[str]) -> None:
        """--More--: the game waits until the person has read `lines` (Enter or Space)."""
        if not lines or self.leave:
            return
        self.held = list(lines)
        self.pinned = lines[-1]
        self._acknowledged.clear()
        self._refresh()
        while not self._acknowledged.wait(0.1):
            if self.leave:
                raise KeyboardInterrupt
        self.held = []
        self._refresh()

    def important_lines(self, lines: list[str]) -> list[str]:
        return [line for line in lines if self.important is not None and self.important.search(line)]

    def clear_notes(self) -> None:
        self.notes.clear()
        self._refresh()

    def thinking(self, name: str, started: float) -> None:
        if self.leave:
            raise KeyboardInterrupt  # the person asked to leave while the bot thought
        self.spin = (name, started)
        self._refresh()

    def thinking_done(self) -> None:
        self.spin = None
        self._refresh()

    def cover(self, text: str) -> None:
        """Hotseat: nothing of the last player's hand stays on screen while the keyboard passes."""
        self.board, self.log, self.notes, self.pinned = Text(text, style="bold"), [], [], ""
        self._refresh()

    # the line reader

    def __call__(self, prompt: str) -> str:
        self.prompt = prompt
        self._refresh()
        try:
            line = self.lines.get()
        finally:
            self.prompt = ""  # not waiting: what is typed now waits its turn (typed ahead)
            self._refresh()
        if line is None or self.leave:
            raise EOFError
        return line

    def confirm(self, question: str) -> bool:
        """The question was asked on the screen already (Ctrl-C, Ctrl-D): its answer stands."""
        return self.leave

    # running

    def run(self, play: Callable[[], object]) -> object:
        """Runs `play` (the game loop) in a worker thread while the screen runs here; returns
        what `play` returned and raises what it raised."""
        outcome: dict[str, object] = {}

        def work() -> None:
            try:
                outcome["value"] = play()
                if outcome["value"] is not None and not self.leave:  # the end: the last screen stays until the person has read it
                    self.status = f"{self.status} Press Enter to leave."
                    self.prompt = ""
                    self._refresh()
                    self.lines.get()
            except BaseException as err:  # noqa: BLE001 - raised again in the main thread
                outcome["error"] = err
            finally:
                loop = self.app.loop  # set while it runs
                if self.app.is_running and loop is not None:
                    loop.call_soon_threadsafe(self.app.exit)

        worker = threading.Thread(target=work, daemon=True)
        self.app.pre_run_callables.append(worker.start)
        self.app.run()
        if worker.is_alive():  # left while the game waited on a line: wake it so it ends
            self.leave = True
            self.lines.put(None)
            self._acknowledged.set()
            worker.join(5)
        if "error" in outcome:
            raise outcome["error"]  # type: ignore[misc]
        return outcome.get("value")

    def transcript(self) -> str:
        """What the game printed on its console meanwhile (the result, where the record went)."""
        return self.console.file.getvalue()  # type: ignore[attr-defined]

    # the screen itself

    def _refresh(self) -> None:
        if self.app.is_running:
            self.app.invalidate()

    def _accept(self, buffer: Buffer) -> bool:
        if self.held:  # Enter at --More-- only acknowledges
            self._acknowledged.set()
            return True
        self.lines.put(buffer.text)
        return False

    def _ask_leave(self) -> None:
        self.question = "Leave the game? It is saved. [y/N]"
        self._refresh()

    def _answer(self, yes: bool) -> None:
        self.question = None
        if yes:
            self.leave = True
            self.lines.put(None)
            self._acknowledged.set()
        self._refresh()

    def _width(self) -> int:
        return self.app.output.get_size().columns

    def _render(self, renderable: RenderableType, width: int) -> list[list[tuple[str, str]]]:
        """The renderable as lines of styled fragments, at its own width when wider than the
        screen (then panned), so a map is never wrapped. Kept until the board or the width
        changes: the spinner redraws ten times a second."""
        key = (id(renderable), width)
        if key not in self._cache:
            if len(self._cache) > 16:
                self._cache.clear()
            self._cache[key] = (renderable, self._render_now(renderable, width))
        return self._cache[key][1]

    def _render_now(self, renderable: RenderableType, width: int) -> list[list[tuple[str, str]]]:
        console = Console(file=StringIO(), width=width, force_terminal=True, color_system="truecolor",
                          legacy_windows=False)
        # the narrowest the board can be drawn (a map that must not wrap says so); tables and
        # text narrower than their widest fold to the screen instead
        wide = Measurement.get(console, console.options.update(max_width=WIDEST), renderable).minimum
        if wide > width:
            console = Console(file=StringIO(), width=min(wide, WIDEST), force_terminal=True,
                              color_system="truecolor", legacy_windows=False)
        with console.capture() as capture:
            console.print(renderable)
        lines: list[list[tuple[str, str]]] = [[]]
        for style, text, *_ in to_formatted_text(ANSI(capture.get())):
            for i, part in enumerate(text.split("\n")):
                if i:
                    lines.append([])
                if part:
                    lines[-1].append((style, part))
        while lines and not lines[-1]:
            lines.pop()
        return lines

    def _main_text(self):
        width, height = self._width(), self._main_height()
        shown: list[RenderableType] = [*self._long_notes(), self.board]  # the answer above the board
        lines: list[list[tuple[str, str]]] = []
        for part in shown:
            lines += self._render(part, width)
        self.scroll = max(0, min(self.scroll, len(lines) - height))
        widest = max((sum(len(t) for _, t in line) for line in lines), default=0)
        self.pan = max(0, min(self.pan, widest - width))
        self._too_wide = widest > width
        visible = [_cut(line, self.pan, width) for line in lines[self.scroll:self.scroll + height]]
        self._rendered = visible
        out: list[tuple[str, str]] = []
        for i, line in enumerate(visible):
            out += line
            if i < len(visible) - 1:
                out.append(("", "\n"))
        return out

    def _main_height(self) -> int:
        rows = self.app.output.get_size().rows
        return max(3, rows - 4 - self._log_height())

    def _log_height(self) -> int:
        rows = self.app.output.get_size().rows
        return max(2, min(LOG_LINES + (rows - 24) // 4, rows // 5))

    def _more_below(self) -> str:
        lines = sum(len(self._render(p, self._width())) for p in [*self._long_notes(), self.board])
        hidden = []
        if self.scroll > 0:
            hidden.append("PgUp: more above")
        if self.scroll + self._main_height() < lines:
            hidden.append("PgDn: more below")
        if self.pan > 0 or self._too_wide:
            hidden.append("Shift-←/→: pan")
        if self._long_notes():
            hidden.append("Esc: hide the answer")
        return " · ".join(hidden)

    def _short_note(self) -> Text | None:
        """An answer of one short line ('x' is not an action here) goes on the message line,
        so the board stays in view; longer ones (help, info, legal) take the board's place."""
        if len(self.notes) == 1 and isinstance(self.notes[0], Text):
            note = self.notes[0]
            if "\n" not in note.plain and len(note.plain) <= self._width():
                return note
        return None

    def _long_notes(self) -> list[RenderableType]:
        return [] if self._short_note() is not None else self.notes

    def _status_text(self):
        width = self._width()
        if self.spin is not None:
            name, started = self.spin
            left = f" {spinner_frame(started)} {name} is thinking… (Ctrl-C to leave)"
        else:
            left = f" {self.status}"
        right = self.summary_line
        room = width - len(left) - len(right) - 1
        text = f"{left}{' ' * max(1, room)}{right} " if room > 0 else f"{left} · {right}"
        return [("class:status", text[:width].ljust(width))]

    def _log_text(self):
        width = self._width()
        lines = [line if len(line) <= width else line[: width - 1] + "…" for line in self.log[-self._log_height():]]
        return "\n".join(lines) or "(nothing yet)"

    def _pinned_text(self):
        width = self._width()
        if self.question:
            return [("class:question", self.question)]
        note = self._short_note()
        if note is not None and not self.held:
            return [("class:error" if "red" in str(note.style) else "class:pinned", note.plain)]
        if self.held:
            more = " --More-- (Enter)"
            text = self.pinned[: width - len(more) - 1]
            return [("class:pinned", text), ("class:more", more)]
        hints = self._more_below()
        text = self.pinned or hints
        if self.pinned and hints and len(self.pinned) + len(hints) + 3 <= width:
            return [("class:pinned", self.pinned), ("class:title", f" · {hints}")]
        return [("class:pinned" if self.pinned else "class:title", text[:width])]

    def _board_mouse(self, event: MouseEvent) -> None:
        """Wheel scrolls; a click on a word (a hex, a card, a figure) types it on the line."""
        if event.event_type == MouseEventType.SCROLL_UP:
            self.scroll = max(0, self.scroll - 3)
        elif event.event_type == MouseEventType.SCROLL_DOWN:
            self.scroll += 3
        elif event.event_type == MouseEventType.MOUSE_UP:
            row, col = event.position.y, event.position.x
            if 0 <= row < len(self._rendered):
                plain = "".join(t for _, t in self._rendered[row])
                for found in _WORD.finditer(plain):
                    if found.start() <= col < found.end():
                        word = found.group().strip("'-")
                        before = self.input.text
                        self.input.insert_text(("" if not before or before.endswith(" ") else " ") + word)
                        break
        else:
            return NotImplemented
        self._refresh()
        return None

    def _application(self) -> Application:
        keys = KeyBindings()
        asking = Condition(lambda: self.question is not None)
        holding = Condition(lambda: bool(self.held) and self.question is None)

        @keys.add("y", filter=asking)
        @keys.add("Y", filter=asking)
        def _yes(event) -> None:
            self._answer(True)

        @keys.add("<any>", filter=asking)
        def _no(event) -> None:
            self._answer(False)

        @keys.add(" ", filter=holding)
        def _read(event) -> None:
            self._acknowledged.set()

        @keys.add("c-c")
        def _interrupt(event) -> None:
            if self.input.text:
                self.input.reset()  # Ctrl-C clears the line being typed
            else:
                self._ask_leave()

        @keys.add("c-d", filter=Condition(lambda: not self.input.text))
        def _end(event) -> None:
            self._ask_leave()

        @keys.add("escape", eager=True)
        def _back(event) -> None:
            self.notes.clear()
            self.scroll = 0
            self._refresh()

        @keys.add("pageup")
        def _up(event) -> None:
            self.scroll = max(0, self.scroll - max(1, self._main_height() - 2))

        @keys.add("pagedown")
        def _down(event) -> None:
            self.scroll += max(1, self._main_height() - 2)

        @keys.add("s-left")
        def _left(event) -> None:
            self.pan = max(0, self.pan - 8)

        @keys.add("s-right")
        def _right(event) -> None:
            self.pan += 8

        main = FormattedTextControl(self._main_text, focusable=False)
        main.mouse_handler = self._board_mouse  # type: ignore[method-assign, assignment]  # prompt_toolkit: a control's handler is set per instance
        body = HSplit([
            Window(FormattedTextControl(self._status_text), height=1),
            Window(main, wrap_lines=False),
            Window(height=1, char="─", style="class:title"),
            Window(FormattedTextControl(self._log_text), height=lambda: Dimension.exact(self._log_height()),
                   wrap_lines=False),
            Window(FormattedTextControl(self._pinned_text), height=1),
            Window(BufferControl(self.input, input_processors=[BeforeInput(lambda: self.prompt or "… ")]), height=1),
        ])
        layout = Layout(FloatContainer(body, floats=[
            Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=8, scroll_offset=1))]),
            focused_element=self.input)
        return Application(layout=layout, key_bindings=keys, full_screen=True, mouse_support=True, style=STYLE)


def _cut(line: list[tuple[str, str]], start: int, width: int) -> list[tuple[str, str]]:
    """The part of a line of styled fragments from column `start`, `width` columns long."""
    out: list[tuple[str, str]] = []
    col = 0
    for style, text in line:
        end = col + len(text)
        if end > start and col < start + width:
            out.append((style, text[max(0, start - col): start + width - col]))
        col = end
    return out
