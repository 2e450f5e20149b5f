"""E-mail routes: a confirmed address per account (a confirmation link), what a person wants to
hear about, the unsubscribe link that works without signing in, and password reset by e-mail.

A reset request answers the same whether or not the address belongs to an account, and is
limited per asking address and per account. Links are single-use and expire (CONFIRM_SECONDS,
RESET_SECONDS); only their SHA-256 is stored."""

from __future__ import annotations

import asyncio
import html
import re
import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import BaseModel, Field

from ..guard.session_sockets import session_sockets
from ..guard.tokens import new_token, token_hash
from ..notify.notifier import Notifier
from . import passwords
from .refusals import MailError
from .sign_in import PasswordCheck, check_password, password_limits, signed_in

router = APIRouter(tags=["e-mail"])

CONFIRM_SECONDS = 2 * 86400
RESET_SECONDS = 3600
RESETS_PER_HOUR = 3  # per account
CONFIRMS_PER_HOUR = 5  # per account
EMAIL = re.compile(r"^[^@\s<>()\[\],;:\"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$")
RESET_ANSWER = ("If an account has this address, a link to choose a new password is on its way. "
                "It works once, within an hour.")


class NewAddress(PasswordCheck):
    email: str = Field(min_length=3, max_length=254)


class EmailSettings(BaseModel):
    turn_emails: bool
    result_emails: bool


class ResetRequest(BaseModel):
    email: str = Field(min_length=1, max_length=254)


class Reset(BaseModel):
    token: str = Field(min_length=10, max_length=200)
    new_password: str = Field(min_length=1, max_length=passwords.MAX_PASSWORD)


def notifier(request: Request) -> Notifier:
    n: Notifier = request.app.state.notifier
    n.learn_base(str(request.base_url))
    return n


def check_address(email: str) -> str:
    email = email.strip()
    if not EMAIL.match(email):
        raise MailError("that does not look like an e-mail address (name@example.org)")
    return email


@router.get("/api/contact", summary="My e-mail address and notification settings (and whether e-mail and push are on here)")
async def contact(request: Request) -> dict[str, Any]:
    user = await signed_in(request)
    m = request.app.state.manager
    c = await m.db(m.store.contact, user.id)
    n = notifier(request)
    subs = await m.db(m.store.push_subscriptions, user.id)
    return {"email": c.email, "turn_emails": c.turn_emails, "result_emails": c.result_emails,
            "email_on": n.email_on, "push_on": n.push is not None, "push_subscriptions": len(subs)}


@router.post("/api/contact/email", summary="Set my e-mail address: a confirmation link is sent to it")
async def set_email(body: NewAddress, request: Request) -> dict[str, Any]:
    user = await signed_in(request)
    n = notifier(request)
    if not n.email_on:
        raise MailError("e-mail is off on this server", 503)
    await check_password(request, user, body.password)
    email = check_address(body.email)
    m = request.app.state.manager
    if await m.db(m.store.mail_tokens_since, user.id, "verify", time.time() - 3600) >= CONFIRMS_PER_HOUR:
        raise MailError("too many confirmation e-mails this hour; try again later", 429)
    token = new_token()
    await m.db(m.store.add_mail_token, token_hash(token), user.id, "verify", email, CONFIRM_SECONDS)
    await n.email_to(email, "Confirm your e-mail address for Glyph Hall",
                     f"Hello {user.name},\n\nto receive Glyph Hall's e-mails at this address, open this link "
                     f"within two days:\n\n{n.link(f'/mail/confirm?token={token}')}\n\n"
                     "If you did not ask for this, ignore this e-mail: nothing changes.\n")
    return {"pending": email, "message": f"A confirmation link is on its way to {email}."}


@router.post("/api/contact/email/remove", summary="Remove my e-mail address")
async def remove_email(body: PasswordCheck, request: Request) -> dict[str, Any]:
    user = await signed_in(request)
    await check_password(request, user, body.password)
    m = request.app.state.manager
    await m.db(m.store.set_email, user.id, None)
    return {"email": None}


@router.post("/api/contact/settings", summary="Which e-mails I want")
async def email_settings(body: EmailSettings, request: Request) -> dict[str, Any]:
    user = await signed_in(request)
    m = request.app.state.manager
    await m.db(m.store.set_contact_settings, user.id, body.turn_emails, body.result_emails)
    return body.model_dump()


@router.get("/mail/confirm", include_in_schema=False)
async def confirm(request: Request, token: str = "") -> RedirectResponse:
    m = request.app.state.manager
    used = await m.db(m.store.use_mail_token, token_hash(token[:200]), "verify") if token else None
    if used is None:
        return RedirectResponse("/settings?email=expired", status_code=303)
    user_id, email = used
    if await m.db(m.store.user_id_with_email, email) not in (None, user_id):
        return RedirectResponse("/settings?email=taken", status_code=303)  # one account per address
    await m.db(m.store.set_email, user_id, email)
    return RedirectResponse("/settings?email=confirmed", status_code=303)


