# litman: `make run` sets up and opens the app; `make test` sets up and runs every check.
.PHONY: setup run test lint bench screenshots package clean

VENV := .venv
PY := $(VENV)/bin/python

setup:
	@bash scripts/setup.sh

run: setup
	$(VENV)/bin/litman

lint: setup
	$(VENV)/bin/ruff check litman tests benchmarks packaging
	$(VENV)/bin/ruff format --check litman tests benchmarks packaging
	$(VENV)/bin/lint-imports
	$(PY) -m mypy

test: lint
	@bash scripts/setup.sh --test
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: setup
	$(PY) benchmarks/run_all.py

# Build this platform's bundle into dist/ and run its --self-test (packaging/build.py).
package: setup
	@$(PY) -c "import PyInstaller" 2>/dev/null || $(PY) -m pip install -q -e '.[package]'
	$(PY) packaging/build.py

clean:
	rm -rf build dist benchmarks/out
