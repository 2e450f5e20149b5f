"""No module in glyphhall/ is over 600 lines: a module that grows past it has outgrown one job
and is split by responsibility (the team's standard; issue 13)."""

from pathlib import Path

import glyphhall

LIMIT = 600
PACKAGE = Path(glyphhall.__file__).parent


def _lines(path: Path) -> int:
    with path.open("rb") as f:
        return sum(1 for _ in f)


def test_no_module_is_over_the_limit():
    too_long = {str(path.relative_to(PACKAGE)): n for path in sorted(PACKAGE.rglob("*.py"))
                if (n := _lines(path)) > LIMIT}
    assert not too_long, f"modules over {LIMIT} lines (split them by responsibility): {too_long}"
