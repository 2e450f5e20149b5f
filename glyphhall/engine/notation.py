"""Numbers in action texts. Every game's parser reads numbers through these helpers, so a text
from a stranger (a websocket, a terminal) is read the same way everywhere: ASCII digits only
(`str.isdigit` also accepts '²' and '⑴', which `int()` then refuses with a ValueError, and
`int()` reads Arabic-Indic digits) and a bounded length (`int()` refuses 4,300 digits and
more, and a long number is costly to convert)."""

from __future__ import annotations

import re

from .errors import IllegalAction

#: No number in any game's notation needs more digits than this.
MAX_DIGITS = 9

_NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)
_DECIMAL = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}(\.[0-9]{{1,{MAX_DIGITS}}})?", re.ASCII)


def is_number(word: str) -> bool:
    """True if `word` is a whole number written in 1 to MAX_DIGITS ASCII digits."""
    return _NUMBER.fullmatch(word) is not None


def read_number(word: str, what: str = "number") -> int:
    """`word` as a whole number (ASCII digits, at most MAX_DIGITS). Raises IllegalAction
    naming `what` otherwise."""
    if not is_number(word):
        raise IllegalAction(f"{what} is written with the digits 0-9 (at most {MAX_DIGITS}), not {_short(word)!r}")
    return int(word)


def read_decimal(word: str, what: str = "number") -> float:
    """`word` as a number that may have a sign and a fraction, like -1.5 (ASCII digits,
    bounded). Raises IllegalAction naming `what` otherwise."""
    if _DECIMAL.fullmatch(word) is None:
        raise IllegalAction(f"{what} is written like 2, -1 or 1.5, not {_short(word)!r}")
    return float(word)


def _short(word: str) -> str:
    """A word as it can be shown back: cut when long, lone surrogates escaped."""
    cut = word if len(word) <= 24 else word[:20] + "..."
    return cut.encode("utf-8", "backslashreplace").decode("utf-8")
