import os

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


#: Games whose rules setup.py leaves uncompiled: the compiled run (GLYPHHALL_REQUIRE_COMPILED)
#: would only run their cases a second time on the same code, so it leaves them out.
_NOT_COMPILED = {"glyphs"}


def _game_of(item) -> str | None:
    """The game a parametrized test case is about ("game" or "game_id"), if any."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    game = params.get("game", params.get("game_id"))  # a Game, or its id
    name = getattr(game, "id", game)
    return name if isinstance(name, str) else None


def pytest_collection_modifyitems(config, items):
    root = config.rootpath
    for item in items:
        where = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else ""
        if where.startswith(_ONE_WORKER):
            item.add_marker(pytest.mark.xdist_group(where))
    if os.environ.get("GLYPHHALL_REQUIRE_COMPILED"):
        left_out = [item for item in items if _game_of(item) in _NOT_COMPILED]
        if left_out:
            config.hook.pytest_deselected(items=left_out)
            items[:] = [item for item in items if _game_of(item) not in _NOT_COMPILED]


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
