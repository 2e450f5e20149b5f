"""The browser client is type-checked and linted (`make lint`: tsc --checkJs and eslint over
glyphhall/web): every module opts in with `// @ts-check` (so editors check it too), tsconfig.json
covers every module, and `make lint` runs both checkers after installing them from the lock file."""

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "glyphhall" / "web"
MODULES = sorted([*(WEB / "js").glob("*.js"), *(WEB / "games").glob("*.js")])


def test_every_client_module_starts_with_ts_check():
    assert len(MODULES) > 20
    unchecked = [p.name for p in MODULES if not p.read_text(encoding="utf-8").startswith("// @ts-check\n")]
    assert not unchecked, f"client modules without // @ts-check on their first line: {unchecked}"


def test_tsconfig_checks_the_client_without_emitting():
    text = re.sub(r"^\s*//.*$", "", (ROOT / "tsconfig.json").read_text(encoding="utf-8"), flags=re.M)
    config = json.loads(text)
    options = config["compilerOptions"]
    assert options["checkJs"] and options["allowJs"] and options["noEmit"]
    assert set(config["include"]) == {"glyphhall/web/js/**/*.js", "glyphhall/web/games/**/*.js"}


def test_make_lint_installs_and_runs_both_checkers():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = makefile.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert "node_modules/.package-lock.json" in lint.splitlines()[0]
    assert "npx --no-install tsc -p ." in lint and "npx --no-install eslint glyphhall/web" in lint
    assert "npm ci" in makefile.split("node_modules/.package-lock.json:", 1)[1].split("\n\n", 1)[0]
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    assert {"typescript", "eslint"} <= set(pins)
    assert (ROOT / "package-lock.json").exists()
