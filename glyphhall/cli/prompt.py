"""The line a person types on.

At a terminal it is a prompt_toolkit prompt: line editing, a history kept per game in the data
directory, Tab completion of the legal actions (and of the names inside them), Ctrl-C clears the
line. When stdin is not a terminal (pipes, CI) it is plain `input()`, so scripts still work."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from prompt_toolkit import PromptSession, prompt
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.history import FileHistory, InMemoryHistory

from glyphhall.paths import data_dir

#: words the prompt always understands, besides the game's actions
COMMANDS = ("help", "legal", "hint", "auto", "log", "board", "info", "rules", "quit")


def history_path(name: str) -> Path:
    """Where the lines typed in `name` (a game id, or 'replay') are kept between sessions."""
    folder = data_dir() / "history"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{name}.txt"


def _no_meta() -> dict[str, str]:
    return {}


class ChoiceCompleter(Completer):
    """Completes the whole line from `choices()` (the legal actions' texts and the commands),
    each shown with what it means where the game says (`meta()`: "draft 2" -> "Coyote, 4 bones");
    then actions whose meaning has the typed words ("coyote" -> "draft 2"); otherwise the word
    under the cursor from the words inside the actions (card, figure, hex names)."""

    def __init__(self, choices: Callable[[], Iterable[str]], meta: Callable[[], dict[str, str]] = _no_meta):
        self.choices = choices
        self.meta = meta

    def get_completions(self, document, complete_event):
        typed = document.text_before_cursor
        lowered = typed.lower()
        candidates = list(dict.fromkeys(self.choices()))
        if any(c.lower() == lowered for c in candidates):
            return  # already a whole action or command
        meta = self.meta() if typed else {}
        whole = [c for c in candidates if c.lower().startswith(lowered)]
        for choice in whole:
            yield Completion(choice, start_position=-len(typed), display_meta=meta.get(choice, ""))
        if whole or not typed:
            return
        words = lowered.split()
        named = [c for c, m in meta.items() if all(any(w.startswith(t) for w in f"{c} {m}".lower().replace(",", " ").split())
                                                   for t in words)]
        for choice in named:
            yield Completion(choice, start_position=-len(typed), display_meta=meta[choice])
        if named or typed.endswith(" "):
            return
        # the word under the cursor, from the words of the actions that start like this line
        head, _, word = typed.rpartition(" ")
        inside = [c for c in candidates if c.lower().startswith(head.lower().split(" ")[0])] if head else candidates
        seen = set()
        for choice in inside:
            for inner in choice.split():
                if inner.lower().startswith(word.lower()) and inner.lower() != word.lower() and inner not in seen:
                    seen.add(inner)
                    yield Completion(inner, start_position=-len(word))


def is_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def person_name(fallback: str = "You") -> str:
    """The name of the person at the keyboard when they give none: their login, capitalised."""
    import getpass

    try:
        return getpass.getuser().capitalize() or fallback
    except (OSError, KeyError):
        return fallback


class LineReader:
    """`reader(prompt)` returns the typed line; raises EOFError on Ctrl-D / end of input."""

    def __init__(self, history_name: str, choices: Callable[[], Iterable[str]] = tuple,
                 interactive: bool | None = None, meta: Callable[[], dict[str, str]] = _no_meta):
        self.interactive = is_terminal() if interactive is None else interactive
        self.session: PromptSession | None = None
        if self.interactive:
            history = FileHistory(str(history_path(history_name))) if history_name else InMemoryHistory()
            self.session = PromptSession(history=history, completer=ChoiceCompleter(choices, meta),
                                         complete_while_typing=False)

    def __call__(self, prompt: str) -> str:
        if self.session is None:
            return input(prompt)
        while True:
            try:
                return self.session.prompt(prompt)
            except KeyboardInterrupt:
                continue  # Ctrl-C cancels the line being typed, not the game

    def confirm(self, question: str) -> bool:
        """A yes/no question; end of input counts as yes (there is nobody left to ask)."""
        ask = input if self.session is None else prompt  # not a line for the history
        try:
            while True:
                try:
                    answer = ask(f"{question} [y/N] ").strip().lower()
                    break
                except KeyboardInterrupt:
                    return False
        except EOFError:
            return True
        return answer in ("y", "yes")
