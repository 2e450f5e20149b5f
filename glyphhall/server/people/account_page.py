"""The account page's routes, each behind the password: how the name is written, export
everything the hall holds about me as JSON, delete the account.

Deleting keeps the games: the seats and chat lines become "deleted player" (store/account_data.py),
every session ends, the address and settings go. A running game goes on with the substitute bot
in the deleted person's seat, as when a person leaves a running table."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from glyphhall.bots.levels import label as bot_label

from ..guard.identity import COOKIE
from ..tables import other_processes
from ..tables.manager import TableManager
from ..tables.seats import vacate_seat
from .refusals import AccountError
from .sign_in import PasswordCheck, check_password, signed_in

router = APIRouter(prefix="/api/account", tags=["accounts"])


class NewSpelling(PasswordCheck):
    name: str = Field(min_length=3, max_length=24, description="the same name with other capital letters")


class DeleteBody(PasswordCheck):
    confirm: str = Field(max_length=64, description="the account's name, typed again")


class PasswordOnly(BaseModel):
    password: str = Field(min_length=1, max_length=200)


@router.post("/name", summary="Write my name with other capital letters (the name itself stays)")
async def rename(body: NewSpelling, request: Request) -> dict[str, Any]:
    user = await signed_in(request)
    await check_password(request, user, body.password)
    name = body.name.strip()
    if name.casefold() != user.name.casefold():
        raise AccountError(f"only the capital letters can change: '{name}' is not '{user.name}' written differently")
    m: TableManager = request.app.state.manager
    await m.db(m.store.set_user_name, user.id, name)
    return {"name": name}


@router.post("/export", summary="Everything the hall holds about me, as a JSON file")
async def export(body: PasswordOnly, request: Request) -> JSONResponse:
    user = await signed_in(request)
    await check_password(request, user, body.password)
    m: TableManager = request.app.state.manager
    data = await m.db(m.store.account_export, user.id, bot_label)
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="glyphhall-{user.name}.json"'})


@router.post("/delete", summary="Delete my account (the games stay, with my name replaced by \"deleted player\")")
async def delete(body: DeleteBody, request: Request, response: Response) -> dict[str, Any]:
    user = await signed_in(request)
    await check_password(request, user, body.password)
    if body.confirm.strip().casefold() != user.name.casefold():
        raise AccountError("type your name to confirm that the account is to be deleted")
    m: TableManager = request.app.state.manager
    seats = {}
    for table_id in await m.db(m.store.table_ids_of_user, user.id, ("open", "running"), 1000):
        table = await m.get(table_id)
        seats[table_id] = [i for i, s in enumerate(table.seats) if s.user_id == user.id]
    await m.db(m.store.delete_account, user.id)
    for table_id, mine in seats.items():
        table = await m.get(table_id)
        async with table.lock:
            for seat in mine:  # a running game goes on with the substitute bot, as when a person leaves
                await vacate_seat(m, table, seat)
        await other_processes.refresh(m, table)  # the seats' names as the deletion left them in the store
        await m.announce("seats", table_id)
        m.after_change(table)
    response.delete_cookie(COOKIE, path="/")
    return {"deleted": user.name}
