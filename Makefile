# Every target creates the virtual environment it needs, so any of them works first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Python may cache compiled modules (`__pycache__`, git-ignored): a shell or CI runner that sets
# PYTHONDONTWRITEBYTECODE makes every pytest worker, CLI subprocess and benchmark compile the
# whole package (and pytest re-rewrite every test's asserts) on each start, ~15 % of `make test`.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: setup demo test test-tables test-slow lint format check bench clean llm-smoke

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/specgap build
	$(BIN)/specgap eval

# The fast default run; long tests (fuzzers, large projects, browsers, real models) are
# marked `slow` and run by `make test-slow`, `make check` and CI. Idle workers steal queued
# tests (`--dist worksteal`): the plain `load` split left one worker with a long tail.
test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --dist worksteal -m "not slow and not tables"

# The probe tables listed in tests/table_tests.txt: sentences written to probe the readings
# (about 4,400 cases, each a whole agent build); `make check` and CI run them beside `make test`.
test-tables: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --dist worksteal -m "tables and not slow"

test-slow: $(STAMP)
	$(BIN)/python -m pytest -q -m slow

# Opt-in: a real small model (llama-cpp-python + gemma3-270m, the `llm-real` extra) behind
# an in-process Ollama-compatible server; prints what the model mined (tens of minutes).
llm-smoke: $(STAMP)
	$(BIN)/python -m pytest -q -s -p no:cacheprovider -m llm_real tests/test_llm_real.py

lint: $(STAMP)
	$(BIN)/ruff check specgap tests benchmarks
	$(BIN)/ruff format --check specgap tests benchmarks
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff check --fix specgap tests benchmarks
	$(BIN)/ruff format specgap tests benchmarks

check: lint test test-tables test-slow

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
