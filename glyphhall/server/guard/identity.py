"""Who is asking: the signed-in account behind a request's or a websocket's session cookie.
The cookie holds a random secret; the store keeps only its SHA-256 (see store.people)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from glyphhall.store import UserInfo

from .tokens import token_hash

COOKIE = "gh_session"
SESSION_SECONDS = 30 * 86400


@dataclass(frozen=True)
class Visitor:
    """The account signed in (None for a guest) and, for a cookie that no longer works, why."""

    user: UserInfo | None
    session_hash: str | None = None
    problem: str | None = None


async def visitor(conn: HTTPConnection) -> Visitor:
    secret = conn.cookies.get(COOKIE)
    if not secret:
        return Visitor(None)
    m = conn.app.state.manager
    found = await m.db(m.store.session_user, token_hash(secret))
    if found is None:
        return Visitor(None, problem="you were signed out (that session no longer exists); please sign in again")
    user, expires_at = found
    if expires_at <= time.time():
        await m.db(m.store.end_session, token_hash(secret))
        return Visitor(None, problem="your session has expired; please sign in again")
    return Visitor(user, token_hash(secret))


async def user_of(conn: HTTPConnection) -> UserInfo | None:
    return (await visitor(conn)).user
