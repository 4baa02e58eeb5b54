"""Findings by play strength: headline metrics per line-up, their verdicts, and the robust / agent-dependent label."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import duckdb
import pandas as pd
import pytest

from lake.spec import RunSpec
from simulate import sequential
from simulate.runner import run
from warehouse.build import build
from warehouse.clustered import cluster_cells
from warehouse.findings import _label_cell, iterations, label, strength
from warehouse.verdicts import verdicts_model

LINEUPS = (("greedy",), ("ismcts:4",), ("random",))


def _row(verdict: str, estimate: float = 0.6, reference: float = 0.5) -> SimpleNamespace:
    return SimpleNamespace(verdict=verdict, estimate=estimate, reference=reference)


@pytest.mark.parametrize(
    ("greedy", "search", "expected"),
    [
        (_row("tilted", 0.60), _row("tilted", 0.58), "robust"),
        (_row("tilted", 0.40), _row("tilted", 0.42), "robust"),
        (_row("fair", 0.50), _row("fair", 0.51), "robust"),
        (_row("tilted", 0.60), _row("tilted", 0.40), "agent-dependent"),
        (_row("fair", 0.50), _row("tilted", 0.58), "agent-dependent"),
        (_row("tilted", 0.60), _row("undecided", 0.55), "not shown"),
        (_row("undecided", 0.52), _row("undecided", 0.49), "not shown"),
        (None, _row("tilted", 0.60), "not shown"),
    ],
)
def test_label_rule_over_verdicts(greedy: SimpleNamespace | None, search: SimpleNamespace, expected: str) -> None:
    got, why = label(greedy, search)
    assert got == expected and why


@pytest.fixture(scope="module")
def play_warehouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Caprices games in three uniform line-ups (greedy, a small search budget, random)."""
    lake = tmp_path_factory.mktemp("play_lake")
    for agents in LINEUPS:
        run(RunSpec("caprices", "standard", (2, 3), agents, 24, seed=11, batch_size=24), lake, workers=1,
            progress=False)
    run(RunSpec("caprices", "standard", (2, 3), ("ismcts:8",), 12, seed=11, batch_size=24), lake, workers=1,
        progress=False)  # a larger budget on a sample: does the verdict move with strength?
    path = tmp_path_factory.mktemp("play_wh") / "warehouse.duckdb"
    build(lake, path)
    return path


def _query(path: Path, sql: str) -> pd.DataFrame:
    with duckdb.connect(str(path), read_only=True) as con:
        return con.execute(sql).df()


def test_every_headline_metric_is_kept_per_lineup(play_warehouse: Path) -> None:
    rows = _query(play_warehouse, "select * from met_findings_by_lineup")
    assert set(rows.finding) == {"seat_win_rate", "caprice_hit_rate", "caprice_slot_hit_rate"}
    assert set(rows.agent_mix) == {"greedy", "ismcts:4", "ismcts:8", "random"}
    seats = _query(play_warehouse, "select * from met_seat_advantage where source = 'simulated'")
    for row in rows[rows.finding == "seat_win_rate"].itertuples():
        same = seats[(seats.agent_mix == row.agent_mix) & (seats.num_players == row.num_players)
                     & (seats.seat + 1 == int(row.item))]
        assert len(same) == 1 and same.n.iloc[0] == row.n and same.win_rate.iloc[0] == pytest.approx(row.estimate)
    assert (rows.beyond_noise == ((rows.reference < rows.lo) | (rows.reference > rows.hi))).all()


def test_labels_rest_on_the_greedy_and_search_verdicts_only(play_warehouse: Path) -> None:
    labels = _query(play_warehouse, "select * from met_finding_labels")
    cells = _query(play_warehouse, "select distinct game, finding, ruleset, num_players, item from met_verdicts")
    assert len(labels) == len(cells) > 0
    assert set(labels.label) <= {"robust", "agent-dependent", "not shown"}
    assert (labels.search_lineup == "ismcts:4").all()  # the search with the most games is the headline's
    assert (labels.stronger_lineup == "ismcts:8").all() and labels.stronger_n.notna().all()
    for row in labels.itertuples():
        greedy = _row(row.greedy_verdict, row.greedy_estimate, row.greedy_reference)
        search = _row(row.search_verdict, row.search_estimate, row.search_reference)
        assert label(greedy, search)[0] == row.label  # random play (random_*) never enters the label
        stronger = _row(row.stronger_verdict, row.stronger_estimate, row.stronger_reference)
        assert row.strength == strength(search, stronger)
    assert labels.random_n.notna().all()


