# litman: `make run` sets up and opens the app; `make test` sets up and runs every check.
# scripts/setup.sh installs what each needs (run: Qt's libraries; test: + Xvfb, xdotool, TeX;
# package: + binutils) and .venv from requirements.lock (run: the runtime pins only; test and
# package add their extras' pins, picked by scripts/lock_subset.py).
.PHONY: setup run test test-fast pytest lint fuzz lock bench screenshots package clean

VENV := .venv
PY := $(VENV)/bin/python
# Two pytest workers: the reference machine has 2 cores (`make test JOBS=4` elsewhere); idle
# workers steal queued tests, so a few long ones do not leave one worker waiting.
JOBS ?= 2
# `make fuzz SECONDS=3600`: how long the property tests explore with fresh random seeds.
SECONDS ?= 300
UV_VERSION := 0.13.8

setup:
	@bash scripts/setup.sh test

run:
	@bash scripts/setup.sh run
	$(VENV)/bin/litman

lint: setup
	$(VENV)/bin/ruff check litman tests benchmarks packaging
	$(VENV)/bin/ruff format --check litman tests benchmarks packaging
	$(VENV)/bin/lint-imports
	$(PY) -m mypy

# Every test, the real-display and TeX ones included: a missing tool fails, never skips.
# Coverage (pytest-cov combines the workers') then meets each package's floor or fails:
# scripts/check_coverage.py. No test reads the terminal: stdin is /dev/null, so a program a
# test starts that asks a question gets end-of-file, not a wait. A test that hangs is
# stopped after 20 minutes with its stacks printed (tests/hangs.py).
test: setup lint pytest

pytest: setup
	@status=0; LITMAN_REQUIRE_TOOLS=1 QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n $(JOBS) --dist worksteal \
	  --cov --cov-report= </dev/null || status=$$?; \
	if [ $$status = 5 ]; then echo "make test: pytest collected no tests" >&2; fi; \
	if [ $$status = 0 ]; then $(PY) scripts/check_coverage.py || status=$$?; fi; exit $$status

# The edit-test loop: every test not marked slow (over about a second, or on the PostgreSQL
# server: tests/conftest.py), without lint. `make test` still runs them all.
test-fast: setup
	@QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n $(JOBS) --dist worksteal -m "not slow"

# The Hypothesis properties with random seeds, one run after another, until SECONDS pass;
# a failure stops it with the example to add as an @example.
fuzz: setup
	@bash scripts/fuzz.sh $(SECONDS)

# Re-resolve requirements.lock from pyproject.toml for Linux, macOS and Windows at once (uv's
# --universal; pip-compile locks one platform only). Pins already in the lock are kept where
# pyproject.toml still allows them; `make lock LOCK_FLAGS=--upgrade` takes the newest.
UV := build/uv/bin/uv
lock: $(UV)
	$(UV) pip compile --quiet --universal --generate-hashes --python-version 3.11 \
	  --extra test --extra package $(LOCK_FLAGS) pyproject.toml -o requirements.lock

$(UV):
	python3 -m venv build/uv
	build/uv/bin/python -m pip install -q uv==$(UV_VERSION)

bench: setup
	$(PY) benchmarks/run_all.py

# Re-render the README's screenshots (docs/screenshots/) from a fresh seed library.
screenshots: setup
	QT_QPA_PLATFORM=offscreen $(PY) scripts/screenshots.py

# Build this platform's bundle into dist/ and run its --self-test (packaging/build.py).
package:
	@bash scripts/setup.sh package
	$(PY) packaging/build.py

clean:
	rm -rf build dist benchmarks/out
