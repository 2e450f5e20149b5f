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


def test_group_commit_keeps_each_moves_own_outcome(store):
    """A batch of moves from several tables commits together; a clashing row is refused alone."""
    _table(store)
    _table(store, "t2")
    store.append_action("t1", 0, 0, "play 3")
    outcomes = store.append_actions([("t2", 0, 0, "play 1"), ("t1", 0, 1, "play 9"), ("t1", 1, 1, "play 5")])
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], ActionClash)
    assert store.actions("t1") == [(0, "play 3"), (1, "play 5")]
    assert store.actions("t2") == [(0, "play 1")]


def test_moves_sent_together_are_each_committed_once(store):
    """StoreAccess.append_action: concurrent moves share commits, each resumes after its row is
    stored, and a clash is raised to that move only."""
    import asyncio

    from glyphhall.server.tables.store_access import StoreAccess

    tables = [f"g{i}" for i in range(6)]
    for t in tables:
        _table(store, t)
    access = StoreAccess(store)

    async def main() -> list[object]:
        moves = [access.append_action(t, step, step % 2, f"move {step}") for step in range(3) for t in tables]
        moves.append(access.append_action("g0", 1, 0, "a second step 1"))
        return await asyncio.gather(*moves, return_exceptions=True)

    try:
        outcomes = asyncio.run(main())
    finally:
        access._threads.shutdown(wait=True)
    assert outcomes[:-1] == [None] * 18
    assert isinstance(outcomes[-1], ActionClash)
    for t in tables:
        assert store.actions(t) == [(0, "move 0"), (1, "move 1"), (0, "move 2")]


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
