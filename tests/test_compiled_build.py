"""The compiled build (setup.py, glyphhall/native.py) is the pure one, only faster.

`make test` runs the suite twice: with GLYPHHALL_PURE=1 (the reference) and on the compiled
modules (GLYPHHALL_REQUIRE_COMPILED=1, so that a build that silently fell back to source fails
here instead of passing as "compiled")."""

from __future__ import annotations

import importlib
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from glyphhall import native

ROOT = Path(__file__).resolve().parents[1]
HOT = ("glyphhall.engine.game", "glyphhall.bots.mcts", "glyphhall.games.inscription.turn",
       "glyphhall.games.tundrus.turn", "glyphhall.games.glyfts.game", "glyphhall.games.heroscape.movement")


def _load_hot() -> list:
    return [importlib.import_module(name) for name in HOT]


@pytest.mark.skipif(not native.PURE, reason="the pure run's check")
def test_the_pure_run_imports_no_compiled_module():
    _load_hot()
    assert native.compiled_modules() == []


@pytest.mark.skipif(not os.environ.get("GLYPHHALL_REQUIRE_COMPILED"), reason="the compiled run's check")
def test_the_compiled_run_really_runs_the_compiled_modules():
    missing = [m.__name__ for m in _load_hot() if not native.is_compiled(m)]
    assert missing == [], f"running as source: {missing} (make compile)"


@pytest.mark.skipif(native.PURE or not os.environ.get("GLYPHHALL_REQUIRE_COMPILED"),
                    reason="compares the compiled build with the pure one")
@pytest.mark.parametrize("game, config", [
    ("inscription", "players=2"), ("tundrus", "players=4"), ("glyfts", "players=3"),
    ("heroscape", "players=2"), ("glyphs", "players=3"),
])
def test_compiled_and_pure_builds_play_identically(tmp_path, game, config):
    """bench/engine/same_play.py: seeded random games recorded on the pure build replay step for step
    (legal actions, events and who sees them, views, whole states) on the compiled one."""
    record = tmp_path / f"{game}.json"
    script = str(ROOT / "bench" / "engine" / "same_play.py")
    pure = {**os.environ, "GLYPHHALL_PURE": "1"}
    compiled = {k: v for k, v in os.environ.items() if k != "GLYPHHALL_PURE"}
    games = "1" if game == "glyphs" else "3"
    subprocess.run([sys.executable, script, "record", str(record), game, "--games", games, "--config", config],
                   check=True, env=pure, cwd=ROOT, capture_output=True, timeout=600)
    done = subprocess.run([sys.executable, script, "compare", str(record)],
                          env=compiled, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.filterwarnings("ignore:.*newer than its compiled module")
def test_a_source_newer_than_its_compiled_module_runs_as_source(tmp_path, monkeypatch):
    """An edit since the last build must not be hidden by a stale compiled module."""
    monkeypatch.delenv("GLYPHHALL_REQUIRE_COMPILED", raising=False)  # (set by the compiled run)
    package = tmp_path / "glyphhall_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    compiled = package / ("mod" + native._COMPILED_SUFFIXES[0])
    compiled.write_bytes(b"not a real extension")
    source = package / "mod.py"
    source.write_text("WHERE = 'source'\n")
    os.utime(compiled, (1, 1))  # built long before the edit
    chooser = native._BuildChooser()
    spec = chooser.find_spec("glyphhall.mod", [str(package)])  # it looks after glyphhall.* names
    assert spec is not None and spec.origin == str(source)
    os.utime(compiled, None)  # rebuilt after the edit: the default search (compiled first) decides
    os.utime(source, (1, 1))
    if not native.PURE:
        assert chooser.find_spec("glyphhall.mod", [str(package)]) is None


@pytest.mark.skipif(native.PURE, reason="the pure build never runs a compiled module")
def test_a_source_newer_than_its_compiled_module_is_refused_where_the_compiled_build_is_required(
        tmp_path, monkeypatch):
    """A measurement or the compiled test run must not time an edit running as source."""
    (tmp_path / "mod.py").write_text("WHERE = 'source'\n")
    compiled = tmp_path / ("mod" + native._COMPILED_SUFFIXES[0])
    compiled.write_bytes(b"not a real extension")
    os.utime(compiled, (1, 1))
    monkeypatch.setenv("GLYPHHALL_REQUIRE_COMPILED", "1")
    with pytest.raises(ImportError, match="newer than its compiled module.*make compile"):
        native._BuildChooser().find_spec("glyphhall.mod", [str(tmp_path)])
    monkeypatch.setenv("GLYPHHALL_REQUIRE_COMPILED", "0")
    with pytest.warns(UserWarning, match="running it as source"):
        assert native._BuildChooser().find_spec("glyphhall.mod", [str(tmp_path)]) is not None


def test_a_compiled_module_whose_source_is_gone_is_never_imported(tmp_path):
    (tmp_path / ("gone" + native._COMPILED_SUFFIXES[0])).write_bytes(b"left over from a build")
    with pytest.raises(ModuleNotFoundError, match="stale compiled module"):
        native._BuildChooser().find_spec("glyphhall.gone", [str(tmp_path)])


def test_the_typed_modules_run_without_cython_installed():
    """Where Cython is not installed, `import cython` fails and the typed modules take their hints
    from glyphhall/engine/nocython.py (no-ops): they import and draw the same."""
    code = ("import sys; sys.modules['cython'] = None\n"
            "import glyphhall.bots.mcts, glyphhall.games.glyfts.heuristic, glyphhall.games.inscription.game\n"
            "import glyphhall.games.glyfts.encoding, glyphhall.games.inscription.encoding\n"
            "import glyphhall.games.tundrus.encoding\n"
            "from glyphhall.engine import Rng, rng\n"
            "assert rng.cython.__name__ == 'glyphhall.engine.nocython'\n"
            "r = Rng(0); items = list(range(9)); r.shuffle(items)\n"
            "print(Rng(0).next64(), r.state, items)")
    pure = {**os.environ, "GLYPHHALL_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", code], env=pure, cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    rng = importlib.import_module("glyphhall.engine").Rng(0)
    items = list(range(9))
    rng.shuffle(items)
    assert done.stdout.strip().split(maxsplit=2) == [str(0xE220A8397B1DCDAF), str(rng.state), str(items)]


def _for_people() -> set[str]:
    """setup.py's FOR_PEOPLE: the modules of the compiled packages left as Python."""
    names = runpy.run_path(str(ROOT / "setup.py"))["FOR_PEOPLE"]  # (its setup() runs only as __main__)
    return {str(ROOT / "glyphhall" / f"{name}.py") for name in names}


@pytest.mark.parametrize("game_id", ["inscription", "tundrus", "glyfts", "heroscape"])
def test_play_search_and_the_environment_never_call_a_module_left_uncompiled(game_id):
    """What setup.py leaves as Python (screens, wording, files) must stay off the hot paths: a
    random playout, a search and environment steps call none of it, else they would run slower
    on the compiled build without anyone seeing why."""
    import numpy as np

    from glyphhall import games
    from glyphhall.bots import ask, make
    from glyphhall.bots.mcts import make_level
    from glyphhall.rl.vector import make_vector_env

    people = _for_people()
    vec = make_vector_env(game_id, 2)
    called: set[str] = set()

    def watch(frame, event, arg):
        if event == "call" and frame.f_code.co_filename in people:
            called.add(frame.f_code.co_filename)

    state = games.get(game_id).new(2, 3, None)
    searcher, chooser = make_level("mcts", 1, iterations=20, seconds=None), make("random", 2)
    obs, _ = vec.reset(seed=3)
    rng = np.random.default_rng(0)
    sys.setprofile(watch)
    try:
        ask(searcher, state, state.to_move()[0])
        for _ in range(150):
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, chooser.choose(state, seat))
        for _ in range(50):
            obs = vec.step(np.array([rng.choice(np.flatnonzero(mask)) for mask in obs["action_mask"]]))[0]
    finally:
        sys.setprofile(None)
        vec.close()
    assert called == set(), f"called while playing: {sorted(called)} (compile them: setup.py's FOR_PEOPLE)"


