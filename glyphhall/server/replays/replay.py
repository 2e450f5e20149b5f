"""Finished games: the match record, a step-by-step replay with a shareable link (/r/<id>), and
hypothetical lines from any step (replay_steps.py). While a game runs its record stays closed,
because action texts can carry secrets."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from glyphhall.bots.levels import label as bot_label
from glyphhall.engine import MatchRecord

from ..tables.live import LiveTable
from ..tables.manager import TableManager
from . import replay_steps
from .replay_work import replay_work

router = APIRouter(prefix="/api", tags=["replay"])


REPLAY_NOT_YET = "the replay opens when the game is over"


async def _finished(request: Request, table_id: str) -> tuple[TableManager, LiveTable]:
    m: TableManager = request.app.state.manager
    return m, await m.get_finished(table_id, REPLAY_NOT_YET)


@router.get("/tables/{table_id}/record", summary="The match record (seed or position, and actions) of a finished game")
async def record(table_id: str, request: Request) -> dict[str, Any]:
    m, table = await _finished(request, table_id)
    stored = await m.db(m.store.record, table_id)  # with the moves taken back, marked undone
    rec = MatchRecord(
        game=table.game.id,
        seed=table.seed,
        players=[s.name or (bot_label(s.bot) if s.bot else f"Player {i + 1}") for i, s in enumerate(table.seats)],
        options=dict(table.options),
        actions=[(seat, text) for seat, text, _ in stored],
        game_version=table.game.version,
        result=table.result,
        undone=[i for i, (_, _, undone) in enumerate(stored) if undone],
        position=table.position,
    )
    return rec.to_dict()


@router.get("/tables/{table_id}/replay/{step}", summary="The game after `step` actions, seen by `seat`")
async def replay_step(table_id: str, step: int, request: Request, seat: int | None = None) -> dict[str, Any]:
    m, table = await _finished(request, table_id)
    record = await m.db(m.store.record, table_id)
    return await replay_work(request.app).position(_address(request), table, step, seat, None, record)


class Hypothetical(BaseModel):
    step: int = Field(description="the real game's step the line starts from")
    seat: int | None = Field(None, description="seen as this seat (null: the public view)")
    line: list[Any] = Field(default_factory=list, description='moves from there: [[seat, "action"], ...]')


@router.post("/tables/{table_id}/hypothetical", summary="A hypothetical line of moves from a step of a finished game")
async def hypothetical(table_id: str, body: Hypothetical, request: Request) -> dict[str, Any]:
    m, table = await _finished(request, table_id)
    record = await m.db(m.store.record, table_id)
    line = replay_steps.parse_line(body.line, table.players)
    return await replay_work(request.app).position(_address(request), table, body.step, body.seat, line, record)


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"
