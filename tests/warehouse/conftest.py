"""Fixtures: a small hand-made lake (caprices contract + a toy second game) and its warehouse."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.warehouse.fake_events import write_fake_run
from warehouse.build import build

AGENTS = ("random", "greedy")


def lineups(n: int, seed: int) -> list[tuple[str, ...]]:
    """Mixed player counts and agent line-ups (some uniform, some mixed)."""
    rng = random.Random(seed)
    return [tuple(rng.choice(AGENTS) for _ in range(rng.choice((2, 3, 4, 5)))) for _ in range(n)]


@pytest.fixture(scope="session")
def fake_lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lake = tmp_path_factory.mktemp("lake")
    write_fake_run(lake, "caprices", "cap-a", lineups(200, 1), seed=1)
    write_fake_run(lake, "caprices", "cap-b", lineups(150, 2), seed=2)
    write_fake_run(lake, "toy", "toy-a", lineups(120, 3), seed=3)
    return lake


@pytest.fixture(scope="session")
def fake_warehouse(fake_lake: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wh") / "warehouse.duckdb"
    build(fake_lake, path)
    return path


@pytest.fixture(scope="session")
def engine_lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small lake of real caprices games, written by the simulator (random and mixed line-ups)."""
    from lake.spec import RunSpec
    from simulate.runner import run

    lake = tmp_path_factory.mktemp("engine_lake")
    for agents, games in ((("random",), 60), (("random", "greedy"), 10)):
        spec = RunSpec("caprices", "standard", (2, 3, 4, 5), agents, games, seed=7, batch_size=100)
        run(spec, lake, workers=1, progress=False)
    return lake


@pytest.fixture(scope="session")
def engine_warehouse(engine_lake: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("engine_wh") / "warehouse.duckdb"
    build(engine_lake, path)
    return path


@pytest.fixture(scope="session", params=["fake", "engine"])
def lake_pair(request: pytest.FixtureRequest) -> tuple[Path, Path]:
    """(lake, warehouse) for the hand-made lake and for a lake of real engine games."""
    name = request.param
    return request.getfixturevalue(f"{name}_lake"), request.getfixturevalue(f"{name}_warehouse")


@pytest.fixture(scope="session")
def every_model_lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small lake from which every model is built (warehouse.sample_lake)."""
    from warehouse.sample_lake import write_sample_lake

    return write_sample_lake(tmp_path_factory.mktemp("every_model_lake"))


@pytest.fixture(scope="session")
def every_model_warehouse(every_model_lake: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("every_model_wh") / "warehouse.duckdb"
    build(every_model_lake, path)
    return path
