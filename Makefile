# The two commands a newcomer needs: `make report` and `make test`.
# Both create .venv when missing and install the pinned dependencies first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# JupyterLab reads default settings from the environment: notebooks/*.py open as notebooks on double-click
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json

.PHONY: report test soak check check-report lint types layers lab bench million clean

$(STAMP): requirements.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q "pip==26.3" "setuptools==80.9.0"
	$(BIN)/python -m pip install -q -r requirements.lock
	$(BIN)/python -m pip install -q --no-deps -e .
	touch $(STAMP)

$(LAB_SETTINGS): jupyter/overrides.json $(STAMP)
	mkdir -p $(dir $(LAB_SETTINGS))
	cp jupyter/overrides.json $(LAB_SETTINGS)

report: $(STAMP) $(LAB_SETTINGS)
	$(BIN)/balance run

# every page of reports/html/ in headless Chromium (Debian: apt-get install chromium): no console errors,
# every image loaded, no sideways scroll at 1,400 px. Run `make report` first.
check-report: $(STAMP)
	BALANCE_REPORTS=reports/html $(BIN)/python -m pytest -p no:xdist tests/report/test_browser.py

test: $(STAMP) $(LAB_SETTINGS)
	$(BIN)/python -m pytest -n 2 --dist loadgroup

# The reliability suite at length: 40 kill -9 moments, more fuzzed inputs (minutes, not part of `make test`)
soak: $(STAMP)
	BALANCE_SOAK_KILLS=40 BALANCE_FUZZ_EXAMPLES=400 $(BIN)/python -m pytest -n 2 --dist loadgroup tests/reliability

lint: $(STAMP)
	$(BIN)/ruff check engine lake simulate recorded warehouse reports show balance tests

types: $(STAMP)
	$(BIN)/mypy engine lake simulate recorded warehouse reports show balance

# the import layers (pyproject.toml [tool.importlinter]): engine < lake < simulate | recorded < warehouse < reports | show < balance
layers: $(STAMP)
	$(BIN)/lint-imports

check: lint types layers test

# JupyterLab refuses to run as root unless told to (e.g. in a container)
lab: $(STAMP) $(LAB_SETTINGS)
	$(BIN)/jupyter lab notebooks $(if $(filter 0,$(shell id -u)),--allow-root,)

bench: $(STAMP)
	$(BIN)/balance bench

# A real million (docs/benchmarks.md): 1,000,000 distinct Caprices games simulated, verified, built, reported;
# time and peak memory of each step (about an hour on 2 cores). GAMES=20000 for a smaller run.
million: $(STAMP)
	$(BIN)/python -m balance.million --games $(or $(GAMES),1000000) --out data/million

clean:
	rm -rf data reports/html $(VENV)