@pytest.mark.skipif(native.PURE, reason="the pure build never runs a compiled module")
@pytest.mark.filterwarnings("ignore:.*newer than its compiled module")
def test_an_edited_typed_state_makes_the_rules_that_read_it_in_c_run_as_source(tmp_path, monkeypatch):
    """A rule module compiled against a typed state (its .pxd cimports the state's) must not run
    compiled beside the edited state running as source: it runs as source too."""
    monkeypatch.delenv("GLYPHHALL_REQUIRE_COMPILED", raising=False)
    package = tmp_path / "glyphhall" / "game"
    package.mkdir(parents=True)
    for name in ("state", "rules"):
        (package / f"{name}.py").write_text("")
        compiled = package / (name + native._COMPILED_SUFFIXES[0])
        compiled.write_bytes(b"not a real extension")
    (package / "state.pxd").write_text("cdef class S:\n    cdef public int n\n")
    (package / "rules.pxd").write_text("from glyphhall.game.state cimport S\n")
    for path in package.iterdir():
        os.utime(path, (1, 1) if path.suffix in (".py", ".pxd") else (2, 2))  # built after the sources
    chooser = native._BuildChooser()
    assert chooser.find_spec("glyphhall.game.rules", [str(package)]) is None  # compiled
    os.utime(package / "state.pxd", (3, 3))  # the state's fields edited since the build
    spec = chooser.find_spec("glyphhall.game.rules", [str(package)])
    assert spec is not None and spec.origin == str(package / "rules.py")
    os.utime(package / "state.pxd", (1, 1))
    os.utime(package / "state.py", (3, 3))  # the state's code edited: it runs as source, so must the rules
    spec = chooser.find_spec("glyphhall.game.rules", [str(package)])
    assert spec is not None and spec.origin == str(package / "rules.py")


@pytest.mark.skipif(native.PURE, reason="the pure build never runs a compiled module")
def test_an_edited_rule_module_makes_those_calling_its_c_functions_run_as_source(tmp_path, monkeypatch):
    """A module whose .pxd cimports another rule module whole (`cimport package.dice as dice`)
    calls that module's C functions: the other run as source has none, so the caller runs as
    source."""
    monkeypatch.delenv("GLYPHHALL_REQUIRE_COMPILED", raising=False)
    package = tmp_path / "glyphhall" / "game"
    package.mkdir(parents=True)
    for name in ("dice", "turn"):
        (package / f"{name}.py").write_text("")
        (package / (name + native._COMPILED_SUFFIXES[0])).write_bytes(b"not a real extension")
    (package / "dice.pxd").write_text("cpdef int units(int glyph, int want)\n")
    (package / "turn.pxd").write_text("cimport glyphhall.game.dice as dice\n")
    for path in package.iterdir():
        os.utime(path, (1, 1) if path.suffix in (".py", ".pxd") else (2, 2))
    chooser = native._BuildChooser()
    assert chooser.find_spec("glyphhall.game.turn", [str(package)]) is None  # compiled
    os.utime(package / "dice.py", (3, 3))  # the called module edited since the build
    spec = chooser.find_spec("glyphhall.game.turn", [str(package)])
    assert spec is not None and spec.origin == str(package / "turn.py")