def _page(title: str, body: str) -> HTMLResponse:
    return HTMLResponse(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><meta name='viewport' "
        "content='width=device-width, initial-scale=1'><title>" + html.escape(title) + " · Glyph Hall</title>"
        "<link rel='stylesheet' href='/static/app.css'><link rel='stylesheet' href='/static/people.css'></head><body>"
        "<header class='top'><a href='/' class='brand'>Glyph Hall</a><span class='tag'>" + html.escape(title) +
        "</span></header><main class='people'><section class='panel'>" + body + "</section></main></body></html>")


@router.get("/mail/unsubscribe", include_in_schema=False)
async def unsubscribe_page(key: str = "") -> HTMLResponse:
    # A link only shows the button: mail scanners that open links must not unsubscribe anybody.
    return _page("E-mails", "<h2>No more e-mails from Glyph Hall?</h2>"
                 f"<form method='post' action='/mail/unsubscribe?key={html.escape(key[:100], quote=True)}'>"
                 "<p>Your-turn, game-over and invitation e-mails stop. You can turn them on again in your settings.</p>"
                 "<button class='primary' id='unsubscribe' type='submit'>Stop the e-mails</button></form>")


@router.post("/mail/unsubscribe", include_in_schema=False)
async def unsubscribe(request: Request, key: str = "") -> HTMLResponse:
    """Also the one-click unsubscribe of the List-Unsubscribe-Post header (RFC 8058)."""
    m = request.app.state.manager
    if not key or not await m.db(m.store.unsubscribe, key[:100]):
        return _page("E-mails", "<h2>That link does not work</h2><p>Sign in and change your e-mails in your settings.</p>")
    return _page("E-mails", "<h2 id='unsubscribed'>Done: no more e-mails</h2>"
                 "<p>You can turn them on again in <a href='/settings'>your settings</a>.</p>")


@router.post("/api/reset/request", summary="E-mail me a link to choose a new password (same answer for any address)")
async def reset_request(body: ResetRequest, request: Request) -> dict[str, Any]:
    n = notifier(request)
    if not n.email_on:
        raise MailError("e-mail is off on this server, so passwords cannot be reset by e-mail", 503)
    lim = password_limits(request).resets_per_address
    asker = request.client.host if request.client else "unknown"
    wait = await lim.wait(asker)
    if wait > 0:
        raise MailError(f"too many reset requests; try again in {max(1, round(wait / 60))} minute(s)", 429)
    await lim.note(asker)
    # The answer does not wait for the look-up, so its timing does not tell addresses apart.
    n.spawn(_send_reset(request.app.state.manager, n, body.email.strip(), password_limits(request).reset_lock))
    return {"message": RESET_ANSWER}


async def _send_reset(m: Any, n: Notifier, email: str, lock: asyncio.Lock) -> None:
    async with lock:
        user_id = await m.db(m.store.user_id_with_email, email)
        if user_id is None or await m.db(m.store.mail_tokens_since, user_id, "reset", time.time() - 3600) >= RESETS_PER_HOUR:
            return
        c = await m.db(m.store.contact, user_id)
        if c.email is None:
            return
        token = new_token()
        await m.db(m.store.add_mail_token, token_hash(token), user_id, "reset", c.email, RESET_SECONDS)
    name = (await m.db(m.store.users_by_id, [user_id]))[user_id].name
    await n.email_to(c.email, "Choose a new Glyph Hall password",
                     f"Hello {name},\n\nto choose a new password, open this link within an hour (it works once):\n\n"
                     f"{n.link(f'/reset?token={token}')}\n\nIf you did not ask for this, ignore this e-mail: "
                     "your password stays as it is.\n")


@router.post("/api/reset", summary="Choose a new password with a reset link's token (signs out every browser)")
async def reset(body: Reset, request: Request) -> dict[str, Any]:
    m = request.app.state.manager
    expired = MailError("this link has expired or was used already; ask for a new one", 400)
    user_id = await m.db(m.store.mail_token_user, token_hash(body.token), "reset")
    user = None if user_id is None else (await m.db(m.store.users_by_id, [user_id])).get(user_id)
    if user is None:
        raise expired
    try:
        passwords.check_password(body.new_password, user.name)
    except passwords.PolicyError as err:
        raise MailError(str(err)) from None  # the link stays good for a better password
    if await m.db(m.store.use_mail_token, token_hash(body.token), "reset") is None:
        raise expired
    await m.db(m.store.set_password_hash, user.id, await passwords.hash_off_loop(body.new_password))
    await m.db(m.store.end_other_sessions, user.id, None)
    await session_sockets(request.app).end(user.id)  # every session ended: its sockets too
    return {"name": user.name, "message": "Your password is changed; sign in with it."}
