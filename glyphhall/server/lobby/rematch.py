"""Play again: at the end of a game, a rematch with the same people and options, seats rotated
(seat i plays seat i + 1). The first person to ask makes the new table and sits at it; each
other person accepts (sits too) or declines; once every person sits, it starts.

`POST /api/tables/{id}/rematch` (your seat token of the finished table, or your account) asks for
or accepts the rematch and answers your seat and token at the new table; `POST .../rematch/decline`
declines it; `GET .../rematch` says where it stands. Everyone at the finished table gets a
`rematch` message (docs/protocol.md) on each change. Offers and answers are kept in the store
(store/rematches.py): a server restart, or another server process, sees the same offer."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request

from ..guard.identity import user_of
from ..guard.tokens import new_seed, new_table_id, new_token, token_hash
from ..tables.live import LiveTable, TableError
from ..tables.manager import TableManager
from .routes import WithToken, _seat_of, start_locked

REMATCH_NOT_YET = "a rematch is offered once the game is over"

router = APIRouter(prefix="/api", tags=["lobby"])


@dataclass
class Rematch:
    table: str  # the new table
    people: dict[int, str]  # old seat -> name, for the finished table's persons
    accepted: list[int] = field(default_factory=list)  # old seats that sit at the new table
    declined: int | None = None
    started: bool = False

    def public(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "accepted": [self.people[s] for s in self.accepted],
            "waiting": [n for s, n in self.people.items() if s not in self.accepted and s != self.declined],
            "declined": None if self.declined is None else self.people[self.declined],
            "started": self.started,
        }


async def _offer(m: TableManager, old: LiveTable) -> Rematch | None:
    """The finished table's rematch as stored, or None if nobody asked (or its table is gone)."""
    stored = await m.db(m.store.rematch, old.id)
    if stored is None:
        return None
    new = await m.db(m.store.table, stored.table)
    if new is None:
        return None
    people = {i: s.name or f"player {i + 1}" for i, s in enumerate(old.seats) if s.kind == "person"}
    declined = [seat for seat, ok in stored.answers.items() if not ok]
    return Rematch(stored.table, people, [seat for seat, ok in stored.answers.items() if ok],
                   declined[0] if declined else None, new.status != "open")


def rotated(seat: int, players: int) -> int:
    return (seat + 1) % players


async def _tell(m: TableManager, old: LiveTable, offer: Rematch) -> None:
    """Everyone at the finished table, here and (a `rematch` note: cluster/sync.py) through the other
    server processes' sockets."""
    said = offer.public()
    tell_here(old, said)
    await m.announce("rematch", old.id, json.dumps(said))


def tell_here(old: LiveTable, said: dict[str, Any]) -> None:
    old.broadcast(lambda c: {"type": "rematch", "rematch": said})


async def _new_table(m: TableManager, old: LiveTable) -> str:
    n = old.players
    seats: list[tuple[str, str | None, str | None]] = [("person", None, None)] * n
    for i, s in enumerate(old.seats):
        if s.kind == "bot":
            seats[rotated(i, n)] = ("bot", s.bot, None)
    table_id = new_table_id()
    await m.db(m.store.create_table, table_id, old.game.id, old.game.version, dict(old.options), new_seed(), seats,
               old.turn_seconds, old.undo_option, old.practice, old.position)
    return table_id


@router.get("/tables/{table_id}/rematch", summary="Where the rematch of a finished game stands (null: none asked)")
async def rematch_status(table_id: str, request: Request) -> dict[str, Any]:
    m: TableManager = request.app.state.manager
    offer = await _offer(m, await m.get(table_id))
    return {"rematch": offer.public() if offer else None}


@router.post("/tables/{table_id}/rematch", summary="Play again: ask for the rematch, or accept it")
async def play_again(table_id: str, body: WithToken, request: Request) -> dict[str, Any]:
    m: TableManager = request.app.state.manager
    old = await m.get_finished(table_id, REMATCH_NOT_YET)
    user = await user_of(request)
    seat = _seat_of(old, body.token, user)
    async with old.lock:  # two people asking at once make one new table
        offer = await _offer(m, old)
        if offer is not None and offer.declined is not None:
            raise TableError(f"{offer.people[offer.declined]} declined the rematch", 409)
        if offer is None:
            made = await _new_table(m, old)
            if await m.db(m.store.offer_rematch, old.id, made) != made:  # another server process was first
                await m.db(m.store.abandon, made)
            offer = await _offer(m, old)
            assert offer is not None
    new = await m.get(offer.table)
    mine = rotated(seat, old.players)
    if seat in offer.accepted:  # asked again: the seat's token is with the tab that accepted (or the account)
        return {"table": new.id, "seat": mine, "token": None, "rematch": offer.public()}
    token = new_token()
    held = old.seats[seat]
    async with new.lock:
        if not await m.db(m.store.take_seat, new.id, mine, held.name or f"player {mine + 1}", token_hash(token),
                          held.user_id):
            raise TableError("your seat at the new table is taken", 409)
        s = new.seats[mine]
        s.name, s.token_hash, s.user_id = held.name, token_hash(token), held.user_id
        await m.db(m.store.answer_rematch, old.id, seat, True)
        offer.accepted.append(seat)
        new.broadcast_table()
        if len(offer.accepted) == len(offer.people) and new.status == "open":
            await start_locked(m, new)
            offer.started = True
    await m.announce("table", new.id)
    m.after_change(new)
    await _tell(m, old, offer)
    return {"table": new.id, "seat": mine, "token": token, "rematch": offer.public()}


@router.post("/tables/{table_id}/rematch/decline", summary="Decline the rematch of a finished game")
async def decline(table_id: str, body: WithToken, request: Request) -> dict[str, Any]:
    m: TableManager = request.app.state.manager
    old = await m.get_finished(table_id, REMATCH_NOT_YET)
    seat = _seat_of(old, body.token, await user_of(request))
    async with old.lock:
        offer = await _offer(m, old)
        if offer is None or offer.started:
            raise TableError("there is no rematch waiting for an answer", 409)
        if seat in offer.accepted:
            raise TableError("you already sit at the rematch; leave its table instead", 409)
        if offer.declined is None:
            await m.db(m.store.answer_rematch, old.id, seat, False)
            offer.declined = seat
    await _tell(m, old, offer)
    return {"rematch": offer.public()}
