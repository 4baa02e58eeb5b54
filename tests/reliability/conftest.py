"""Shared pieces of the reliability suite: a pristine toy-game lake and the CLI with `toy` registered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.registry import GAMES
from simulate.runner import run
from tests.simulate.conftest import small_spec
from tests.toygame import GAME

TOY_MODULE = "tests.toygame"


@pytest.fixture
def toy_game() -> Iterator[None]:
    """`toy` resolvable by the registry (the CLI and verify's workers look games up by id)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, "toy", TOY_MODULE)
        yield


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Run `t`: 24 toy games (2 and 4 players), 4 part files of 6 games, seed 7."""
    lake = tmp_path_factory.mktemp("pristine")
    run(small_spec(run_id="t"), lake, workers=1, progress=False, game=GAME)
    return lake


@pytest.fixture(scope="module")
def other_seed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same run id and spec but seed 8: its games look genuine but are not run `t`'s."""
    lake = tmp_path_factory.mktemp("other_seed")
    run(small_spec(run_id="t", seed=8), lake, workers=1, progress=False, game=GAME)
    return lake


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes (to prove a command left the lake unchanged)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
            and p.name != "lock"}
