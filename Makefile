# The two commands a newcomer needs: `make report` and `make test`.
# Both create .venv when missing and install the pinned dependencies first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: report test soak check lint types lab bench clean

$(STAMP): requirements.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q "pip==26.3" "setuptools==80.9.0"
	$(BIN)/python -m pip install -q -r requirements.lock
	$(BIN)/python -m pip install -q --no-deps -e .
	touch $(STAMP)

report: $(STAMP)
	$(BIN)/balance run

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadgroup

# The reliability suite at length: 40 kill -9 moments, more fuzzed inputs (minutes, not part of `make test`)
soak: $(STAMP)
	BALANCE_SOAK_KILLS=40 BALANCE_FUZZ_EXAMPLES=400 $(BIN)/python -m pytest -n 2 --dist loadgroup tests/reliability

lint: $(STAMP)
	$(BIN)/ruff check engine simulate warehouse balance recorded tests

types: $(STAMP)
	$(BIN)/mypy engine recorded

check: lint types test

# JupyterLab refuses to run as root unless told to (e.g. in a container)
lab: $(STAMP)
	$(BIN)/jupyter lab notebooks $(if $(filter 0,$(shell id -u)),--allow-root,)

bench: $(STAMP)
	$(BIN)/balance bench

clean:
	rm -rf data reports/*.html $(VENV)
