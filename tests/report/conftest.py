"""One tiny study played, built and reported once per test worker, shared by the report tests."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from balance.cli import main

TINY_STUDY = """
[defaults]
seed = 11
batch_size = 100

[[run]]
game = "caprices"
players = [2, 3, 4, 5]
agents = ["random"]
games = 40

[[run]]
game = "caprices"
players = [2, 4]
agents = ["random", "greedy"]
games = 6

# the default study's assumptions screen in small: every assumed value against its alternative (random play:
# the tiny study has no [strong] table)
[[assumptions]]
game = "caprices"
agent = "random"
players = [3]
games = 4
batch_size = 4
"""


@pytest.fixture(scope="session")
def study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny study played, built and reported by `balance run` (executes every notebook once)."""
    root = tmp_path_factory.mktemp("study")
    (root / "study.toml").write_text(TINY_STUDY)
    args = ["run", "--study", str(root / "study.toml"), "--lake", str(root / "lake"),
            "--warehouse", str(root / "wh.duckdb"), "--out", str(root / "reports"), "--no-progress"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(args) == 0
    (root / "run.log").write_text(out.getvalue(), encoding="utf-8")  # what the first run printed
    return root
