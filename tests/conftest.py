import pytest

from glyphhall.engine import rng


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """Every test gets its own data directory, so none touches a real user's files."""
    monkeypatch.setenv("GLYPHHALL_DATA_DIR", str(tmp_path / "glyphhall-data"))


#: Test files whose module-scoped fixtures (a live server, Chromium, a fuzzed game) are costly:
#: under pytest-xdist each stays on one worker (`--dist loadgroup`), so they are made once.
_ONE_WORKER = ("tests/browser/", "tests/server/test_protocol_fuzz.py", "tests/server/test_views_over_variants.py",
               "tests/games/glyphs/test_glyphs_terminal.py")


def pytest_collection_modifyitems(config, items):
    root = config.rootpath
    for item in items:
        where = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else ""
        if where.startswith(_ONE_WORKER):
            item.add_marker(pytest.mark.xdist_group(where))


#: Test folders whose positions are loaded the way a live table loads them: played on past their
#: script (the server and the browser tests; the server also loads a position to check it).
_PLAYED_ON = {"server", "browser"}


@pytest.fixture(autouse=True)
def _strict_chance_scripts(request):
    """A scripted position's chance is strict in the tests (engine/rng.py): a draw past the script
    raises, and a script left unused at the end of a test fails it, naming what was left."""
    strict = _PLAYED_ON.isdisjoint(request.node.path.parts)
    rng.STRICT_BY_DEFAULT = strict
    rng.take_unfinished_scripts()
    yield
    left = rng.take_unfinished_scripts()
    rng.STRICT_BY_DEFAULT = False
    if left:
        pytest.fail("a chance script was left unused: " + " | ".join(left), pytrace=False)