def test_every_headline_cell_has_a_verdict_from_its_confidence_sequence(play_warehouse: Path) -> None:
    verdicts = _query(play_warehouse, "select * from met_verdicts")
    lineup = _query(play_warehouse, "select * from met_findings_by_lineup")
    assert len(verdicts) == len(lineup) and set(verdicts.verdict) <= {"tilted", "fair", "undecided"}
    seats = verdicts[verdicts.finding == "seat_win_rate"]
    assert (seats.ruleset == "standard").all() and (seats.min_effect == 0.02).all()
    assert (seats.family_cells == 5).all()  # 2 + 3 seats per line-up
    with duckdb.connect(str(play_warehouse), read_only=True) as con:
        clustered = cluster_cells(con, set())
    for row in verdicts.itertuples():
        fixed = lineup[(lineup.finding == row.finding) & (lineup.agent_mix == row.agent_mix)
                       & (lineup.num_players == row.num_players) & (lineup["item"] == row.item)]
        if row.finding == "seat_win_rate":  # one observation per game: the beta-binomial mixture
            lo, hi = sequential.rate_sequence(row.estimate * row.n, row.n, row.reference, 0.05 / row.family_cells)
            assert row.cs_hi - row.cs_lo > float(fixed.hi.iloc[0] - fixed.lo.iloc[0])  # wider than fixed-n
            assert row.games == row.n
        else:  # player-games of one game are a cluster: the clusters' sequence, the table's estimate and n
            cell = clustered[(row.game, row.finding, row.num_players, row.item, row.agent_mix)]
            lo, hi = cell.sequence(0.05 / row.family_cells)
            assert cell.k.sum() == row.n and cell.estimate == pytest.approx(row.estimate)
            assert row.games == cell.clusters < row.n
        assert (row.cs_lo, row.cs_hi) == pytest.approx((lo, hi))
        assert row.verdict == sequential.interval_verdict(row.estimate, lo, hi, row.reference, row.min_effect)
    undecided = verdicts[verdicts.verdict == "undecided"]
    assert (undecided.games_to_decide.isna() | (undecided.games_to_decide > undecided.games)).all()
    assert (undecided.minutes_to_decide.dropna() > 0).all() and undecided.minutes_to_decide.notna().any()


def test_a_tilted_cell_reports_the_smallest_effect_its_games_support() -> None:
    con = duckdb.connect()
    con.execute("""create table fct_player_games as select 'caprices' as game, 'standard' as ruleset,
        'greedy' as agent_mix, 2 as num_players, seat, 'simulated' as source, false as is_mixed_lineup,
        true as in_study, case when seat = 0 then (i % 10 < 6)::double else (i % 10 >= 6)::double end
        as win_share from range(3000) t(i), (select unnest([0, 1]) as seat)""")
    con.execute("create table fct_games as select 'caprices' as game, 'standard' as ruleset, 'simulated' as source")
    rows = verdicts_model(con).set_index("item")
    first = rows.loc["1"]
    assert first.verdict == "tilted" and first.estimate == pytest.approx(0.6)
    assert 0 < first.effect_at_least < 0.1 and first.effect_at_least == pytest.approx(first.cs_lo - 0.5)
    assert rows.loc["2"].verdict == "tilted" and rows.loc["2"].effect_at_least < 0


@pytest.mark.parametrize("search_mix", ["ismcts:25", "strong", "ismcts-ref"])
def test_the_strong_agent_and_the_reference_count_as_search_play(search_mix: str) -> None:
    def mix(name: str, estimate: float) -> dict[str, object]:
        return {"game": "caprices", "agent_mix": name, "verdict": "tilted", "estimate": estimate,
                "cs_lo": estimate - 0.05, "cs_hi": estimate + 0.05, "n": 400, "reference": 0.5}

    cell = pd.DataFrame([mix("greedy", 0.60), mix(search_mix, 0.62), mix("random", 0.40)])
    values = _label_cell(cell)
    assert values["search_lineup"] == search_mix and values["label"] == "robust"


@pytest.mark.parametrize(
    ("search", "stronger", "expected"),
    [
        (_row("fair", 0.50), _row("fair", 0.51), "converged"),
        (_row("tilted", 0.60), _row("tilted", 0.63), "converged"),
        (_row("fair", 0.50), _row("tilted", 0.60), "changes with strength"),
        (_row("tilted", 0.40), _row("tilted", 0.60), "changes with strength"),
        (_row("tilted", 0.60), _row("undecided", 0.60), "not known"),
        (_row("tilted", 0.60), None, None),
    ],
)
def test_the_verdict_moves_with_strength_rule(search: SimpleNamespace, stronger: SimpleNamespace | None,
                                              expected: str | None) -> None:
    assert strength(search, stronger) == expected


def test_search_budgets_are_read_from_the_agents() -> None:
    assert iterations("caprices", "ismcts:800") == 800
    assert iterations("caprices", "ismcts") == 200  # the game's default budget
    assert iterations("caprices", "greedy") is None and iterations("caprices", "no-such-agent") is None


def test_a_headline_agent_without_a_budget_is_set_beside_the_largest_search() -> None:
    """Four Gardens' `strong` is `lookahead` (no iterations): the reference search's sample is its comparison."""
    def mix(name: str, n: int) -> dict[str, object]:
        return {"game": "gardens", "agent_mix": name, "verdict": "fair", "estimate": 0.5, "cs_lo": 0.49,
                "cs_hi": 0.51, "n": n, "reference": 0.5}

    assert iterations("gardens", "strong") is None and iterations("gardens", "ismcts:100") == 100
    values = _label_cell(pd.DataFrame([mix("greedy", 900), mix("strong", 900), mix("ismcts:100", 40)]))
    assert values["search_lineup"] == "strong" and values["stronger_lineup"] == "ismcts:100"
    assert values["strength"] == "converged"
    alone = _label_cell(pd.DataFrame([mix("greedy", 900), mix("strong", 900)]))
    assert alone["stronger_lineup"] is None and alone["strength"] is None
