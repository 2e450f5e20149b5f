"""The typed states (docs/architecture.md, "Where the time goes"): a state class declared in a
`.pxd` beside its `.py` is an extension type in the compiled build, its fields read by the rules
in C. The `.py` stays the reference, so the two must declare the same fields, and a rule module
that asks for typed arguments must really get them compiled."""

from __future__ import annotations

import ast
import importlib
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PXDS = sorted((ROOT / "glyphhall").rglob("*.pxd"))
DIRECTIVE = "# cython: annotation_typing=True"


def _pxd_classes(pxd: Path) -> dict[str, set[str]]:
    """Each `cdef class` of a .pxd and the names of the fields it declares."""
    classes: dict[str, set[str]] = {}
    current = None
    for line in pxd.read_text().splitlines():
        line = line.partition("#")[0]
        if m := re.match(r"cdef class (\w+)", line):
            current = classes.setdefault(m.group(1), set())
        elif current is not None and (m := re.match(
                r"\s+cdef (?:public |readonly )?(?:(?:unsigned|signed|long|short) )*[\w.]+ (\w[\w, ]*)$", line.rstrip())):
            current.update(name.strip() for name in m.group(1).split(","))
    return classes


def _declared_fields(source: Path, class_name: str) -> set[str]:
    """The fields a class of a .py declares: the names annotated in its body (`name: type`,
    ClassVars left out), else its `__slots__`."""
    tree = ast.parse(source.read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    annotated = {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
                 and "ClassVar" not in ast.unparse(n.annotation)}
    slots = [n.value for n in cls.body if isinstance(n, ast.Assign) and [ast.unparse(t) for t in n.targets] == ["__slots__"]]
    return annotated or set(ast.literal_eval(slots[0]))


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


@pytest.mark.parametrize("pxd", [p for p in PXDS if _pxd_classes(p)], ids=_module)
def test_a_typed_class_declares_the_fields_of_its_python_source(pxd):
    """A field only in the .py would still work in the pure build but not compiled (or live in a
    dict the clone does not copy); a field only in the .pxd would be missing in the pure build."""
    for name, fields in _pxd_classes(pxd).items():
        assert fields == _declared_fields(pxd.with_suffix(".py"), name), f"{name} in {pxd.name}"


def _typed_modules() -> list[Path]:
    return sorted(p for p in (ROOT / "glyphhall").rglob("*.py") if p.read_text().startswith(DIRECTIVE))


def _state_first_rules(source: Path) -> list[ast.FunctionDef]:
    """The module's functions whose first argument is annotated as a state."""
    tree = ast.parse(source.read_text())
    return [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.args.args
            and n.args.args[0].annotation is not None and ast.unparse(n.args.args[0].annotation).endswith("State")]


def _cimports_a_class(pxd: Path) -> bool:
    """A .pxd that cimports a typed class (a game's `game.pxd` cimports only C functions)."""
    return any(_pxd_classes(other) for other in PXDS if re.search(
        rf"^from {re.escape(_module(other))} cimport", pxd.read_text(), re.M))


def test_a_rule_module_with_a_pxd_types_its_annotations_and_the_other_way_round():
    """A rule module's .pxd cimports the typed classes its annotations name, and the directive at
    the top of its .py makes those annotations C types: one without the other buys nothing. (The
    search's modules, bots/, name their typed locals in `@cython.locals` instead: the tree's
    nodes, among annotations of abstract types that must stay Python objects.)"""
    games = ROOT / "glyphhall" / "games"
    rule_pxds = {p.with_suffix(".py") for p in PXDS
                 if p.is_relative_to(games) and not _pxd_classes(p) and _cimports_a_class(p)}
    assert rule_pxds, "no rule module cimports a typed state"
    typed = set(_typed_modules())
    assert rule_pxds <= typed, f"a .pxd without the directive: {sorted(rule_pxds - typed)}"
    assert typed <= {p.with_suffix(".py") for p in PXDS}, f"the directive without a .pxd: {typed}"


def _placeholder(arg: ast.arg) -> object:
    """A value for a rule's other argument: 0 where it is a C integer (None would be refused
    first, for that), else None."""
    annotation = ast.unparse(arg.annotation) if arg.annotation is not None else ""
    return 0 if annotation in ("cython.int", "cython.Py_ssize_t") else None


@pytest.mark.skipif(not os.environ.get("GLYPHHALL_REQUIRE_COMPILED"), reason="the compiled run's check")
def test_every_typed_module_s_rules_take_only_the_typed_state():
    """Compiled, a rule that takes the state reads its fields in C, so it refuses anything else
    at the call (the pure build would fail later, on the first field it reads)."""
    checked = []
    for source in _typed_modules():
        rules = _state_first_rules(source)
        if not rules:
            continue
        function = getattr(importlib.import_module(_module(source)), rules[0].name)
        with pytest.raises(TypeError, match="incorrect type"):
            function(object(), *[_placeholder(arg) for arg in rules[0].args.args[1:]])
        checked.append(source.name)
    assert len(checked) > 30, checked


def test_a_module_cimported_whole_is_named_in_full():
    """`cimport package.module as module`, never `from package cimport module`: Cython's build
    misses the second when it decides what to rebuild, so an edited .pxd would leave the modules
    calling its C functions built against the old one (and running as source from then on)."""
    for pxd in PXDS:
        for package in re.findall(r"^from\s+([\w.]+)\s+cimport", pxd.read_text(), re.M):
            path = ROOT.joinpath(*package.split("."))
            # a module may share its name with a folder beside it (Tundrus' data.py and data/)
            is_package = path.is_dir() and not path.with_suffix(".pxd").exists()
            assert not is_package, f"{pxd.name}: from {package} cimport ..."
