"""Account names and passwords: what makes them acceptable (each refusal says why) and argon2id
hashing through argon2-cffi. A password is never stored, logged or sent back.

Hashing takes most of a second of CPU and 64 MiB: it runs in its own two threads, niced, never on
the event loop or the store's thread (which commits the moves), and at most MAX_WAITING wait their
turn; past that the hall answers "busy" instead of queueing work without end."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import threading
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from .refusals import AccountError

#: Letters of any alphabet ("Björn", "Zoë", "Ольга"), digits, '_' and '-', starting with a letter.
NAME = re.compile(r"^[^\W\d_][\w-]{2,23}$")
#: Names a person could be mistaken for: the house's own words and what tables show for bots.
RESERVED = {"admin", "administrator", "guest", "spectator", "system", "glyphhall", "bot", "seat", "player", "me"}
MIN_PASSWORD = 10
MAX_PASSWORD = 200
#: A few of the most common passwords of at least MIN_PASSWORD characters (lists of leaked
#: passwords are topped by these); refused whatever their case.
COMMON = {
    "1234567890", "0123456789", "qwertyuiop", "1q2w3e4r5t", "password12", "password123", "password1234",
    "iloveyou12", "abcdefghij", "1111111111", "0000000000", "letmein123", "welcome123", "qwerty1234",
    "passw0rd123", "123456789a", "a123456789", "qwertyuiop1", "asdfghjkl1", "zxcvbnm123",
}

#: argon2id with the library's memory and time costs (64 MiB, 3 passes) in one lane: the same
#: work per hash on one core instead of four, so hashing never takes every core from the moves.
_hasher = PasswordHasher(parallelism=1)
T = TypeVar("T")

#: Hashes computed at once, and how many more may wait.
HASHING_THREADS = 2
MAX_WAITING = 64


def _lower_priority() -> None:
    """A hashing thread yields the CPU to the event loop (argon2's own lane threads inherit this)."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux, or not allowed: still off the loop
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)


_pool = ThreadPoolExecutor(HASHING_THREADS, thread_name_prefix="glyphhall-argon2", initializer=_lower_priority)
_waiting = 0




class PolicyError(ValueError):
    """A name or password that is refused; the message says why."""


def _scripts(name: str) -> set[str]:
    """The alphabets of a name's letters ("LATIN", "CYRILLIC"...), from their Unicode names."""
    return {unicodedata.name(c, "?").split()[0] for c in name if c.isalpha()}


def check_name(name: str, bot_levels: tuple[str, ...] = ()) -> str:
    """The name as it will be shown, or PolicyError."""
    name = unicodedata.normalize("NFC", name.strip())
    if not NAME.match(name):
        raise PolicyError(
            "a user name is 3 to 24 characters: letters, digits, '_' and '-', starting with a letter"
        )
    if len(_scripts(name)) > 1:  # "Аnn" with a Cyrillic А would pass for "Ann"
        raise PolicyError("a user name keeps to one alphabet (letters that look alike could pass for someone else)")
    folded = name.casefold()
    if folded in RESERVED or folded in {b.casefold() for b in bot_levels} or re.fullmatch(r"seat-?\d+", folded):
        raise PolicyError(f"'{name}' is reserved; please choose another name")
    return name


def check_password(password: str, name: str) -> None:
    """PolicyError saying why `password` is too weak."""
    if len(password) < MIN_PASSWORD:
        raise PolicyError(f"the password is too short: use at least {MIN_PASSWORD} characters (a few words make a good one)")
    if len(password) > MAX_PASSWORD:
        raise PolicyError(f"the password is too long: at most {MAX_PASSWORD} characters")
    folded = password.casefold()
    if len(set(folded)) < 4:
        raise PolicyError("the password repeats too few characters: use at least 4 different ones")
    if name and name.casefold() in folded:
        raise PolicyError("the password contains your user name")
    if folded in COMMON or _is_sequence(folded):
        raise PolicyError("the password is one of the most common ones; it would be guessed first")


def _is_sequence(text: str) -> bool:
    steps = {ord(b) - ord(a) for a, b in zip(text, text[1:], strict=False)}
    return steps in ({1}, {-1})


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


async def _off_loop(fn: Callable[..., T], *args: str) -> T:
    global _waiting
    if _waiting >= HASHING_THREADS + MAX_WAITING:
        raise AccountError("the hall is busy signing people in; please try again in a moment", 503)
    _waiting += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_pool, fn, *args)
    finally:
        _waiting -= 1


async def hash_off_loop(password: str) -> str:
    """`hash_password` in the hashing threads. Raises AccountError (503) when too many wait."""
    return await _off_loop(hash_password, password)


async def verify_off_loop(password_hash: str, password: str) -> bool:
    """`verify` in the hashing threads. Raises AccountError (503) when too many wait."""
    return await _off_loop(verify, password_hash, password)


#: Verified against when the user does not exist, so both cases take the same time. Written out
#: rather than hashed at import, which cost every process that imports the server half a second
#: of CPU and 64 MiB; its parameters are the hasher's (a test checks it).
DUMMY_HASH = "$argon2id$v=19$m=65536,t=3,p=1$sHBbsJSNHtLusn3olyvmfw$kF78mOO0vd6RpC22men8uujZd1O2eEvLlm9qsTVumxo"
