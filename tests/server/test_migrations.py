"""Alembic migrations on SQLite and PostgreSQL: a database made by the first release (create_all,
no alembic_version) upgrades in place with every table, action, chat line and vault entry kept
and its games replaying; the newest revision builds exactly the models; several processes
starting at once on one database migrate it once."""

from __future__ import annotations

import multiprocessing
import time

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, func, insert, inspect, select, text

from glyphhall.engine import MatchRecord, replay
from glyphhall.server import create_app
from glyphhall.store import Store, migrate
from glyphhall.store.db import normalize_url
from glyphhall.store.models import Base

from . import first_release_models as old
from .games import DUEL, GAMES
from .helpers import hello


def _empty(url: str) -> None:
    """Drop every table the database has (Glyph Hall's, alembic_version, anything)."""
    engine = create_engine(normalize_url(url))
    meta = MetaData()
    meta.reflect(engine)
    meta.drop_all(engine)
    engine.dispose()


def _play(seed: int, moves: int | None) -> list[tuple[int, str]]:
    """A duel's actions from `seed`: `moves` of them, or to the end."""
    state = DUEL.new(2, seed, {})
    actions: list[tuple[int, str]] = []
    while not state.is_over() and (moves is None or len(actions) < moves):
        seat = state.to_move()[0]
        text_ = str(state.legal_actions(seat)[-1])
        state.apply_text(seat, text_)
        actions.append((seat, text_))
    return actions


def _returns(seed: int, actions: list[tuple[int, str]]) -> list[float]:
    return replay(MatchRecord(game="duel", seed=seed, players=["ann", "bob"], actions=actions), game=DUEL).returns()


def _first_release_database(url: str) -> dict[str, list[tuple[int, str]]]:
    """What the first release left behind: a finished game, a running one, an open table with a
    seat taken, chat and vault entries. Returns each game's actions."""
    _empty(url)
    engine = create_engine(normalize_url(url))
    old.Base.metadata.create_all(engine)
    games = {"done": (11, _play(11, None)), "going": (12, _play(12, 3)), "waiting": (13, [])}
    now = time.time()
    with engine.begin() as conn:
        for table_id, (seed, actions) in games.items():
            status = {"done": "finished", "going": "running", "waiting": "open"}[table_id]
            conn.execute(insert(old.TableRow.__table__).values(
                id=table_id, game="duel", game_version=DUEL.version, options={}, seed=seed, players=2,
                status=status, turn_seconds=0, created_at=now, started_at=None if status == "open" else now,
                finished_at=now if status == "finished" else None,
                result=_returns(seed, actions) if status == "finished" else None,
            ))
            for seat, name in enumerate(("ann", "bob")):
                taken = table_id != "waiting" or seat == 0
                conn.execute(insert(old.SeatRow.__table__).values(
                    table_id=table_id, seat=seat, kind="person", name=name if taken else None,
                    token_hash=f"{table_id}-{seat}".ljust(64, "0") if taken else None,
                ))
            for step, (seat, action) in enumerate(actions):
                conn.execute(insert(old.ActionRow.__table__).values(
                    table_id=table_id, step=step, seat=seat, text=action, at=now))
        conn.execute(insert(old.ChatRow.__table__).values(table_id="going", author="ann", text="hello", at=now))
        conn.execute(insert(old.VaultRow.__table__).values(
            game="inscription", owner="ann", key="card-1", data={"name": "Ghoul"}, at=now))
    engine.dispose()
    return {t: a for t, (_, a) in games.items()}


def _counts(store: Store) -> dict[str, int]:
    meta = MetaData()
    meta.reflect(store.engine, only=sorted(migrate.FIRST_RELEASE_TABLES))
    with store.engine.connect() as conn:
        return {
            name: conn.scalar(select(func.count()).select_from(t))
            for name, t in meta.tables.items()
            if name in migrate.FIRST_RELEASE_TABLES
        }


def test_a_first_release_database_upgrades_in_place_and_its_games_replay(db_url):
    actions = _first_release_database(db_url)
    store = Store(db_url)
    try:
        with store.engine.connect() as conn:
            assert migrate.current(conn) == migrate.head()
        assert _counts(store) == {"gh_tables": 3, "gh_seats": 6, "gh_actions": len(actions["done"]) + 3,
                                  "gh_chat": 1, "gh_vault": 1}
        assert store.actions("done") == actions["done"] and store.actions("going") == actions["going"]
        assert store.vault_get("inscription", "ann", "card-1") == {"name": "Ghoul"}
        assert [c.text for c in store.chat("going")] == ["hello"]
        info = store.table("done")
        assert info.status == "finished" and info.result == _returns(11, actions["done"]) and info.seed == 11
    finally:
        store.close()
    with TestClient(create_app(db_url, games=GAMES, bot_workers=1)) as c:
        assert c.app.state.resumed == 1  # the running game is rebuilt from its record
        record = c.get("/api/tables/done/record").json()
        assert record["actions"] == [list(a) for a in actions["done"]]
        final = replay(MatchRecord.from_dict(record), game=DUEL)
        assert final.is_over() and final.returns() == record["result"]
        last = c.get(f"/api/tables/done/replay/{len(actions['done'])}").json()
        assert last["view"] == final.view(None)
        with c.websocket_connect("/ws/going") as ws:
            state = hello(ws, None)
            assert state["step"] == 3 and state["chat"][0]["text"] == "hello"
        seats = c.get("/api/tables/waiting").json()["seats"]
        assert seats[0]["name"] == "ann" and seats[0]["taken"] and not seats[1]["taken"]


def test_the_newest_revision_builds_exactly_the_models(db_url):
    _empty(db_url)
    store = Store(db_url)
    try:
        with store.engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            assert migrate.current(conn) == migrate.head()
    finally:
        store.close()


def test_the_migrations_go_down_and_up_again(db_url):
    _first_release_database(db_url)
    store = Store(db_url)
    try:
        migrate.downgrade(store.engine, migrate.FIRST_RELEASE)
        with store.engine.connect() as conn:
            assert migrate.current(conn) == migrate.FIRST_RELEASE
            assert set(inspect(conn).get_table_names()) == migrate.FIRST_RELEASE_TABLES | {"alembic_version"}
        migrate.upgrade(store.engine)
        assert store.actions("done") == _play(11, None) and store.table("going").status == "running"
    finally:
        store.close()


def test_there_is_one_head():
    assert migrate.head()


def test_a_database_with_some_foreign_tables_is_left_alone(tmp_path):
    url = f"sqlite:///{tmp_path / 'odd.db'}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE gh_tables (id TEXT PRIMARY KEY)"))
    engine.dispose()
    with pytest.raises(migrate.SchemaError, match="not made by a Glyph Hall release"):
        Store(url)
    engine = create_engine(url)
    assert inspect(engine).get_table_names() == ["gh_tables"]
    engine.dispose()


def _open_store(url: str) -> str:
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            return str(migrate.current(conn))
    finally:
        store.close()


@pytest.mark.parametrize("first_release", [False, True], ids=["empty", "first-release"])
def test_processes_starting_at_once_migrate_once(db_url, first_release):
    if first_release:
        _first_release_database(db_url)
    else:
        _empty(db_url)
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        revisions = pool.map(_open_store, [db_url] * 4)
    assert revisions == [migrate.head()] * 4
    engine = create_engine(normalize_url(db_url))
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).all() == [(migrate.head(),)]
    engine.dispose()
    if first_release:
        store = Store(db_url)
        assert store.actions("going") == _play(12, 3)
        store.close()
