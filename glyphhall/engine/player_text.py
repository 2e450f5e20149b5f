"""The one checker for every text a player reads (issue 40): the rules panel, option help, the
lobby's and the table's words and tooltips, the terminal's `info`, the log lines of a game.

Players' texts are written for players in their own place (each game's `for_players.toml`, the
wording modules, the pages); nothing filters developer text into player text. This module only
finds what should not be there, so the server, the terminal and the tests can refuse it:
file names, markup, identifiers, "seat N", and words about the program rather than the game."""

from __future__ import annotations

import re

# Text in quotes is an example of what to type ('play 2 3', 'attack storm_roc leviathan').
# An apostrophe inside a word ("player's") neither opens nor closes a quote.
_QUOTED = re.compile(r"(?<!\w)'[^'\n]*?'(?!\w)|\"[^\"\n]*\"|“[^”]*”")

#: words about how the computer plays: never in what a player reads, not even in `--help`
PROGRAM_WORDS = re.compile(r"\b(?:mcts|heuristics?|polic(?:y|ies)|learned|iterations?|rollouts?|playouts?|specs?|"
                           r"ucb|puct|greedy|determiniz\w*)\b", re.I)

#: what marks a text as written for developers, by what it is
DEVELOPER_MARKS: dict[str, re.Pattern[str]] = {
    "a file name": re.compile(r"[\w*]+\.(?:py|pyx|toml|json|md|js|css|html|txt|hsc)\b"),
    "markup": re.compile(r"`[^`\n]*`?"),
    "an identifier": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+\.[a-z_]+\(|\bstate\.\w+"),
    "a command-line flag": re.compile(r"(?<![\w-])--[a-z][a-z-]+|(?<![\w-])-o [a-z]"),
    '"seat N"': re.compile(r"\bseats? \d+\b", re.I),
    "a test name": re.compile(r"\btest_\w+|\bpytest\b"),
    "a word about how the computer plays": PROGRAM_WORDS,
    "a word about the program": re.compile(
        r"\bthe engine\b|\bthe program\b|\bTOML\b|\bJSON\b|\bREADME\b|\bregexp?\b|"
        r"\bTODO\b|\bFIXME\b|\bstub\b|\bto_move\b|\bbots? tournament", re.I),
    "a note on where the rules came from": re.compile(
        r"\bproposals?\b|\bprovenance\b|\breconstructed\b|\bnot implemented\b|\bglossary text\b|"
        r"\bpercentile\b|\bat the median\b|\bin random play\b|\brandom games\b", re.I),
    # (case matters: "b5" is a hex, "B5" a section of the reference notes, "[P]" a proposal)
    "a reference to the sources": re.compile(r"\[[A-Z]\]|\[[A-Z]\d+\]|\b[BCS]\d{1,2}\b|\bFact:"),
}


def developer_words(text: str, context: int = 0) -> list[str]:
    """What in `text` is written for developers, each as "what: found" ("a file name: energy.py"),
    with `context` characters either side when asked; [] when the text is fit for players."""
    plain = _QUOTED.sub("''", text)
    found = []
    for what, pattern in DEVELOPER_MARKS.items():
        for m in pattern.finditer(plain):
            around = f" (…{plain[max(0, m.start() - context):m.end() + context]}…)" if context else ""
            found.append(f"{what}: {m.group(0)}{around}")
    return found


def check_player_texts(texts: dict[str, str]) -> dict[str, list[str]]:
    """{where: developer words} for the texts that have any ({} when every text is fit)."""
    return {where: marks for where, text in texts.items() if (marks := developer_words(text, 30))}


def program_words(text: str) -> list[str]:
    """Only the words about how the computer plays ("mcts", "heuristic"...), for texts that may
    name files and flags but not the bots' insides (a command's `--help`)."""
    return [m.group(0) for m in PROGRAM_WORDS.finditer(text)]
