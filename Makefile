# The two commands a newcomer needs: `make report` and `make test`.
# Both create .venv when missing and install pinned, hashed dependencies first (requirements/*.lock):
# `make report` the runtime and JupyterLab (report.lock), `make test` also the test tools and every extra (test.lock).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install -q --require-hashes
STAMP := $(VENV)/.installed
# each install step says what it installs, then every 10 s that it is still busy (pip -q is silent for minutes)
BEAT := sh requirements/heartbeat.sh
TEST_STAMP := $(VENV)/.installed-test
BENCH_STAMP := $(VENV)/.installed-bench
# JupyterLab reads default settings from the environment: notebooks/*.py open as notebooks on double-click
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json
# the compiled search kernels (setup.py): rebuilt in place whenever their Cython or C sources change
KERNEL_SOURCES := $(shell find engine -path '*/kernel/*' \( -name '*.pyx' -o -name '*.pxd' -o -name '*.pxi' -o -name '*.h' -o -path '*/kernel/c/*.c' \))
KERNEL_STAMP := $(VENV)/.built-kernels

.PHONY: report test soak check check-report lint types layers lab bench million locks clean

# the editable install builds with the pinned setuptools of build.lock (no isolated build fetching the latest)
$(STAMP): requirements/build.lock requirements/report.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BEAT) "installing requirements/build.lock: $$(grep -c == requirements/build.lock) pinned packages, the build tools" $(PIP) -r requirements/build.lock
	$(BEAT) "installing requirements/report.lock: $$(grep -c == requirements/report.lock) pinned packages, the runtime and JupyterLab" $(PIP) -r requirements/report.lock
	$(BEAT) "installing boardgame-balance itself, editable (no download)" $(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	touch $(STAMP)

$(KERNEL_STAMP): $(STAMP) setup.py $(KERNEL_SOURCES)
	$(BEAT) "compiling the search kernels (setup.py build_ext)" $(BIN)/python setup.py -q build_ext --inplace
	touch $(KERNEL_STAMP)

$(TEST_STAMP): $(KERNEL_STAMP) requirements/test.lock
	$(BEAT) "installing requirements/test.lock: $$(grep -c == requirements/test.lock) pinned packages, the test tools and every extra" $(PIP) -r requirements/test.lock
	touch $(TEST_STAMP)

$(BENCH_STAMP): $(STAMP) requirements/bench.lock
	$(BEAT) "installing requirements/bench.lock: $$(grep -c == requirements/bench.lock) pinned packages, the benchmark's peer eventsourcing" $(PIP) -r requirements/bench.lock
	touch $(BENCH_STAMP)

$(LAB_SETTINGS): jupyter/overrides.json $(STAMP)
	mkdir -p $(dir $(LAB_SETTINGS))
	cp jupyter/overrides.json $(LAB_SETTINGS)

report: $(KERNEL_STAMP) $(LAB_SETTINGS)
	$(BIN)/balance run

# every page of reports/html/ in headless Chromium (Debian: apt-get install chromium): no console errors,
# every image loaded, no sideways scroll at 1,400 px. Run `make report` first.
check-report: $(TEST_STAMP)
	BALANCE_REPORTS=reports/html $(BIN)/python -m pytest -p no:xdist tests/report/test_browser.py

test: $(TEST_STAMP) $(LAB_SETTINGS)
	$(BIN)/python -m pytest -n 2 --dist loadgroup

# The reliability suite at length: 40 kill -9 moments, more fuzzed inputs (minutes, not part of `make test`)
soak: $(TEST_STAMP)
	BALANCE_SOAK_KILLS=40 BALANCE_FUZZ_EXAMPLES=400 $(BIN)/python -m pytest -n 2 --dist loadgroup tests/reliability

lint: $(TEST_STAMP)
	$(BIN)/ruff check engine lake simulate recorded warehouse reports show balance tests

types: $(TEST_STAMP)
	$(BIN)/mypy engine lake simulate recorded warehouse reports show balance

# the import layers (pyproject.toml [tool.importlinter]): engine < lake < simulate | recorded < warehouse < reports | show < balance
layers: $(TEST_STAMP)
	$(BIN)/lint-imports

check: lint types layers test

# JupyterLab refuses to run as root unless told to (e.g. in a container)
lab: $(KERNEL_STAMP) $(LAB_SETTINGS)
	$(BIN)/jupyter lab notebooks $(if $(filter 0,$(shell id -u)),--allow-root,)

bench: $(BENCH_STAMP) $(KERNEL_STAMP)
	$(BIN)/balance bench

# A real million (docs/benchmarks.md): 1,000,000 distinct Caprices games simulated, verified, built, reported;
# time and peak memory of each step (about an hour on 2 cores). GAMES=20000 for a smaller run.
million: $(KERNEL_STAMP)
	$(BIN)/python -m balance.million --games $(or $(GAMES),1000000) --out data/million

# Re-resolve the locks after a change to pyproject.toml's dependencies; each lock's current pins are kept
# (uv prefers them: delete a line to upgrade that package). uv runs from a scratch venv inside .venv/tools, not the project's.
UV := $(VENV)/tools/bin/uv
LOCK := $(UV) pip compile -q --generate-hashes --python-version 3.11.7 --custom-compile-command "make locks"
locks:
	test -x $(UV) || ($(PYTHON) -m venv $(VENV)/tools && $(VENV)/tools/bin/python -m pip install -q "uv==0.13.8")
	$(LOCK) pyproject.toml --all-extras -o requirements/test.lock
	$(LOCK) pyproject.toml --extra lab -c requirements/test.lock -o requirements/report.lock
	$(LOCK) pyproject.toml --extra bench -c requirements/test.lock -o requirements/bench.lock
	$(LOCK) requirements/build.in -o requirements/build.lock

clean:
	rm -rf data reports/html $(VENV) build
	find engine -path '*/kernel/*' \( -name '*.so' -o \( -name '*.c' -not -path '*/kernel/c/*' \) \) -delete
