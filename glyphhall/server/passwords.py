"""Account names and passwords: what makes them acceptable (each refusal says why) and argon2id
hashing through argon2-cffi. A password is never stored, logged or sent back."""

from __future__ import annotations

import re

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{2,23}$")
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

_hasher = PasswordHasher()


class PolicyError(ValueError):
    """A name or password that is refused; the message says why."""


def check_name(name: str, bot_levels: tuple[str, ...] = ()) -> str:
    """The name as it will be shown, or PolicyError."""
    name = name.strip()
    if not NAME.match(name):
        raise PolicyError(
            "a user name is 3 to 24 characters: letters, digits, '_' and '-', starting with a letter"
        )
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


#: Verified against when the user does not exist, so both cases take the same time.
DUMMY_HASH = _hasher.hash("not anybody's password")
