# litman: `make run` sets up and opens the app; `make test` sets up and runs every check.
.PHONY: setup run test lint bench screenshots package clean

VENV := .venv
PY := $(VENV)/bin/python

setup:
	@bash scripts/setup.sh

run: setup
	$(VENV)/bin/litman

lint: setup
	$(VENV)/bin/ruff check litman tests benchmarks
	$(VENV)/bin/ruff format --check litman tests benchmarks
	$(VENV)/bin/lint-imports

test: setup lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: setup
	$(PY) benchmarks/run_all.py

clean:
	rm -rf build dist benchmarks/out
