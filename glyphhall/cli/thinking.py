"""A bot's move computed away from the screen, so the terminal never freezes while it thinks.

Where the platform can fork, the bot thinks in a child process: a search compiled by Cython
holds the interpreter lock for seconds at a time, which would starve a spinner drawn by a
thread. The child gets the state and the bot as they are (fork copies memory, nothing is
pickled) and sends back the move's text and the bot's random state, so the parent's bot goes
on exactly as if it had thought itself. Elsewhere a daemon thread does the same."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from multiprocessing.process import BaseProcess

from glyphhall import bots
from glyphhall.engine import State

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


def spinner_frame(started: float) -> str:
    return SPINNER[int((time.monotonic() - started) * 10) % len(SPINNER)]


class Thinking:
    """The move `bot` is choosing for `seat`; `done()`, `wait(timeout)`, `cancel()`."""

    def __init__(self, bot: bots.Bot, state: State, seat: int):
        self.bot = bot
        self.started = time.monotonic()
        self._answer: tuple[str, int] | None = None
        self._error: BaseException | None = None
        self._process: BaseProcess | None = None
        if "fork" in multiprocessing.get_all_start_methods():
            self._start_process(state, seat)
        else:
            self._thread = threading.Thread(target=self._think_here, args=(state, seat), daemon=True)
            self._thread.start()

    def _start_process(self, state: State, seat: int) -> None:
        context = multiprocessing.get_context("fork")
        self._receive, send = context.Pipe(duplex=False)
        # Ctrl-C goes to the whole process group: the child inherits "ignore" (no race with its
        # first line), and the parent gets its handler back at once.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if _main_thread() else None
        try:
            self._process = context.Process(target=_think_in_child, args=(self.bot, state, seat, send), daemon=True)
            self._process.start()
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
        send.close()

    def _think_here(self, state: State, seat: int) -> None:
        try:
            action = bots.ask(self.bot, state, seat)
            self._answer = (str(action), self.bot.rng.state)
        except BaseException as err:  # handed to the waiting side, which raises it
            self._error = err

    def done(self) -> bool:
        if self._process is None:
            return self._answer is not None or self._error is not None
        if self._answer is None and self._error is None and self._receive.poll():
            self._take()
        return self._answer is not None or self._error is not None or not self._process.is_alive()

    def _take(self) -> None:
        try:
            kind, payload, rng_state = self._receive.recv()
        except EOFError:
            self._error = RuntimeError(f"{self.bot.name} stopped without a move")
            return
        if kind == "move":
            self._answer = (payload, rng_state)
        else:
            self._error = RuntimeError(f"{self.bot.name} failed: {payload}")

    def wait(self, timeout: float | None = None) -> bool:
        """True once the move is ready (or the bot failed); at most `timeout` seconds."""
        if self._process is None:
            end = None if timeout is None else time.monotonic() + timeout
            while not self.done() and (end is None or time.monotonic() < end):
                time.sleep(0.02)
            return self.done()
        if self._answer is None and self._error is None and self._receive.poll(timeout):
            self._take()
        return self.done()

    def move(self) -> str:
        """The move's text; the bot's random state moves on as if it had thought here."""
        self.wait()
        if self._answer is None and self._error is None:
            self._error = RuntimeError(f"{self.bot.name} stopped without a move")
        if self._error is not None:
            raise self._error
        text, rng_state = self._answer  # type: ignore[misc]
        self.bot.rng.state = rng_state
        if self._process is not None:
            self._process.join()
        return text

    def cancel(self) -> None:
        if self._process is not None and self._process.is_alive():
            self._process.kill()
            self._process.join()


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def _think_in_child(bot: bots.Bot, state: State, seat: int, send) -> None:
    try:
        action = bots.ask(bot, state, seat)
        send.send(("move", str(action), bot.rng.state))
    except Exception as err:  # noqa: BLE001 - reported to the parent as a sentence
        send.send(("error", f"{type(err).__name__}: {err}", 0))
    finally:
        send.close()
        os._exit(0)  # no atexit handlers, no flushing of the parent's copied buffers
