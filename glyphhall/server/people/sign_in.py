"""Being signed in, for the routes of people/: the signed-in account of a request (401
otherwise), and the password asked again before a change (403 when wrong; attempts limited per
account, and reset requests per asking address, for the whole hall when processes share
PostgreSQL)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import Request
from pydantic import BaseModel, Field

from glyphhall.store import UserInfo

from ..guard.hall_windows import HallWindow
from ..guard.identity import visitor
from . import passwords
from .refusals import AccountError


class PasswordCheck(BaseModel):
    password: str = Field(min_length=1, max_length=passwords.MAX_PASSWORD)


class PasswordLimits:
    """Password checks on the account page, and reset requests per asking address: held for the
    whole hall in the database when several processes share PostgreSQL (guard/hall_windows.py)."""

    def __init__(self, m: Any) -> None:
        shared = (m.db, m.store) if m.store.engine.dialect.name == "postgresql" else (None, None)
        self.checks_per_account = HallWindow("account-password", 8, 600, *shared)
        self.resets_per_address = HallWindow("reset", 10, 3600, *shared)
        self.reset_lock = asyncio.Lock()  # one reset look-up at a time: the per-account count holds


def password_limits(request: Request) -> PasswordLimits:
    state = request.app.state
    if not hasattr(state, "password_limits"):
        state.password_limits = PasswordLimits(state.manager)
    return state.password_limits


async def signed_in(request: Request) -> UserInfo:
    v = await visitor(request)
    if v.user is None:
        raise AccountError(v.problem or "sign in first", 401)
    return v.user


async def check_password(request: Request, user: UserInfo, password: str) -> None:
    """403 unless `password` is the account's (attempts limited per account)."""
    lim = password_limits(request).checks_per_account
    key = f"user:{user.id}"
    wait = await lim.wait(key)
    if wait > 0:
        raise AccountError(f"too many password attempts; try again in {max(1, round(wait / 60))} minute(s)", 429)
    if not await passwords.verify_off_loop(user.password_hash, password):  # never on the store's thread
        await lim.note(key)
        raise AccountError("the password is not right", 403)
