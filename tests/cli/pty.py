"""Drive the real `glyphhall` command through a pseudo-terminal, as a person types."""

from __future__ import annotations

import os
import re
import signal
import sys

import pexpect

PROMPT = re.compile(r"\n[^\n]*> $")  # "Ann> " at the start of the last line
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")


def spawn(*args: str, data_dir: str, rows: int = 60, cols: int = 140, timeout: float = 90) -> pexpect.spawn:
    env = {**os.environ, "GLYPHHALL_DATA_DIR": data_dir, "TERM": "xterm-256color", "COLUMNS": str(cols),
           "LINES": str(rows), "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "glyphhall.cli.main", *args], env=env, encoding="utf-8", codec_errors="replace",
                          dimensions=(rows, cols), timeout=timeout, maxread=1 << 16,
                          searchwindowsize=1 << 14, preexec_fn=_as_a_terminal_starts_it)
    child.logfile_read = _Tail()
    child.delaybeforesend = None  # (pexpect sleeps 50 ms before each send by default: minutes of the suite)
    return child


def _as_a_terminal_starts_it() -> None:
    """Ctrl-C and Ctrl-\\ as a person's shell leaves them: a job started in the background by a
    shell without job control (as CI runners start their scripts) ignores both, its children
    inherit that, and Python then installs no KeyboardInterrupt at all."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


class _Tail:
    """Everything the terminal showed, without escape codes, for assertions and failure messages."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, data: str) -> None:
        self.parts.append(data)

    def flush(self) -> None:
        pass

    def text(self) -> str:
        return ANSI.sub("", "".join(self.parts))


def shown(child: pexpect.spawn) -> str:
    return child.logfile_read.text()


def wait_turn(child: pexpect.spawn, name: str, timeout: float = 90) -> int:
    """Waits for the next screen that asks `name` to move (0), or for the end of the match (1)."""
    found = child.expect([f"{name}, your move", "Match record saved", "You left the match"], timeout=timeout)
    if found == 0:
        child.expect_exact(f"{name}>")
    return found


def new_prompt(child: pexpect.spawn, name: str) -> None:
    """Waits for a fresh prompt (prompt_toolkit turns bracketed paste on as each one starts)."""
    child.expect_exact("\x1b[?2004h")
    child.expect_exact(f"{name}>")


def type_line(child: pexpect.spawn, text: str) -> None:
    child.send(text + "\r")


def echoed(text: str) -> str:
    """A pattern for `text` as a terminal draws it: escape codes may come between the letters."""
    between = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"
    return between.join(re.escape(ch) for ch in text)
