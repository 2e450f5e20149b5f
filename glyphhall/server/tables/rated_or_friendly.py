"""Rated or friendly, said out loud: what a table's public information says about the ratings
(`rating`, `rating_note`), and each seat's rating change once a rated match is over
(`GET /api/tables/{id}/ratings`, read from the store's record of the change)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from . import skill_ratings

router = APIRouter(prefix="/api", tags=["lobby"])


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def rating_status(table: Any) -> dict[str, str]:
    """{"rating": "rated" | "friendly" | "unrated", "rating_note": a sentence for the players}."""
    if table.practice:
        return {"rating": "friendly", "rating_note": "A friendly game: it does not count for the ratings."}
    seats = table.seats
    guests = [s.name or "someone" for s in seats if s.kind == "person" and s.token_hash is not None and s.user_id is None]
    if guests:
        verb = "plays" if len(guests) == 1 else "play"
        return {"rating": "unrated", "rating_note": f"Not rated: {_names(guests)} {verb} as a guest (only signed-in "
                "players are rated)."}
    if any(s.kind == "person" and s.token_hash is None for s in seats):
        return {"rating": "rated", "rating_note": "Rated once every seat is taken by a signed-in player or a bot "
                "(a guest makes it a friendly game). Rated games have no undo."}
    if skill_ratings.table_entries(table) is None:
        return {"rating": "unrated", "rating_note": "Not rated: the same player or bot holds every seat."}
    return {"rating": "rated", "rating_note": "Rated: this game counts for the ratings, and has no undo."}


@router.get("/tables/{table_id}/ratings", summary="Each seat's rating change in a finished rated match")
async def rating_changes(table_id: str, request: Request) -> dict[str, Any]:
    m = request.app.state.manager  # a TableManager (live.py imports this module)
    table = await m.get(table_id)
    entries = skill_ratings.table_entries(table)
    if table.status != "finished" or entries is None:
        return {"changes": []}
    names = table.names()
    out = []
    for seat, s in enumerate(table.seats):
        entry = skill_ratings.entry_of(s.kind, s.bot, s.user_id)
        found = await m.db(m.store.rating_changes, entry, [table_id]) if entry else []
        if found:
            before, after = skill_ratings.shown(found[-1].before), skill_ratings.shown(found[-1].after)
            out.append({"seat": seat, "name": names[seat], "before": before, "after": after,
                        "change": round(after - before, 1)})
    return {"changes": out}
