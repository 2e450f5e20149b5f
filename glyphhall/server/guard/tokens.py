"""Seat tokens: a secret per seat, shown once to the person who takes it; only its hash is stored."""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_table_id() -> str:
    # Short enough to read out loud, long enough not to be guessed (about 60 bits).
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")


def new_seed() -> int:
    return secrets.randbits(62)
