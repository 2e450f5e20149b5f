"""Which build runs: the compiled modules (Cython, built beside their sources by setup.py) or the
pure-Python ones, which are always the reference.

A compiled module is used unless `GLYPHHALL_PURE=1` is set, or it is older than its .py file
or a module it reaches in C (a typed state it reads, a module whose C functions it calls:
`edited_since_built`): an edit since the last build runs, as source, and a warning says to
rebuild (with `GLYPHHALL_REQUIRE_COMPILED=1`, as the compiled test run and measurements set it,
the import fails instead). A compiled module whose source is gone (moved or deleted since the
build) is never imported."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import re
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PURE = os.environ.get("GLYPHHALL_PURE", "") not in ("", "0")
_COMPILED_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


class _BuildChooser(importlib.abc.MetaPathFinder):
    """Finds `glyphhall.*` modules: the source where it must win, else the default search
    (which prefers a compiled module beside its source)."""

    def __init__(self) -> None:
        self.stale: list[str] = []

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        if path is None or not fullname.startswith("glyphhall."):
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            source = Path(entry, leaf + ".py")
            compiled = _compiled_beside(source)
            if not source.is_file():
                if compiled:  # its source was moved or deleted since the build: never run it
                    raise ModuleNotFoundError(f"no module named {fullname!r} (only a stale compiled "
                                              f"module {compiled.name} is left; make clean)", name=fullname)
                continue
            if not compiled:
                return None
            root = source.parents[fullname.count(".")]  # the folder holding the top package
            if not PURE and not edited_since_built(source, compiled, root):
                return None
            if not PURE:
                edited = f"{source} (or a module it reaches in C) is newer than its compiled module"
                if os.environ.get("GLYPHHALL_REQUIRE_COMPILED", "") not in ("", "0"):
                    raise ImportError(f"{edited}, and the compiled build is required (make compile rebuilds)",
                                      name=fullname)
                self.stale.append(fullname)
                warnings.warn(f"{edited}; running it as source (make compile rebuilds)", stacklevel=2)
            return importlib.util.spec_from_file_location(fullname, source)
        return None


_CIMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+cimport|cimport\s+([\w.]+))", re.MULTILINE)


def _compiled_beside(source: Path) -> Path | None:
    """The compiled module built beside a source, if there is one."""
    return next((c for c in (source.with_name(source.stem + s) for s in _COMPILED_SUFFIXES) if c.is_file()), None)


def edited_since_built(source: Path, compiled: Path, root: Path, seen: frozenset[Path] = frozenset()) -> bool:
    """Whether a compiled module is older than what it was compiled from: its .py and .pxd, and
    the modules its .pxd cimports (docs/architecture.md): typed states it reads in C, rule
    modules whose C functions it calls. Such a module runs as source too when one of those was
    edited (or is not compiled at all): compiled, it would find that state's class running as
    source, not the one it was built for, or no C function to call.
    `root`: the folder holding the top package, where cimported names are looked up."""
    built = compiled.stat().st_mtime
    pxd = source.with_suffix(".pxd")
    if any(path.is_file() and path.stat().st_mtime > built for path in (source, pxd)):
        return True
    if not pxd.is_file():
        return False
    for match in _CIMPORT.finditer(pxd.read_text()):
        other = root.joinpath(*(match.group(1) or match.group(2)).split(".")).with_suffix(".py")
        if not other.is_file() or other in seen or other == source:
            continue  # (Cython's own cimports, `cython` or `libc`, are not glyphhall modules)
        other_compiled = _compiled_beside(other)
        if (other_compiled is None or other.with_suffix(".pxd").stat().st_mtime > built
                or edited_since_built(other, other_compiled, root, seen | {source})):
            return True
    return False


def install() -> None:
    """Put the chooser first on the import path (once)."""
    if not any(isinstance(f, _BuildChooser) for f in sys.meta_path):
        sys.meta_path.insert(0, _BuildChooser())


def is_compiled(module: ModuleType) -> bool:
    return str(getattr(module, "__file__", "") or "").endswith(_COMPILED_SUFFIXES)


def compiled_modules() -> list[str]:
    """The names of the loaded `glyphhall` modules that run compiled."""
    return sorted(name for name, m in list(sys.modules.items())
                  if name.startswith("glyphhall.") and m is not None and is_compiled(m))


#: Written by scripts/compile.py once a whole compiled build is in place beside the sources.
BUILD_STAMP = Path(__file__).resolve().parent / ".compiled-build"


def build_stamp() -> str | None:
    """The stamp of the compiled build now in place (None: none yet, or the pure build is forced).
    A process pool started before it changed runs older code: the server's bot pool compares
    it to start fresh workers on a build finished while the server runs."""
    if PURE:
        return None
    try:
        return BUILD_STAMP.read_text().strip() or None
    except OSError:
        return None
