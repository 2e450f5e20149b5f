"""Every rule statement in a game's README rule table names a scenario test that exists (issue 31).

A rule table is a Markdown table whose last column is headed "scenario tests". Each row names, in
backticks, at least one test function: `test_name`, `test_file.py::test_name`, or a prefix ending
in "..." (`test_first_turn_draws...`) that some test starts with. Files named alone
(`test_costs.py`) may follow, but a row needs a test function."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("inscription", "tundrus", "glyfts", "heroscape", "glyphs")
_DEF = re.compile(r"^\s*def (test_\w+)", re.M)
_TICKED = re.compile(r"`([^`]+)`")


def _tests() -> dict[str, set[str]]:
    """Test function names by file name, over the whole suite."""
    return {path.name: set(_DEF.findall(path.read_text())) for path in (ROOT / "tests").rglob("test_*.py")}


def _rows(readme: Path) -> list[tuple[str, str]]:
    """(rule, tests cell) of each row of the README's rule tables."""
    rows, in_table = [], False
    for line in readme.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if not cells:
            in_table = False
        elif cells[-1].lower() == "scenario tests":
            in_table = True
        elif in_table and not set(cells[0]) <= set("-: "):
            rows.append((cells[0], cells[-1]))
    return rows


def _named(cell: str, tests: dict[str, set[str]]) -> tuple[list[str], list[str]]:
    """The test functions a cell names that exist, and the names in it that name nothing."""
    found, missing = [], []
    everything = set().union(*tests.values())
    for name in _TICKED.findall(cell):
        if "::" in name:
            file, func = name.split("::", 1)
            ok = any(f.startswith(func.removesuffix("...")) for f in tests.get(file, ()))
            (found if ok else missing).append(name)
        elif name.endswith(".py"):
            if not any(f.endswith(name.removeprefix("...")) for f in tests):
                missing.append(name)
        elif name.startswith("test_"):
            ok = any(f.startswith(name.removesuffix("...")) for f in everything) if name.endswith("...") \
                else name in everything
            (found if ok else missing).append(name)
    return found, missing


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_names_a_scenario_test_that_exists(game):
    readme = ROOT / "glyphhall" / "games" / game / "README.md"
    rows = _rows(readme)
    assert len(rows) >= 10, f"{game}'s README has no rule table with a 'scenario tests' column"
    tests = _tests()
    problems = []
    for rule, cell in rows:
        found, missing = _named(cell, tests)
        if missing:
            problems.append(f"{rule[:60]!r}: no test {', '.join(missing)}")
        elif not found:
            problems.append(f"{rule[:60]!r}: names no test function")
    assert not problems, f"{game} README:\n" + "\n".join(problems)


def test_a_row_naming_a_missing_test_is_caught():
    tests = {"test_a.py": {"test_one", "test_two_things"}}
    assert _named("`test_one`, `test_two...`", tests) == (["test_one", "test_two..."], [])
    assert _named("`test_a.py::test_three`", tests) == ([], ["test_a.py::test_three"])
    assert _named("`test_b.py`", tests) == ([], ["test_b.py"])
