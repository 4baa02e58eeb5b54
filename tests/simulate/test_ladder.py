"""`balance ladder`: every pairing played with rotated seats into the lake, then ratings and the matrix."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from balance import cli as cli_module
from tests.simulate.conftest import Cli

AGENTS = "random,greedy,ismcts:5"


@pytest.fixture
def ladder_cli() -> Iterator[Cli]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli_module, "COMMANDS", {"ladder": cli_module.COMMANDS["ladder"]})
        yield cli_module.main


def test_ladder_plays_every_pairing_and_rates_the_agents(
    ladder_cli: Cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lake, warehouse = tmp_path / "lake", tmp_path / "wh.duckdb"
    args = ["ladder", "--game", "caprices", "--agents", AGENTS, "--games", "4", "--lake", str(lake),
            "--warehouse", str(warehouse), "--workers", "1", "--no-progress"]
    assert ladder_cli(args) == 0
    out = capsys.readouterr().out
    assert out.count(" vs ") == 3 and "ratings, caprices (standard) 2 players" in out
    with duckdb.connect(str(warehouse), read_only=True) as con:
        seats = con.execute("select agents, count(*) from fct_games group by agents order by 1").fetchall()
        ratings = con.execute("select agent, games from met_agent_ratings order by agent").fetchall()
        cells = con.execute("select count(*), sum(n) from met_agent_pairwise").fetchone()
    # each pairing: 4 games, each agent twice in each seat
    assert sorted(tuple(a) for a, _ in seats) == sorted(
        [("random", "greedy"), ("greedy", "random"), ("random", "ismcts:5"), ("ismcts:5", "random"),
         ("greedy", "ismcts:5"), ("ismcts:5", "greedy")])
    assert all(count == 2 for _, count in seats)
    assert ratings == [("greedy", 8), ("ismcts:5", 8), ("random", 8)]
    assert cells == (6, 24)
    assert ladder_cli(args) == 0  # resumed: nothing played twice
    with duckdb.connect(str(warehouse), read_only=True) as con:
        assert con.execute("select count(*) from fct_games").fetchone() == (12,)


@pytest.mark.parametrize(
    ("agents", "extra", "message"),
    [("random", [], "at least two agents"), ("random,random", [], "listed twice"),
     ("random,nobody", [], "no agent 'nobody'"), ("random,greedy", ["--players", "9"], "--players"),
     ("random,ismcts:0", [], "whole number"), ("random,greedy", ["--games", "0"], "--games")],
)
def test_ladder_rejects_bad_arguments_with_a_user_error(
    ladder_cli: Cli, tmp_path: Path, capsys: pytest.CaptureFixture[str], agents: str, extra: list[str], message: str
) -> None:
    args = ["ladder", "--game", "caprices", "--agents", agents, "--games", "2", "--lake", str(tmp_path), *extra]
    assert ladder_cli(args) == 1
    assert message in capsys.readouterr().err
