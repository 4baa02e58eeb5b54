"""Findings by play strength: headline metrics per line-up, and the robust / agent-dependent / not shown label."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import duckdb
import pandas as pd
import pytest

from lake.spec import RunSpec
from simulate.runner import run
from warehouse.build import build
from warehouse.findings import label

LINEUPS = (("greedy",), ("ismcts:4",), ("random",))


def _row(estimate: float, lo: float, hi: float, reference: float = 0.5) -> SimpleNamespace:
    return SimpleNamespace(estimate=estimate, lo=lo, hi=hi, reference=reference,
                           beyond_noise=not lo <= reference <= hi)


@pytest.mark.parametrize(
    ("greedy", "search", "expected"),
    [
        (_row(0.60, 0.55, 0.65), _row(0.58, 0.52, 0.64), "robust"),
        (_row(0.40, 0.35, 0.45), _row(0.42, 0.36, 0.48), "robust"),
        (_row(0.60, 0.55, 0.65), _row(0.40, 0.35, 0.45), "agent-dependent"),
        (_row(0.62, 0.58, 0.66), _row(0.48, 0.44, 0.52), "agent-dependent"),  # one shown, and they differ
        (_row(0.60, 0.55, 0.65), _row(0.55, 0.45, 0.65), "not shown"),  # one shown, the other too imprecise
        (_row(0.52, 0.47, 0.57), _row(0.49, 0.44, 0.54), "not shown"),
        (None, _row(0.60, 0.55, 0.65), "not shown"),
    ],
)
def test_label_rule(greedy: SimpleNamespace | None, search: SimpleNamespace, expected: str) -> None:
    got, why = label(greedy, search)
    assert got == expected and why


@pytest.fixture(scope="module")
def play_warehouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Caprices games in three uniform line-ups (greedy, a small search budget, random)."""
    lake = tmp_path_factory.mktemp("play_lake")
    for agents in LINEUPS:
        run(RunSpec("caprices", "standard", (2, 3), agents, 24, seed=11, batch_size=24), lake, workers=1,
            progress=False)
    path = tmp_path_factory.mktemp("play_wh") / "warehouse.duckdb"
    build(lake, path)
    return path


def _query(path: Path, sql: str) -> pd.DataFrame:
    with duckdb.connect(str(path), read_only=True) as con:
        return con.execute(sql).df()


def test_every_headline_metric_is_kept_per_lineup(play_warehouse: Path) -> None:
    rows = _query(play_warehouse, "select * from met_findings_by_lineup")
    assert set(rows.finding) == {"seat_win_rate", "caprice_hit_rate", "caprice_slot_hit_rate"}
    assert set(rows.agent_mix) == {"greedy", "ismcts:4", "random"}
    seats = _query(play_warehouse, "select * from met_seat_advantage where source = 'simulated'")
    for row in rows[rows.finding == "seat_win_rate"].itertuples():
        same = seats[(seats.agent_mix == row.agent_mix) & (seats.num_players == row.num_players)
                     & (seats.seat + 1 == int(row.item))]
        assert len(same) == 1 and same.n.iloc[0] == row.n and same.win_rate.iloc[0] == pytest.approx(row.estimate)
    assert (rows.beyond_noise == ((rows.reference < rows.lo) | (rows.reference > rows.hi))).all()


def test_labels_rest_on_greedy_and_search_only(play_warehouse: Path) -> None:
    labels = _query(play_warehouse, "select * from met_finding_labels")
    cells = _query(play_warehouse, "select distinct game, finding, num_players, item from met_findings_by_lineup")
    assert len(labels) == len(cells) > 0
    assert set(labels.label) <= {"robust", "agent-dependent", "not shown"}
    assert (labels.search_lineup == "ismcts:4").all()
    for row in labels.itertuples():
        greedy = _row(row.greedy_estimate, row.greedy_lo, row.greedy_hi, row.greedy_reference)
        search = _row(row.search_estimate, row.search_lo, row.search_hi, row.search_reference)
        assert (greedy.beyond_noise, search.beyond_noise) == (row.greedy_beyond_noise, row.search_beyond_noise)
        assert label(greedy, search)[0] == row.label  # random play (random_*) never enters the label
    assert labels.random_n.notna().all() and labels.pooled_n.gt(labels.greedy_n).all()
