"""The store keeps the position a table began from (Alembic revision 0004), on SQLite and
PostgreSQL: a table created at 0003 keeps its rows through the upgrade (no position), and the
revision goes down and up again."""

from __future__ import annotations

import time

from sqlalchemy import create_engine, insert, inspect

from glyphhall.store import Store, migrate
from glyphhall.store.db import normalize_url
from glyphhall.store.models import SeatRow, TableRow

from .test_migrations import _empty

POSITION = "[position]\ntotals = [5, 8]\n"


def test_a_table_keeps_its_position(store):
    store.create_table("p1", "turns", "1", {}, 0, [("person", None, None)] * 2, practice=True, position=POSITION)
    store.create_table("n1", "turns", "1", {}, 3, [("person", None, None)] * 2)
    assert store.table("p1").position == POSITION and store.table("p1").practice
    assert store.table("n1").position is None
    assert {t.id: t.position for t in store.tables(("open",))} == {"p1": POSITION, "n1": None}


def test_revision_0004_adds_the_position_and_keeps_every_table(db_url):
    _empty(db_url)
    engine = create_engine(normalize_url(db_url))
    migrate.upgrade(engine, "0003")
    with engine.begin() as conn:
        columns = {c["name"] for c in inspect(conn).get_columns("gh_tables")}
        assert "position" not in columns
        conn.execute(insert(TableRow.__table__).values(
            id="old", game="turns", game_version="1", options={}, seed=4, players=2, status="open",
            turn_seconds=0, created_at=time.time(), undo=True, practice=False, rated=False))
        conn.execute(insert(SeatRow.__table__).values(table_id="old", seat=0, kind="person"))
    engine.dispose()
    store = Store(db_url)  # upgrades to the head
    try:
        with store.engine.connect() as conn:
            assert migrate.current(conn) == migrate.head() >= "0004"
        old = store.table("old")
        assert old.position is None and old.seed == 4 and len(old.seats) == 1
        store.create_table("new", "turns", "1", {}, 0, [("person", None, None)] * 2, practice=True, position=POSITION)
        migrate.downgrade(store.engine, "0003")
        with store.engine.connect() as conn:
            assert "position" not in {c["name"] for c in inspect(conn).get_columns("gh_tables")}
        migrate.upgrade(store.engine)
        assert store.table("old").seed == 4 and store.table("new").position is None  # down drops the text
    finally:
        store.close()


def test_revision_0005_reads_the_title_of_every_earlier_position_once(db_url):
    _empty(db_url)
    engine = create_engine(normalize_url(db_url))
    migrate.upgrade(engine, "0004")
    with engine.begin() as conn:
        for table_id, position in (("titled", 'title = "Old times"\n' + POSITION), ("plain", POSITION), ("new", None)):
            conn.execute(insert(TableRow.__table__).values(
                id=table_id, game="turns", game_version="1", options={}, seed=4, players=2, status="open",
                turn_seconds=0, created_at=time.time(), undo=True, practice=True, rated=False, position=position))
    engine.dispose()
    store = Store(db_url)
    try:
        listed = {t.id: t for t in store.tables(("open",), with_text=False)}
        assert {i: (t.from_position, t.position_title, t.position) for i, t in listed.items()} == {
            "titled": (True, "Old times", None), "plain": (True, "", None), "new": (False, None, None)}
        assert store.table("titled").position.startswith('title = "Old times"')
    finally:
        store.close()
