# Two commands set everything up on a fresh machine that has only python3:
#   make run   - install what is needed and start Glyph Hall
#   make test  - install what the tests need and run the whole suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/glyphhall serve

test: $(VENV)/.installed-dev
	bash scripts/test-deps.sh
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check glyphhall tests bench
	$(BIN)/mypy glyphhall/engine
	$(BIN)/lint-imports

bench: $(VENV)/.installed
	$(BIN)/python bench/playouts.py inscription

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
