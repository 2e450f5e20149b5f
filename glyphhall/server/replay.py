"""Finished games: the match record and a step-by-step replay with a shareable link (/r/<id>).
While a game runs its record stays closed, because action texts can carry secrets."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from glyphhall.engine import MatchRecord

from . import messages
from .tables import LiveTable, TableError, TableManager

router = APIRouter(prefix="/api", tags=["replay"])


async def _finished(request: Request, table_id: str) -> tuple[TableManager, LiveTable]:
    m: TableManager = request.app.state.manager
    table = await m.get(table_id)
    if table.status != "finished":
        raise TableError("the replay opens when the game is over", 409)
    return m, table


@router.get("/tables/{table_id}/record", summary="The match record (seed and actions) of a finished game")
async def record(table_id: str, request: Request) -> dict[str, Any]:
    m, table = await _finished(request, table_id)
    stored = await m.db(m.store.record, table_id)  # with the moves taken back, marked undone
    rec = MatchRecord(
        game=table.game.id,
        seed=table.seed,
        players=[s.name or (s.bot or f"seat {i}") for i, s in enumerate(table.seats)],
        options=dict(table.options),
        actions=[(seat, text) for seat, text, _ in stored],
        game_version=table.game.version,
        result=table.result,
        undone=[i for i, (_, _, undone) in enumerate(stored) if undone],
    )
    return rec.to_dict()


@router.get("/tables/{table_id}/replay/{step}", summary="The game after `step` actions, seen by `seat`")
async def replay_step(table_id: str, step: int, request: Request, seat: int | None = None) -> dict[str, Any]:
    _, table = await _finished(request, table_id)
    total = len(table.actions)
    if not 0 <= step <= total:
        raise TableError(f"this game has steps 0 to {total}, not {step}", 404)
    if seat is not None and not 0 <= seat < table.players:
        raise TableError(f"this table has seats 0 to {table.players - 1}, not {seat}", 404)
    state = table.game.new(table.players, table.seed, table.options)
    events: list[Any] = []
    for seat_, text in table.actions[:step]:
        events = state.apply_text(seat_, text)
    return {
        "type": "replay",
        "step": step,
        "total": total,
        "table": table.public_info(),
        "action": None if step == 0 else {"seat": table.actions[step - 1][0], "text": table.actions[step - 1][1]},
        "view": state.view(seat),
        "events": messages.events_for(events, seat, table.game, table.names()),
        "result_text": table.game.result_text(state, table.names()) if state.is_over() else None,
        "to_move": [] if state.is_over() else list(state.to_move()),
    }
