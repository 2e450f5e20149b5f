"""Friends, blocks and invitations by name.

A friend request is accepted by the other person; friends see each other online (a Glyph Hall
page open in the last ONLINE_SECONDS, from the pages' your-turn polls, shared by every process).
Anybody signed in may invite a registered person by name to a free seat of an open table they
sit at: the invitation shows on the invitee's My games, sets off their your-turn alert, and is
e-mailed and pushed. A person blocked cannot ask them to be friends nor invite them, and their
chat lines no longer reach them."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from glyphhall.store import UserInfo

from ..guard.identity import user_of
from ..tables.live import TableError
from ..tables.manager import TableManager
from .refusals import FriendError
from .sign_in import signed_in

router = APIRouter(prefix="/api", tags=["friends"])

ONLINE_SECONDS = 30.0


class InviteBody(BaseModel):
    name: str = Field(min_length=1, max_length=64, description="the registered person's name")
    seat: int | None = Field(None, ge=0, le=64, description="the seat offered (default: the first free person seat)")


def _manager(request: HTTPConnection) -> TableManager:
    return request.app.state.manager


async def _named(m: TableManager, name: str, me: UserInfo) -> UserInfo:
    other = await m.db(m.store.user_named, name.strip())
    if other is None:
        raise FriendError(f"there is no account named {name.strip()!r}", 404)
    if other.id == me.id:
        raise FriendError("that is you")
    return other


async def _me_and_named(request: Request, name: str) -> tuple[TableManager, UserInfo, UserInfo]:
    """The table manager, the person signed in, and the registered person called `name`."""
    me = await signed_in(request)
    m = _manager(request)
    return m, me, await _named(m, name, me)


def _free(seat: Any) -> bool:
    return bool(seat.kind == "person" and seat.token_hash is None)


def online(presence: dict[int, tuple[float, float]], user_id: int, now: float) -> bool:
    seen = presence.get(user_id)
    return seen is not None and seen[0] > now - ONLINE_SECONDS


@router.get("/people", summary="Find people by the start of their name")
async def search(request: Request, q: str = "") -> dict[str, Any]:
    await signed_in(request)
    q = q.strip()[:32]
    if not q:
        return {"people": []}
    m = _manager(request)
    return {"people": [{"name": n, "profile": f"/u/{n}"} for _i, n in await m.db(m.store.users_named_like, q)]}


@router.get("/friends", summary="My friends (online or not), requests both ways, the people I blocked, my invitations")
async def friends(request: Request) -> dict[str, Any]:
    me = await signed_in(request)
    m = _manager(request)
    mine = await m.db(m.store.friendships, me.id)
    presence = await m.db(m.store.presence, [f.user_id for f in mine if f.state == "friends"])
    now = time.time()
    return {
        "friends": [{"name": f.name, "state": f.state, "profile": f"/u/{f.name}",
                     "online": f.state == "friends" and online(presence, f.user_id, now)} for f in mine],
        "blocked": [{"name": n} for _i, n in await m.db(m.store.blocked, me.id)],
        "invitations": await invitations(m, me.id),
    }


async def invitations(m: TableManager, user_id: int) -> list[dict[str, Any]]:
    """Invitations to tables still open with the offered seat free."""
    out = []
    for inv in await m.db(m.store.invites_for, user_id):
        try:
            table = await m.get(inv.table_id)
        except TableError:
            continue
        if table.status == "open" and inv.seat < len(table.seats) and _free(table.seats[inv.seat]):
            out.append({"table": table.id, "seat": inv.seat, "from": inv.from_name, "game": table.game.id,
                        "game_name": table.game.name, "link": f"/t/{table.id}", "at": inv.created_at})
    return out


@router.post("/friends/{name}", summary="Ask to be friends (or accept their request)")
async def add_friend(name: str, request: Request) -> dict[str, Any]:
    m, me, other = await _me_and_named(request, name)
    if await m.db(m.store.blocks, me.id, other.id):
        raise FriendError(f"you blocked {other.name}; unblock them first")
    if await m.db(m.store.blocks, other.id, me.id):
        raise FriendError(f"{other.name} does not take friend requests from you", 403)
    return {"name": other.name, "state": await m.db(m.store.ask_friend, me.id, other.id)}


@router.post("/friends/{name}/accept", summary="Accept a friend request")
async def accept_friend(name: str, request: Request) -> dict[str, Any]:
    m, me, other = await _me_and_named(request, name)
    if not await m.db(m.store.accept_friend, me.id, other.id):
        raise FriendError(f"{other.name} has not asked to be your friend", 404)
    return {"name": other.name, "state": "friends"}


@router.delete("/friends/{name}", summary="Unfriend, or withdraw or turn down a request")
async def drop_friend(name: str, request: Request) -> dict[str, Any]:
    m, me, other = await _me_and_named(request, name)
    await m.db(m.store.drop_friend, me.id, other.id)
    return {"name": other.name, "state": None}


@router.post("/blocks/{name}", summary="Block a person: their requests, invitations and chat no longer reach me")
async def block(name: str, request: Request) -> dict[str, Any]:
    m, me, other = await _me_and_named(request, name)
    await m.db(m.store.block, me.id, other.id)
    return {"name": other.name, "blocked": True}


@router.delete("/blocks/{name}", summary="Unblock a person")
async def unblock(name: str, request: Request) -> dict[str, Any]:
    m, me, other = await _me_and_named(request, name)
    await m.db(m.store.unblock, me.id, other.id)
    return {"name": other.name, "blocked": False}


@router.post("/tables/{table_id}/invite", summary="Invite a registered person by name to a free seat of my open table")
async def invite(table_id: str, body: InviteBody, request: Request) -> dict[str, Any]:
    me = await signed_in(request)
    m = _manager(request)
    table = await m.get(table_id)
    if table.seat_of_user(me.id) is None:
        raise FriendError("take a seat at this table before inviting people to it", 403)
    if table.status != "open":
        raise FriendError("the game has started: invitations are for tables still filling up")
    other = await _named(m, body.name, me)
    if table.seat_of_user(other.id) is not None:
        raise FriendError(f"{other.name} sits at this table already")
    free = [i for i, s in enumerate(table.seats) if _free(s)]
    seat = free[0] if body.seat is None and free else body.seat
    if seat is None or seat not in free:
        raise FriendError("there is no free seat to offer" if not free else "that seat is not free")
    if await m.db(m.store.blocks, other.id, me.id):
        raise FriendError(f"{other.name} does not take invitations from you", 403)
    if await m.db(m.store.invite, table.id, seat, me.id, other.id):
        await request.app.state.notifier.invited(table, me.name, other.id)
    return {"invited": other.name, "seat": seat}


async def muted_names(conn: HTTPConnection) -> frozenset[str]:
    """The names (casefolded) whose chat lines this visitor does not get: the people they blocked."""
    user = await user_of(conn)
    if user is None:
        return frozenset()
    m = _manager(conn)
    return frozenset(n.casefold() for _i, n in await m.db(m.store.blocked, user.id))
