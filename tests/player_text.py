"""What marks a text as written for developers rather than players (issue 26: "everything a
player reads is written for players"): a file name, a Python identifier or attribute, a command
line flag, "seat N", a test name, or a note about the program. Used on the rules panel, tooltips,
upload notes and log lines (tests/server/test_player_text.py) and on the pages' visible text
(tests/browser)."""

from __future__ import annotations

import re

# Text in quotes is an example of what to type ('play 2 3', 'attack storm_roc leviathan').
# An apostrophe inside a word ("player's") neither opens nor closes a quote.
_QUOTED = re.compile(r"(?<!\w)'[^'\n]*?'(?!\w)|\"[^\"\n]*\"|“[^”]*”")
DEVELOPER_MARKS = {
    "a file name": re.compile(r"[\w*]+\.(?:py|pyx|toml|json|md|js|css|html|txt|hsc)\b"),
    "a Python identifier": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+\.[a-z_]+\(|\bstate\.\w+"),
    "a command-line flag": re.compile(r"(?<![\w-])--[a-z][a-z-]+"),
    '"seat N"': re.compile(r"\bseat \d+\b", re.I),
    "a test name": re.compile(r"\btest_\w+|\bpytest\b"),
    "a note for developers": re.compile(
        r"\bnot implemented\b|\bTODO\b|\bFIXME\b|\bdeterminiz|\bthe engine\b|\bstub\b|\bto_move\b|\bphase `|"
        r"\breturns?: \d|\bbots? tournament|`[a-z_]+\.[a-z_]+`", re.I),
}


def developer_marks(text: str, context: int = 0) -> list[str]:
    """What in `text` is written for developers: ["a file name: energy.py", ...] (empty: fine),
    each with `context` characters around it."""
    plain = _QUOTED.sub("''", text)
    found = []
    for what, pattern in DEVELOPER_MARKS.items():
        for m in pattern.finditer(plain):
            around = f" (…{plain[max(0, m.start() - context):m.end() + context]}…)" if context else ""
            found.append(f"{what}: {m.group(0)}{around}")
    return found
