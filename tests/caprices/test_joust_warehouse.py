"""The Joust metrics over a small lake of real matches, recomputed in plain Python from the raw events."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

from lake.spec import RunSpec
from simulate.runner import run
from tests.warehouse.reference import wilson
from warehouse.build import build

MATCHES = 24


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, duckdb.DuckDBPyConnection]:
    lake = tmp_path_factory.mktemp("joust_lake")
    run(RunSpec("caprices-joust", "standard", (2, 3), ("random",), MATCHES, seed=4), lake, workers=1, progress=False)
    run(RunSpec("caprices-joust", "standard", (2,), ("random", "greedy"), MATCHES, seed=5), lake, workers=1,
        progress=False)
    path = tmp_path_factory.mktemp("joust_wh") / "warehouse.duckdb"
    result = build(lake, path)  # raises if an invariant (match score = sum of its games) returns rows
    assert "caprices_joust_match_totals_its_games" in result.tests
    return lake, duckdb.connect(str(path), read_only=True)


def _matches(lake: Path) -> list[dict]:
    """Per match: players, agents, each game's win shares and the match's, from the raw events."""
    out: dict[tuple[str, int], dict] = {}
    for part in sorted((lake / "events" / "game=caprices-joust").glob("run=*/part-*.parquet")):
        for row in pq.read_table(part).to_pylist():
            match = out.setdefault((row["run_id"], row["game_id"]), {"games": defaultdict(dict), "match": {}})
            if row["event_type"] == "game_started":
                match["agents"] = row["agents"]
            elif row["event_type"] == "deal_scored":
                match["games"][row["deal"]][row["player"]] = row["win_share"]
            elif row["event_type"] == "player_scored":
                match["match"][row["player"]] = row["win_share"]
    return list(out.values())


def test_winner_measures_match_a_plain_recount(built: tuple[Path, duckdb.DuckDBPyConnection]) -> None:
    lake, con = built
    counts: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for m in _matches(lake):
        share, games = m["match"], [m["games"][d] for d in sorted(m["games"])]
        won = {p: sum(g[p] for g in games) for p in share}
        for g in games:
            counts["same_as_a_game"][0] += sum(share[p] * g[p] for p in share)
            counts["same_as_a_game"][1] += 1
        for measure, k in (("first_game", sum(share[p] * games[0][p] for p in share)),
                           ("last_game", sum(share[p] * games[-1][p] for p in share)),
                           ("most_games", sum(share[p] for p in share if won[p] == max(won.values()))),
                           ("no_game", sum(share[p] for p in share if won[p] == 0))):
            counts[measure][0] += k
            counts[measure][1] += 1
    rows = con.sql("select measure, n, k, rate, lo, hi from met_caprices_joust_winners where num_players = 'all'")
    got = {r[0]: r[1:] for r in rows.fetchall()}
    assert set(got) == set(counts) and counts["first_game"][1] == 3 * MATCHES
    for measure, (k, n) in counts.items():
        assert got[measure][:3] == pytest.approx((n, k, k / n)), measure
        assert got[measure][3:] == pytest.approx(wilson(k, n)), measure


def test_agent_gain_is_the_paired_match_minus_game_share(built: tuple[Path, duckdb.DuckDBPyConnection]) -> None:
    lake, con = built
    gains: dict[str, list[float]] = defaultdict(list)
    for m in _matches(lake):
        if len(set(m["agents"])) == 1:
            continue
        for p, agent in enumerate(m["agents"]):
            games = [g[p] for g in m["games"].values()]
            gains[agent].append(m["match"][p] - sum(games) / len(games))
    rows = con.sql("select agent, matches, gain from met_caprices_joust_agents where num_players = 'all'")
    got = {agent: (n, gain) for agent, n, gain in rows.fetchall()}
    assert set(got) == {"random", "greedy"}
    for agent, values in gains.items():
        assert got[agent] == pytest.approx((len(values), sum(values) / len(values)))


def test_matches_stay_out_of_the_single_game_tables(built: tuple[Path, duckdb.DuckDBPyConnection]) -> None:
    _, con = built
    assert con.sql("select distinct game from fct_games").fetchall() == [("caprices-joust",)]
    tables = {t for (t,) in con.sql("show tables").fetchall()}
    assert "fct_caprices_player_games" not in tables  # built only when single games are in the lake
    seats = con.sql("select count(*) from met_seat_advantage where game = 'caprices-joust'").fetchall()
    assert seats == [(2 + 3,)]  # the match's own seat advantage, per player count
