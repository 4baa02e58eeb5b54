"""The gardens report notebook, the tile-use timing metric and the study's tile-value step."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import duckdb
import pyarrow.dataset as ds
import pytest

from lake.spec import RunSpec
from reports.render import NOTEBOOKS_DIR as NOTEBOOKS
from reports.render import build_reports, notebooks_for
from simulate.runner import run
from simulate.tile_run import run_step, study_steps
from simulate.tile_value import TileValueSpec
from warehouse.build import build
from warehouse.display_names import Names

STUDY = """
[defaults]
seed = 4

[[run]]
game = "gardens"
players = [2]
agents = ["random"]
games = 2

[[tile_value]]
ruleset = "base"
players = 2
games = 2
rollouts = 2
"""


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lake = tmp_path_factory.mktemp("gardens_report_lake")
    for ruleset, agents in (("base", ("random",)), ("gods-caprice", ("greedy",))):
        run(RunSpec("gardens", ruleset, (2, 3), agents, 8, seed=9, batch_size=100), lake, workers=1, progress=False)
    run_step(TileValueSpec("base", 2, games=3, rollouts=2, seed=1, pairs=2), lake)
    run_step(TileValueSpec("base", 2, games=4, rollouts=2, seed=1, agents=("random",)), lake)  # sensitivity line
    return lake


@pytest.fixture(scope="module")
def warehouse(lake: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("gardens_report_wh") / "warehouse.duckdb"
    build(lake, path)
    return path


def test_tile_use_timing_counts_every_use_but_sabotage_expiry(lake: Path, warehouse: Path) -> None:
    rows = ds.dataset(lake / "events" / "game=gardens", format="parquet", partitioning="hive").to_table(
        filter=ds.field("event_type") == "tile_used").to_pylist()
    expected = Counter(r["tile"] for r in rows if r["option"] != "removed")
    assert expected  # greedy Caprice games use tiles
    with duckdb.connect(str(warehouse), read_only=True) as con:
        metric = con.execute("select tile, n, round_lo, round_mean, round_hi, fraction_mean "
                             "from met_gardens_tile_use_timing where ruleset = 'gods-caprice'").fetchall()
    assert {tile: n for tile, n, *_ in metric} == dict(expected)
    for _tile, n, lo, mean, hi, fraction in metric:
        assert 0 < fraction <= 1
        if n > 1:
            assert lo <= mean <= hi


def test_gardens_notebook_runs_into_an_html_report(warehouse: Path, tmp_path: Path) -> None:
    assert [p.stem for p in notebooks_for(["gardens"])] == ["overview", "gardens"]
    only_gardens = tmp_path / "notebooks"  # the overview has its own tests; run just this notebook
    only_gardens.mkdir()
    shutil.copy(NOTEBOOKS / "gardens.py", only_gardens / "gardens.py")
    reports = {r.name: r.html for r in build_reports(warehouse, tmp_path / "reports", only_gardens)}
    page = reports["gardens"].read_text()
    with duckdb.connect(str(warehouse), read_only=True) as con:
        names = Names.from_warehouse(con)
    assert "data:image/png;base64" in page and "Traceback" not in page
    assert "Choosing X instead of Y at the same decision" in page and "Foresight:" in page
    assert "Conditions: agents greedy,greedy" in page and "assumed tile values: bonus." in page
    assert "value of owning" in page.lower() or "Owning" in page
    with duckdb.connect(str(warehouse), read_only=True) as con:
        sensitivity = con.execute("select count(*) from met_gardens_tile_sensitivity").fetchone()[0]
    assert sensitivity > 0 and page.count("Sensitivity, agents random,random:") == sensitivity
    assert " direction" in page and "no second line-up measured" not in page
    # the seat charts come one per ruleset (a ruleset is its own game), each from its verdicts' rows
    seat_titles = re.findall(r"<strong>([^<]+)</strong>: seat win rates under (\w+)", page)
    assert sorted(seat_titles) == sorted([(names.ruleset("base"), "random"), (names.ruleset("gods-caprice"), "greedy")])
    # gardens metrics flag mean differences (no rate vs reference): the index lists them whole
    assert "met_gardens_bonus_tiles" in reports["index"].read_text()


def test_study_tile_value_steps_are_read_scaled_and_resumed(tmp_path: Path) -> None:
    study = tmp_path / "study.toml"
    study.write_text(STUDY)
    (spec,) = study_steps(study, scale=2.0)
    assert (spec.ruleset, spec.players, spec.games, spec.rollouts, spec.seed) == ("base", 2, 4, 2, 4)
    run_id, _, measured = run_step(spec, tmp_path / "lake")
    assert measured and (tmp_path / "lake" / "runs" / run_id / "manifest.json").exists()
    assert run_step(spec, tmp_path / "lake")[::2] == (run_id, False)


def test_study_rejects_unknown_tile_value_keys(tmp_path: Path) -> None:
    study = tmp_path / "study.toml"
    study.write_text(STUDY + "rollout = 3\n")
    with pytest.raises(Exception, match=r"\[\[tile_value\]\] #1: unknown keys \['rollout'\]"):
        study_steps(study)


def test_seat_rows_and_their_flags_are_per_ruleset_never_pooled(warehouse: Path) -> None:
    with duckdb.connect(str(warehouse), read_only=True) as con:
        seats = con.execute("select ruleset, agent_mix, num_players, seat, n from met_seat_advantage "
                            "where game = 'gardens' and source = 'simulated'").fetchall()
        cells = con.execute("select distinct ruleset, agent_mix from met_findings_by_lineup "
                            "where game = 'gardens' and finding = 'seat_win_rate'").fetchall()
    # the lake holds 8 games per player count of each ruleset, under different play: each its own row
    assert {(r, mix) for r, mix, *_ in seats} == {("base", "random"), ("gods-caprice", "greedy")}
    assert all(n == 8 for *_, n in seats) and len(seats) == 2 * (2 + 3)
    assert sorted(cells) == [("base", "random"), ("gods-caprice", "greedy")]
