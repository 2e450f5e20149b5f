"""The game READMEs' rulings as players read them in the Rules panel. The READMEs are written for
the people who keep the program (file names, option keys, notes on how the program decides); the
panel keeps what a player needs: notes on the program's insides are left out, option keys become
the words the lobby form uses, and seats are said as players ("the first player")."""

from __future__ import annotations

import re
from collections.abc import Iterable

# A parenthesis that only points into the program: "(`energy.py`)", "(phase `energypay`)".
_INSIDES = re.compile(
    r"\s*\((?:[^()]*?(?:\.py\b|phase `|state\.|\bto_move\b|\b(?:reference|proposal|ruling) B\d|\bissue \d|"
    r"\breturns \d|known simplifications))[^()]*\)"
)
# A sentence about the program rather than the game.
_PROGRAM = re.compile(
    r"\.py\b|\bstate\.\w|\bto_move\b|\btest_\w|\bpytest\b|determiniz|\bplayouts?\b|\bbots?\b|"
    r"\bnew\(|\bReturns:|\bpure function\b|\breads? a file\b|\breplays without\b|`[a-z]+_[a-z_]+=",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(\"“])")
_KEY = re.compile(r"`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`")
_SEAT = re.compile(r"\bseat (\d)\b")
_ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth")


def program_words(text: str) -> str:
    """The program's words for what players see: "the engine" is the game, "views" the table."""
    text = re.sub(r"\b[Tt]he engine\b", lambda m: m.group(0)[0] + "he game", text)
    return re.sub(r"\bviews show\b", "the table shows", text)


def ruling_for_players(text: str, option_names: Iterable[str] = ()) -> str:
    """`text` without what only the program's keepers need ('' when nothing is left)."""
    options = set(option_names)
    # An option's key becomes the words the lobby form shows it by ("turn limit"); any other
    # key in the text names the program's insides.
    text = _KEY.sub(lambda m: f"“{m.group(1).replace('_', ' ')}”" if m.group(1) in options else m.group(0), text)
    text = _INSIDES.sub("", text)
    kept = [s for s in _SENTENCE.split(text) if not _PROGRAM.search(s) and not _KEY.search(s)]
    text = " ".join(kept).strip()
    if not text.rstrip("*").strip():
        return ""
    text = program_words(text)
    text = re.sub(r"\b([Oo])ur (“[^”]+” option)", lambda m: ("T" if m.group(1) == "O" else "t") + "he " + m.group(2), text)
    return _SEAT.sub(lambda m: f"the {_ORDINAL[int(m.group(1))]} player" if int(m.group(1)) < 6 else m.group(0), text)


# A parenthesis or clause naming files or the terminal's flags: "(data/maps/*.toml)",
# "(set by -o map=FILE.toml|FILE.hsc in the terminal, or ...)".
_FILE_NOTE = re.compile(r"\s*\([^()]*(?:[\w*]+\.(?:toml|hsc|json|py)\b|\s-o\s)[^()]*\)")


def option_help_for_players(text: str) -> str:
    """An option's description (shared with the terminal) as the lobby form says it."""
    text = _FILE_NOTE.sub("", text)
    return _SEAT.sub(lambda m: f"the {_ORDINAL[int(m.group(1))]} player" if int(m.group(1)) < 6 else m.group(0), text)
