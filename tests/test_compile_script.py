"""scripts/compile.py: built modules reach their place whole, by rename, and only once."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("compile_script", ROOT / "scripts" / "compile.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_built_modules_move_beside_their_sources_once(tmp_path):
    staging, root = tmp_path / "staging", tmp_path / "tree"
    (staging / "glyphhall" / "engine").mkdir(parents=True)
    (root / "glyphhall" / "engine").mkdir(parents=True)
    (staging / "glyphhall" / "engine" / "game.so").write_bytes(b"new build")
    (root / "glyphhall" / "engine" / "game.py").write_text("# the source\n")
    compile_script = _script()

    assert compile_script.move_into_place(staging, root) == 1
    placed = root / "glyphhall" / "engine" / "game.so"
    assert placed.read_bytes() == b"new build"
    assert not list(root.rglob("*.partial")), "a half-copied file was left behind"
    assert compile_script.move_into_place(staging, root) == 0, "an unchanged module was copied again"


def test_a_second_background_build_leaves_the_first_alone(tmp_path, monkeypatch, capsys):
    import fcntl

    compile_script = _script()
    monkeypatch.setattr(compile_script, "LOCK", tmp_path / "compile.lock")
    with open(tmp_path / "compile.lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert compile_script.build(jobs=1, wait=False) == 0
    assert "already under way" in capsys.readouterr().out
