"""Shared fixtures: the toy game registered under `toy` for CLI tests, and small specs."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from balance import cli as cli_module
from engine.registry import GAMES
from lake.spec import RunSpec

TOY_MODULE = "tests.toygame"
OUR_COMMANDS = ("simulate", "verify", "events", "bench")
Cli = Callable[[list[str]], int]


@pytest.fixture
def toy_registered() -> Iterator[None]:
    """Make `toy` resolvable by the registry (so the CLI can use it) for one test."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, "toy", TOY_MODULE)
        yield


@pytest.fixture
def cli() -> Iterator[Cli]:
    """`balance.cli.main` with only this layer's subcommands (others may be unfinished)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli_module, "COMMANDS", {name: cli_module.COMMANDS[name] for name in OUR_COMMANDS})
        yield cli_module.main


def small_spec(**overrides: object) -> RunSpec:
    """A run of 2x12 toy games in 4 batches of 6."""
    values: dict[str, object] = {
        "game": "toy", "ruleset": "default", "players": (2, 4), "agents": ("random", "greedy"),
        "games": 12, "seed": 7, "batch_size": 6,
    }
    values.update(overrides)
    return RunSpec(**values)  # type: ignore[arg-type]
