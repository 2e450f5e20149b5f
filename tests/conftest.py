import pytest

from glyphhall.engine import rng


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """Every test gets its own data directory, so none touches a real user's files."""
    monkeypatch.setenv("GLYPHHALL_DATA_DIR", str(tmp_path / "glyphhall-data"))


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
