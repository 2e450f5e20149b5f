"""The full-screen `glyphhall` in a pseudo-terminal, read through a terminal emulator (pyte).

A full-screen program redraws only what changed, so its raw output never holds whole lines;
the emulator keeps the screen as a person sees it, and tests read that."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pexpect
import pyte

from .pty import spawn


class Term:
    def __init__(self, *args: str, data_dir: str, rows: int = 24, cols: int = 80, timeout: float = 60):
        self.rows, self.cols = rows, cols
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        self.child = spawn(*args, data_dir=data_dir, rows=rows, cols=cols, timeout=timeout)
        self.timeout = timeout
        self.ended = False

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def _pump(self, wait: float) -> None:
        try:
            self.stream.feed(self.child.read_nonblocking(1 << 16, timeout=wait))
        except pexpect.TIMEOUT:
            pass
        except pexpect.EOF:
            self.ended = True

    def wait(self, *patterns: str, timeout: float | None = None) -> int:
        """Until the screen shows one of the regular expressions; returns which."""
        end = time.monotonic() + (timeout or self.timeout)
        compiled = [re.compile(p) for p in patterns]
        while True:
            screen = self.text()
            for i, pattern in enumerate(compiled):
                if pattern.search(screen):
                    return i
            if self.ended or time.monotonic() > end:
                raise AssertionError(f"the screen never showed {patterns}; it shows:\n{screen}")
            self._pump(0.1)

    def until(self, check, what: str, timeout: float | None = None) -> None:
        """Until `check()` (which may read the screen or files) is true."""
        end = time.monotonic() + (timeout or self.timeout)
        while not check():
            if self.ended or time.monotonic() > end:
                raise AssertionError(f"never {what}; the screen shows:\n{self.text()}")
            self._pump(0.05)

    def settle(self, quiet: float = 0.3) -> None:
        """Reads until the program has drawn nothing for `quiet` seconds."""
        before = None
        end = time.monotonic() + self.timeout
        while time.monotonic() < end:
            self._pump(quiet)
            now = self.text()
            if now == before:
                return
            before = now

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def line(self, text: str) -> None:
        self.child.send(text + "\r")

    def resize(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def rest(self) -> str:
        """Everything the program writes until it ends (after it leaves the alternate screen)."""
        self.child.expect(pexpect.EOF)
        self.ended = True
        return self.child.before or ""

    def capture(self, folder: Path, name: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.txt").write_text(self.text() + "\n")
