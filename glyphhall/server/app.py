"""The app factory: `create_app()` wires the store, the table manager, the bot pool, the
lobby/play/replay routes and the static browser client."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from glyphhall.engine import Game
from glyphhall.store import Store

from .cluster import sync
from .cluster.coordination import Cluster
from .guard import origins
from .guard.flood_limits import AddressBuckets, BodyLimit, Limits
from .guard.hall_windows import HallWindow
from .guard.refusal import Refusal
from .lobby import glyphs_guess, learn, maps, puzzles, rematch, rules_text
from .lobby import routes as lobby_routes
from .notify import mail, push
from .notify.notifier import NotifyTimes, start_notifier
from .people import account_page, accounts, email_routes, friends, profiles
from .play import table_socket
from .replays import replay, rooms
from .runtime import logs, metrics
from .runtime.gc_policy import GcPolicy
from .tables import rated_or_friendly
from .tables.botpool import BotPool
from .tables.catalog import Catalog
from .tables.manager import TableManager
from .tables.store_access import StoreAccess

WEB = Path(__file__).resolve().parent.parent / "web"


def create_app(
    db_url: str | None = None,
    *,
    store: Store | None = None,
    games: Mapping[str, Game] | None = None,
    bot_workers: int | None = None,
    limits: Limits | None = None,
    smtp: str | None = None,
    public_url: str | None = None,
    notify_times: NotifyTimes | None = None,
    allowed_origins: frozenset[str] = frozenset(),
) -> FastAPI:
    """The Glyph Hall web app. `games` replaces the registry (tests inject their own);
    `limits` the flood limits (the load benchmark raises them); `smtp` the SMTP URL (else
    GLYPHHALL_SMTP; neither: e-mail is off), `public_url` the address in e-mailed links (else
    GLYPHHALL_PUBLIC_URL, else the address the first page was asked at)."""
    limits = limits or Limits()
    mail_settings = mail.settings_from(smtp)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        access = StoreAccess(store or Store(db_url))
        pool = BotPool(bot_workers)
        manager = TableManager(access, Catalog(games), pool)
        app.state.manager = manager
        metrics.count_tables(lambda: len(manager.tables))
        app.state.create_hall_window = _hall_window_for_tables(limits, manager)
        cluster: Cluster | None = None
        if access.store.engine.dialect.name == "postgresql":
            # One hall with every other process on this database: tables are taken over by
            # ownership (cluster/coordination.py) instead of all resumed here.
            cluster = manager.cluster = Cluster(
                access.store.engine.url.render_as_string(hide_password=False),
                on_note=lambda kind, table_id, arg: sync.on_note(manager, kind, table_id, arg),
                on_gain=lambda ids: sync.on_gain(manager, ids),
                on_loss=lambda: sync.on_loss(manager),
            )
            app.state.resumed = await cluster.start()
        else:
            app.state.resumed = await manager.resume_all()
        gc_policy = GcPolicy()
        gc_policy.start()
        app.state.notifier = await start_notifier(manager, mail_settings, public_url, notify_times)
        app.state.push_keys = app.state.notifier.push
        try:
            yield
        finally:
            await app.state.notifier.stop()
            await gc_policy.stop()
            if cluster is not None:
                await cluster.stop()
            await manager.close()
            pool.close()
            if hasattr(app.state, "replay_work"):
                app.state.replay_work.close()
            if store is None:
                access.close()

    app = FastAPI(
        title="Glyph Hall",
        summary="Play Glyph Hall's games with friends in the browser",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.limits = limits
    # Pages of other origins allowed to open the websockets (origins.py), besides the hall's own.
    app.state.allowed_origins = origins.configured() | {o.rstrip("/").lower() for o in allowed_origins}
    app.state.create_buckets = AddressBuckets(limits.create_table)
    larger = dict.fromkeys(limits.large_body_paths, limits.large_body_bytes)
    app.add_middleware(BodyLimit, max_bytes=limits.body_bytes, larger=larger,
                       larger_suffixes=dict.fromkeys(limits.large_body_suffixes, limits.large_body_bytes))
    app.include_router(lobby_routes.router)
    app.include_router(accounts.router)
    app.include_router(profiles.router)
    app.include_router(replay.router)
    app.include_router(rules_text.router)
    app.include_router(table_socket.router)
    app.include_router(maps.router)
    app.include_router(glyphs_guess.router)
    app.include_router(rooms.router)
    app.include_router(rated_or_friendly.router)
    app.include_router(rematch.router)
    app.include_router(metrics.router)
    app.include_router(email_routes.router)
    app.include_router(push.router)
    app.include_router(push.worker_router)
    app.include_router(friends.router)
    app.include_router(account_page.router)
    app.include_router(learn.router)
    app.include_router(puzzles.router)

    @app.exception_handler(Refusal)  # every concern's refusal (tables, accounts, friends, e-mail...)
    async def _refusal(_request: Request, err: Refusal) -> JSONResponse:
        return JSONResponse({"error": str(err)}, status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_request: Request, err: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _explain(err)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, err: StarletteHTTPException) -> Response:
        # A page address nobody serves gets a page a person can read; the API stays JSON.
        api = request.url.path.startswith(("/api/", "/ws/", "/static/"))
        if err.status_code == 404 and not api:
            return FileResponse(WEB / "404.html", status_code=404)
        return await http_exception_handler(request, err)

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/r/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    @app.get("/room/{room_id}", include_in_schema=False)
    async def replay_room_page(room_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    # The people pages: one page whose script shows what the address names.
    for path in ("/me", "/account", "/settings", "/reset", "/friends", "/u/{name}", "/leaderboard", "/leaderboard/{game_id}"):
        app.add_api_route(path, _people_page, include_in_schema=False)

    return app


def _hall_window_for_tables(limits: Limits, manager: TableManager) -> HallWindow | None:
    """Tables created per address for the whole hall (processes sharing PostgreSQL): the
    per-process bucket's burst once per the time the burst takes to come back, which is the
    bucket's own long-run rate."""
    rate = limits.create_table
    if manager.store.engine.dialect.name != "postgresql" or rate.per_second >= 1e6:
        return None
    seconds = rate.burst / rate.per_second
    return HallWindow("tables", int(rate.burst), seconds, manager.db, manager.store)


def app_from_environment() -> FastAPI:
    """The app for each worker process of `glyphhall serve --workers N` (uvicorn imports it by
    name): the database URL, bot workers and log format come from GLYPHHALL_DB,
    GLYPHHALL_BOT_WORKERS and GLYPHHALL_LOG_FORMAT."""
    logs.configure(os.environ.get("GLYPHHALL_LOG_FORMAT") or "text", logging.WARNING)
    workers = os.environ.get("GLYPHHALL_BOT_WORKERS")
    return create_app(os.environ.get("GLYPHHALL_DB") or None, bot_workers=int(workers) if workers else None)


async def _people_page() -> FileResponse:
    return FileResponse(WEB / "people.html")


def _explain(err: RequestValidationError) -> str:
    """Pydantic's error list as one sentence per problem."""
    parts = []
    for e in err.errors():
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "request"
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return "; ".join(parts) or "bad request"
