"""TOML from strangers, read in bounded, linear time: positions and maps people send.

Python's `tomllib` is quadratic in a dotted key's length (`a.a.a...`: 30 KB took seconds and
hundreds of MB) and recursive in nesting (`[[[[...` raises RecursionError, not a TOML error). So
before `tomllib` sees a text, one linear pass over its tokens (strings and comments read exactly
as TOML reads them, so nothing can hide from the pass) checks its size, the parts of each dotted
key or table header, the nesting depth and how many keys and tables it makes; after parsing, one
walk checks each key's length. Anything over a limit is refused with a sentence, as invalid TOML is."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

from .errors import LoadError


@dataclass(frozen=True)
class TomlLimits:
    """What one text may hold. The defaults fit every position and map people write (the packaged
    data uses at most 2 parts per key and 3 levels of nesting) with room to spare."""

    max_chars: int = 300 * 1024
    max_key_parts: int = 8  # parts of one dotted key or table header: a.b.c has 3
    max_depth: int = 16  # arrays and inline tables inside each other (a table header counts 1-2)
    max_keys: int = 20_000  # key = value lines and inline entries
    max_tables: int = 20_000  # table headers, arrays and inline tables
    max_items: int = 10_000  # commas: entries of arrays and inline tables
    max_key_chars: int = 200


DEFAULT_LIMITS = TomlLimits()

# One token of TOML as tomllib reads it: strings (multi-line ones first, closing quotes may be
# followed by one or two more that belong to the string), comments, runs of characters that can
# sit inside a dotted key (bare-key characters and blanks), or any other single character.
_TOKEN = re.compile(
    r'"""(?:[^"\\]++|\\[\s\S]|"(?!""))*+"""(?:"(?!"")){0,2}'
    r"|'''(?:[^']++|'(?!''))*+'''(?:'(?!'')){0,2}"
    r'|"(?:[^"\\\n]++|\\.)*+"'
    r"|'[^'\n]*+'"
    r"|#[^\n]*+"
    r"|[A-Za-z0-9_\- \t]++"
    r"|[\s\S]"
)
_QUOTES = "\"'"


def _too_much(what: str, detail: str) -> LoadError:
    return LoadError(f"{what} is too complex to read: {detail}")


def _scan(text: str, what: str, limits: TomlLimits) -> None:
    """Refuse a text whose keys, nesting or size go past `limits`, in one pass."""
    if len(text) > limits.max_chars:
        raise _too_much(what, f"it has {len(text):,} characters, at most {limits.max_chars:,} are read")
    dots = depth = keys = tables = items = 0
    for match in _TOKEN.finditer(text):
        token = match[0]
        first = token[0]
        if first == ".":
            dots += 1
            if dots >= limits.max_key_parts:
                raise _too_much(what, f"a key or table name has more than {limits.max_key_parts} dotted parts")
            continue
        if first in _QUOTES:
            if len(token) == 1:  # an unclosed string: tomllib stops there with its own error
                return
            continue
        if first == "#" or first.isalnum() or first in "_- \t":
            continue  # neither ends nor breaks a dotted key
        dots = 0
        if first in "[{":
            depth += 1
            tables += 1
            if depth > limits.max_depth:
                raise _too_much(what, f"lists and tables nest more than {limits.max_depth} deep")
            if tables > limits.max_tables:
                raise _too_much(what, f"it has more than {limits.max_tables:,} tables and lists")
        elif first in "]}":
            depth = max(0, depth - 1)
        elif first == "=":
            keys += 1
            if keys > limits.max_keys:
                raise _too_much(what, f"it has more than {limits.max_keys:,} keys")
        elif first == ",":
            items += 1
            if items > limits.max_items:
                raise _too_much(what, f"its lists and tables hold more than {limits.max_items:,} entries")


def _check_keys(value: Any, what: str, limits: TomlLimits) -> None:
    """Refuse an over-long key anywhere in the parsed tree (its depth is bounded by the scan)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if len(key) > limits.max_key_chars:
                raise _too_much(what, f"a key is {len(key):,} characters long, at most {limits.max_key_chars} are read")
            _check_keys(inner, what, limits)
    elif isinstance(value, list):
        for inner in value:
            _check_keys(inner, what, limits)


def read_toml(text: str, what: str, limits: TomlLimits = DEFAULT_LIMITS) -> dict[str, Any]:
    """The table a stranger's TOML text holds. `what` names it in errors ("the position").
    Raises LoadError: "<what> is not valid TOML: ..." or "<what> is too complex to read: ..."."""
    _scan(text, what, limits)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LoadError(f"{what} is not valid TOML: {err}") from None
    except (ValueError, RecursionError) as err:  # e.g. an integer of more than 4,300 digits
        raise LoadError(f"{what} is not valid TOML: {err}") from None
    _check_keys(data, what, limits)
    return data
