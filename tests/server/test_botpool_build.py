"""The bot pool takes up a compiled build finished while the server runs (make run compiles in
the background): the next move starts fresh workers, the moves under way finish on the old ones."""

from __future__ import annotations

from glyphhall import native
from glyphhall.server.tables import botpool


def test_a_new_compiled_build_starts_fresh_workers_and_the_same_build_keeps_them(monkeypatch):
    stamps = iter(["first build", "first build", "second build", "second build"])
    monkeypatch.setattr(native, "build_stamp", lambda: next(stamps))
    pool = botpool.BotPool(workers=1)
    try:
        first = pool._executor()
        assert pool._executor() is first, "the same build restarted the workers"
        second = pool._executor()
        assert second is not first, "a new build was not taken up"
        assert pool._executor() is second
        assert first._shutdown_thread, "the old workers were not told to finish"
    finally:
        pool.close()


def test_the_stamp_is_none_without_a_compiled_build(monkeypatch, tmp_path):
    monkeypatch.setattr(native, "BUILD_STAMP", tmp_path / "missing")
    monkeypatch.setattr(native, "PURE", False)
    assert native.build_stamp() is None
    (tmp_path / "missing").write_text("1733100000.000\n")
    assert native.build_stamp() == "1733100000.000"
