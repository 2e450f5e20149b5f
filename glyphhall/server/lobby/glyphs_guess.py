"""Glyphs' guess box help: a decree being typed read back in plain words (or what to change),
with completions. Reading a decree changes nothing; the coin is paid only when the guess is
confirmed at the table."""

from __future__ import annotations

from fastapi import APIRouter, Query
from starlette.concurrency import run_in_threadpool

from glyphhall.games.glyphs.decrees.suggest import read_back

router = APIRouter(tags=["glyphs"])
#: A decree longer than this is not a decree anyone types (and would only cost parsing time).
MAX_TEXT = 300


@router.get("/api/games/glyphs/decree", summary="Glyphs: a decree read back in plain words, with completions")
async def decree_reading(text: str = Query("", max_length=MAX_TEXT)) -> dict:
    return await run_in_threadpool(read_back, text)
