"""The hall watched: `/healthz` (the process answers), `/readyz` (the database answers and its
schema is the newest) and `/metrics` (Prometheus' text format).

The metrics live in one registry of this module so that every part of the server counts into the
same place without passing it around. With several processes each one is scraped on its own
(Prometheus adds them up), which is how `prometheus-client` is meant to be used outside its
multiprocess mode: no files, no locks between processes."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from sqlalchemy import text

from glyphhall.store import migrate

REGISTRY = CollectorRegistry(auto_describe=True)

MOVES = Counter("glyphhall_moves", "Moves committed to the record by this process", registry=REGISTRY)
MOVE_SECONDS = Histogram(
    "glyphhall_move_seconds", "From a player's move arriving to its acknowledgement",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
    registry=REGISTRY,
)
DB_SECONDS = Histogram(
    "glyphhall_database_seconds", "Time spent in database calls (including waiting for the database thread)",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
    registry=REGISTRY,
)
CAUGHT_UP = Counter(
    "glyphhall_moves_caught_up",
    "Moves another process committed that this one replayed on its copy of the table (near 0 behind a balancer"
    " that keeps each table in one process)",
    registry=REGISTRY,
)
SOCKETS = Gauge("glyphhall_open_sockets", "Open table websockets", registry=REGISTRY)
TABLES_LIVE = Gauge("glyphhall_tables_live", "Tables held in this process's memory", registry=REGISTRY)
BOT_QUEUE = Gauge("glyphhall_bot_moves_waiting", "Bot moves asked for and not yet answered", registry=REGISTRY)

router = APIRouter()


@contextmanager
def timed(histogram: Histogram) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        histogram.observe(time.perf_counter() - start)


def count_tables(live: Callable[[], int]) -> None:
    """The live-tables gauge reads the manager's table map when scraped (the newest app wins,
    which matters only to tests that build several apps in one process)."""
    TABLES_LIVE.set_function(live)


@router.get("/healthz", include_in_schema=False)
async def healthz() -> dict[str, str]:
    """Alive: the event loop answers. A balancer's health check."""
    return {"status": "ok"}


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> JSONResponse:
    """Ready: the database answers and holds the newest schema; 503 with the reason otherwise."""
    manager = getattr(request.app.state, "manager", None)
    if manager is None:
        return JSONResponse({"status": "starting"}, status_code=503)
    try:
        revision = await asyncio.wait_for(manager.db(_revision, manager.store.engine), 5)
    except Exception as err:  # any failure to reach the database is "not ready", said plainly
        return JSONResponse({"status": "database unreachable", "reason": type(err).__name__}, status_code=503)
    wanted = migrate.head()
    if revision != wanted:
        return JSONResponse({"status": "migrations pending", "schema": revision, "newest": wanted}, status_code=503)
    return JSONResponse({"status": "ready", "schema": revision})


@router.get("/metrics", include_in_schema=False)
async def metrics() -> Response:
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)


def _revision(engine: Any) -> str | None:
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))
        return migrate.current(conn)
