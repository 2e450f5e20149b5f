"""The store on SQLite and on PostgreSQL: tables, seats, the match record, chat and the vault."""

from __future__ import annotations

import pytest

from glyphhall.store import ActionClash, Store
from glyphhall.store.db import normalize_url


def _table(store: Store, table_id: str = "t1") -> None:
    store.create_table(table_id, "duel", "1", {"x": 1}, 2**62 - 1, [("person", None, None), ("bot", "random", None)])


def test_table_round_trip(store):
    _table(store)
    info = store.table("t1")
    assert info.game == "duel" and info.options == {"x": 1} and info.seed == 2**62 - 1
    assert info.status == "open" and info.players == 2
    assert [s.kind for s in info.seats] == ["person", "bot"] and info.seats[1].bot == "random"
    assert store.table("nope") is None


def test_a_seat_is_taken_once(store):
    _table(store)
    assert store.take_seat("t1", 0, "ann", "h1")
    assert not store.take_seat("t1", 0, "bob", "h2")
    assert not store.take_seat("t1", 1, "bob", "h2"), "a bot seat cannot be taken"
    assert store.table("t1").seats[0].name == "ann"
    store.free_seat("t1", 0)
    assert store.take_seat("t1", 0, "bob", "h2")


def test_actions_are_kept_in_order_and_never_twice(store):
    _table(store)
    store.append_action("t1", 0, 0, "play 3")
    store.append_action("t1", 1, 1, "play 5")
    with pytest.raises(ActionClash):
        store.append_action("t1", 1, 0, "play 9")
    assert store.actions("t1") == [(0, "play 3"), (1, "play 5")]


def test_status_changes(store):
    _table(store)
    _table(store, "t2")
    assert store.start("t1") and not store.start("t1")
    assert [t.id for t in store.tables(("running",))] == ["t1"]
    store.finish("t1", [1.0, 0.0])
    info = store.table("t1")
    assert info.status == "finished" and info.result == [1.0, 0.0] and info.finished_at
    assert [t.id for t in store.tables(("open",))] == ["t2"]


def test_chat(store):
    _table(store)
    store.add_chat("t1", "ann", "hello")
    store.add_chat("t1", "bob", "hi")
    assert [(c.author, c.text) for c in store.chat("t1")] == [("ann", "hello"), ("bob", "hi")]


def test_vault(store):
    store.vault_put("inscription", "ann", "card-1", {"name": "Ghoul", "power": 2})
    store.vault_put("inscription", "ann", "card-1", {"name": "Ghoul", "power": 3})
    store.vault_put("inscription", "bob", "card-1", {"name": "Imp"})
    assert store.vault_get("inscription", "ann", "card-1") == {"name": "Ghoul", "power": 3}
    assert list(store.vault_list("inscription", "ann")) == ["card-1"]
    assert store.vault_delete("inscription", "ann", "card-1")
    assert store.vault_get("inscription", "ann", "card-1") is None
    assert store.vault_get("inscription", "bob", "card-1") == {"name": "Imp"}


def test_postgres_urls_use_psycopg():
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"


def test_default_store_is_a_file_in_the_data_dir(tmp_path):
    from glyphhall.paths import data_dir

    s = Store()
    try:
        assert str(data_dir() / "glyphhall.db") in s.url
    finally:
        s.close()
