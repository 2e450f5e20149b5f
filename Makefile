# Two commands set everything up on a fresh machine that has only python3:
#   make run   - install what is needed and start Glyph Hall
#   make test  - install what the tests need and run the whole suite
PYTHON ?= python3
VENV   := .venv
# Python caches each module's bytecode (git ignores it): the suite starts hundreds of processes
# (servers, terminals, bot workers), and each would compile the project again where the machine
# sets PYTHONDONTWRITEBYTECODE; pytest's rewritten test modules are cached the same way.
unexport PYTHONDONTWRITEBYTECODE
BIN    := $(VENV)/bin

# `make test` runs the suite on the pure-Python build (the reference), then on the compiled build
# the tests of the code it compiles: the engine, the bots, the rules of the four compiled games,
# their wording and tensors, and shared luck, whose keys differ where the games are compiled (the
# rest, whose own code is not compiled, runs once; so do the Glyphs cases of those folders,
# tests/conftest.py). The compiled
# build is made at the lowest priority while the pure suite runs, in the time the tests leave idle.
# `make test BUILDS=pure` runs only the first; PYTEST_ARGS, when given, selects for both.
BUILDS ?= pure compiled
COMPILED_TESTS ?= tests/engine tests/games tests/bots tests/playthroughs tests/conformance tests/wording \
	tests/rl tests/arena/test_luck.py tests/arena/test_luck_adjusted.py tests/test_compiled_build.py \
	--ignore=tests/games/glyphs
# Tests run in parallel (pytest-xdist): a worker per core, four at most; each browser test file
# stays on one worker (tests/browser/conftest.py), so its server and Chromium start once.
JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); [ $$n -gt 4 ] && n=4; echo $$n)
PYTEST := $(BIN)/python -m pytest -n $(JOBS) --dist loadgroup --durations=15

.PHONY: run test lint bench compile compile-background install-dev clean playthroughs

# The browser client's checkers (TypeScript's tsc --checkJs and eslint, pinned in package.json and
# package-lock.json): installed again whenever the lock file changes. No build step; nothing emitted.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall whenever pyproject.toml or setup.py changes. The install itself stays pure Python
# (quick); `compile` then builds the compiled modules in place, only those whose sources changed.
$(VENV)/.installed: pyproject.toml setup.py | $(BIN)/python
	GLYPHHALL_PURE=1 $(BIN)/pip install --quiet -e '.[compile]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml setup.py | $(BIN)/python
	GLYPHHALL_PURE=1 $(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

# The server starts at once on the pure build; the compiled one is made in the background and
# taken up by the bot workers when it is ready (scripts/compile.py).
run: $(VENV)/.installed
	@$(BIN)/python scripts/compile.py --background
	$(BIN)/glyphhall serve

test: $(VENV)/.installed-dev node_modules/.package-lock.json
	bash scripts/test-deps.sh
	@case " $(BUILDS) " in *" compiled "*) $(BIN)/python scripts/compile.py --background --quiet;; esac
	@for build in $(BUILDS); do \
	  if [ $$build = pure ]; then \
	    echo "== the suite on the pure-Python build (GLYPHHALL_PURE=1)"; \
	    GLYPHHALL_PURE=1 $(PYTEST) $(PYTEST_ARGS) || exit $$?; \
	  else \
	    $(MAKE) --no-print-directory compile || exit $$?; \
	    if ls glyphhall/engine/game.*.so >/dev/null 2>&1; then \
	      echo "== the suite on the compiled build"; \
	      GLYPHHALL_REQUIRE_COMPILED=1 $(PYTEST) $(or $(PYTEST_ARGS),$(COMPILED_TESTS)) || exit $$?; \
	    else echo "== no compiled build on this machine (no C compiler?): only the pure suite ran"; fi; \
	  fi; \
	done

lint: $(VENV)/.installed-dev node_modules/.package-lock.json
	$(BIN)/ruff check glyphhall tests bench
	$(BIN)/mypy glyphhall
	$(BIN)/lint-imports
	BIN=$(BIN) bash scripts/check-deploy.sh
	npx --no-install tsc -p .
	npx --no-install eslint glyphhall/web

# Build the compiled modules whose sources changed, in place beside the .py files (Cython and a
# C compiler; without them it says so and the pure modules run).
compile: $(VENV)/.installed
	@echo "compiling the rules and the search (the first time takes a few minutes)"
	$(BIN)/python scripts/compile.py

# What lint and test both need, installed once (CI installs it first, then runs the two side by side).
install-dev: $(VENV)/.installed-dev node_modules/.package-lock.json

# Start the compiled build at the lowest priority and return (CI starts it before `make lint`, so
# it uses the core that the single-threaded checkers leave idle; `make test` then finds it under way).
compile-background: $(VENV)/.installed-dev
	@$(BIN)/python scripts/compile.py --background --quiet

# Write the golden playthroughs (tests/playthroughs/) again, on the pure build, when play is meant
# to change; review their diff in the commit. `make playthroughs GAMES="glyfts heroscape"` for some.
playthroughs: $(VENV)/.installed-dev
	GLYPHHALL_PURE=1 $(BIN)/python scripts/playthroughs.py $(GAMES)

bench: $(VENV)/.installed
	$(BIN)/python bench/engine/playouts.py inscription

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache build
	find glyphhall \( -name '*.so' -o -name '*.c' \) -delete
	rm -f glyphhall/.compiled-build
