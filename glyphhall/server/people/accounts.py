"""Account REST routes: sign up, sign in, sign out, who am I, change password.

A session is a random secret in an HttpOnly, SameSite=Lax cookie (Secure over https); the store
keeps its SHA-256. A wrong password and an unknown name get the same answer. Sign-in attempts
are limited per address; wrong passwords slow down the next try for that address and account (a
back-off, never a lock: the owner elsewhere is not held up); sign-ups are limited per address
(see guard/hall_windows.py). Passwords are hashed off the event loop and off the store's thread."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from glyphhall.store import NameTaken, UserInfo

from ..guard import origins
from ..guard.hall_windows import HallBackoff, HallWindow
from ..guard.identity import COOKIE, SESSION_SECONDS, visitor
from ..guard.session_sockets import session_sockets
from ..guard.tokens import new_token, token_hash
from ..tables.manager import TableManager
from . import passwords
from .refusals import AccountError

router = APIRouter(prefix="/api/account", tags=["accounts"])

WRONG = "wrong user name or password"


class AccountLimits:
    """The attempt limits of one app (fresh per app, so tests do not share them), held for the
    whole hall in the database when several processes share PostgreSQL."""

    def __init__(self, m: TableManager) -> None:
        shared = (m.db, m.store) if m.store.engine.dialect.name == "postgresql" else (None, None)
        self.signin_per_address = HallWindow("signin", 20, 600, *shared)
        self.wrong_password = HallBackoff("wrong-password", *shared)  # keyed by address and account (_pair)
        self.signup_per_address = HallWindow("signup", 10, 3600, *shared)


def limits(request: Request) -> AccountLimits:
    app_state = request.app.state
    if not hasattr(app_state, "account_limits"):
        app_state.account_limits = AccountLimits(_manager(request))
    return app_state.account_limits


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=64, description="the user name (any case when signing in)")
    password: str = Field(min_length=1, max_length=passwords.MAX_PASSWORD)


class NewPassword(BaseModel):
    old_password: str = Field(min_length=1, max_length=passwords.MAX_PASSWORD)
    new_password: str = Field(min_length=1, max_length=passwords.MAX_PASSWORD)


def _manager(request: Request) -> TableManager:
    return request.app.state.manager


def _me(user: UserInfo) -> dict[str, Any]:
    return {"name": user.name, "profile": f"/u/{user.name}"}


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _pair(request: Request, account: str) -> str:
    return f"{_address(request)} {account.casefold()}"


async def _limit(limiter: HallWindow | HallBackoff, key: str, what: str) -> None:
    wait = await limiter.wait(key)
    if wait > 0:
        later = f"{max(1, round(wait))} seconds" if wait < 90 else f"{round(wait / 60)} minutes"
        raise AccountError(f"too many {what}; try again in {later}", 429)




async def _sign_in(request: Request, response: Response, user: UserInfo) -> None:
    m = _manager(request)
    secret = new_token()
    await m.db(m.store.create_session, token_hash(secret), user.id, time.time() + SESSION_SECONDS)
    response.set_cookie(
        COOKIE, secret, max_age=SESSION_SECONDS, httponly=True, samesite="lax",
        secure=request.url.scheme == "https", path="/",
    )


@router.get("", summary="Who is signed in here (user null for a guest; `problem` says why a session stopped)")
async def me(request: Request, response: Response) -> dict[str, Any]:
    v = await visitor(request)
    if v.problem:
        response.delete_cookie(COOKIE, path="/")
    return {"user": _me(v.user) if v.user else None, "problem": v.problem}


@router.post("/signup", status_code=201, summary="Create an account and sign in")
async def signup(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    m = _manager(request)
    lim = limits(request)
    await _limit(lim.signup_per_address, _address(request), "new accounts from this address")
    try:
        name = passwords.check_name(body.name, tuple(m.catalog.bot_levels()))
        passwords.check_password(body.password, name)
    except passwords.PolicyError as err:
        raise AccountError(str(err)) from None
    await lim.signup_per_address.note(_address(request))
    password_hash = await passwords.hash_off_loop(body.password)
    try:
        user = await m.db(m.store.create_user, name, password_hash)
    except NameTaken:
        raise AccountError(f"the name '{name}' is taken; please choose another", 409) from None
    await _sign_in(request, response, user)
    return {"user": _me(user)}


@router.post("/signin", summary="Sign in with user name and password")
async def signin(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    m = _manager(request)
    account = body.name.strip().casefold()
    lim = limits(request)
    await _limit(lim.signin_per_address, _address(request), "sign-in attempts from this address")
    await lim.signin_per_address.note(_address(request))
    await _limit(lim.wrong_password, _pair(request, account), "wrong passwords for this account from here")
    user = await m.db(m.store.user_named, account)
    # An unknown name costs a hash check too, so the answer's timing does not tell names apart.
    ok = await passwords.verify_off_loop(user.password_hash if user else passwords.DUMMY_HASH, body.password)
    if user is None or not ok:
        await lim.wrong_password.fail(_pair(request, account))
        raise AccountError(WRONG, 401)
    await lim.wrong_password.clear(_pair(request, account))
    await _sign_in(request, response, user)
    return {"user": _me(user)}


@router.post("/signout", summary="Sign out this browser")
async def signout(request: Request, response: Response) -> dict[str, Any]:
    if origins.foreign(request, request.app.state.allowed_origins):
        raise AccountError("a page of another site may not sign you out", 403)
    v = await visitor(request)
    if v.session_hash:
        m = _manager(request)
        await m.db(m.store.end_session, v.session_hash)
        if v.user is not None:  # this browser's open tables stop playing the account's seats
            await session_sockets(request.app).end(v.user.id, v.session_hash)
    response.delete_cookie(COOKIE, path="/")
    return {"user": None}


@router.post("/password", summary="Change the password (signs out every other browser)")
async def change_password(body: NewPassword, request: Request) -> dict[str, Any]:
    m = _manager(request)
    v = await visitor(request)
    if v.user is None:
        raise AccountError(v.problem or "sign in first", 401)
    lim = limits(request)
    pair = _pair(request, v.user.name)
    await _limit(lim.wrong_password, pair, "wrong passwords for this account from here")
    if not await passwords.verify_off_loop(v.user.password_hash, body.old_password):
        await lim.wrong_password.fail(pair)
        raise AccountError("the current password is not right", 403)
    try:
        passwords.check_password(body.new_password, v.user.name)
    except passwords.PolicyError as err:
        raise AccountError(str(err)) from None
    new_hash = await passwords.hash_off_loop(body.new_password)
    await m.db(m.store.set_password_hash, v.user.id, new_hash)
    await m.db(m.store.end_other_sessions, v.user.id, v.session_hash)
    await session_sockets(request.app).end(v.user.id, keep=v.session_hash)
    return {"user": _me(v.user)}
