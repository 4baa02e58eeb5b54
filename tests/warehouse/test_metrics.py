"""Each metric recomputed with pandas from the raw Parquet equals the SQL result."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd
import pytest

from tests.warehouse import reference as ref


@pytest.fixture(scope="module")
def raw(lake_pair: tuple[Path, Path]) -> pd.DataFrame:
    return ref.events(lake_pair[0])


@pytest.fixture(scope="module")
def warehouse(lake_pair: tuple[Path, Path]) -> Path:
    return lake_pair[1]


def query(warehouse: Path, sql: str) -> pd.DataFrame:
    with duckdb.connect(str(warehouse), read_only=True) as con:
        return con.execute(sql).df()


def test_seat_advantage_matches_pandas(raw: pd.DataFrame, warehouse: Path) -> None:
    expected = ref.seat_advantage(raw)
    sql = query(warehouse, "select * from met_seat_advantage").set_index(["game", "agent_mix", "num_players", "seat"])
    assert len(sql) == len(expected)
    assert set(sql.index.get_level_values("game")) == set(raw.game)
    # one row per line-up, never pooled: the uniform line-ups of the lake
    assert set(sql.index.get_level_values("agent_mix")) == set(expected.agent_mix)
    for row in expected.itertuples():
        got = sql.loc[(row.game, row.agent_mix, row.num_players, row.seat)]
        lo, hi = ref.wilson(row.wins, row.n)
        assert got.n == row.n
        assert got.win_rate == pytest.approx(row.wins / row.n)
        assert (got.win_lo, got.win_hi) == pytest.approx((lo, hi))
        assert got.beyond_noise_uncorrected == (not lo <= 1 / row.num_players <= hi)  # the per-cell rule
        assert not got.flagged or got.beyond_noise_uncorrected  # the shared flag only narrows it


def test_agent_win_rate_counts_mixed_lineups_only(raw: pd.DataFrame, warehouse: Path) -> None:
    expected = ref.agent_win_rate(raw)
    sql = query(warehouse, "select * from met_agent_win_rate").set_index(["game", "num_players", "agent"])
    assert len(sql) == len(expected) > 0
    for row in expected.itertuples():
        got = sql.loc[(row.game, row.num_players, row.agent)]
        assert (got.n, got.wins) == pytest.approx((row.n, row.wins))
        assert (got.win_lo, got.win_hi) == pytest.approx(ref.wilson(row.wins, row.n))


def test_caprice_hit_rate_every_breakdown(raw: pd.DataFrame, warehouse: Path) -> None:
    rows = ref.caprices_in_play(raw)
    sql = query(warehouse, "select * from met_caprice_hit_rate").set_index(
        ["agent_mix", "caprice_id", "dimension", "level"])
    breakdowns = {"overall": None, "slot": "slot_label", "num_players": "num_players", "agent": "agent"}
    checked = 0
    for dimension, column in breakdowns.items():
        keys = ["agent_mix", "caprice_id"] if column is None else ["agent_mix", "caprice_id", column]
        grouped = rows.groupby(keys).agg(n=("met", "size"), k=("met", "sum"), points=("points", "mean"))
        for key, exp in grouped.iterrows():
            mix, caprice, level = (*key, "all") if column is None else (key[0], key[1], str(key[2]))
            got = sql.loc[(mix, caprice, dimension, level)]
            assert (got.n, got.k) == (exp.n, exp.k)
            assert (got.hit_lo, got.hit_hi) == pytest.approx(ref.wilson(exp.k, exp.n))
            assert got.points_mean == pytest.approx(exp.points)
            checked += 1
    assert checked == len(sql)


def test_caprice_hit_rate_among_winners(raw: pd.DataFrame, warehouse: Path) -> None:
    rows = ref.caprices_in_play(raw)
    keys = ["agent_mix", "caprice_id"]
    winners = rows[rows.win_share > 0].groupby(keys).agg(n=("met", "size"), k=("met", "sum"))
    sql = query(warehouse, "select * from met_caprice_hit_rate where dimension = 'overall'")
    got = sql.set_index(keys)[["winner_n", "winner_k"]]
    pd.testing.assert_frame_equal(
        got.sort_index(), winners.rename(columns={"n": "winner_n", "k": "winner_k"}).sort_index(), check_dtype=False
    )


def test_slot_hit_rate_matches_pandas(raw: pd.DataFrame, warehouse: Path) -> None:
    rows = ref.caprices_in_play(raw)
    expected = rows.groupby(["agent_mix", "slot"]).agg(n=("met", "size"), k=("met", "sum"), points=("points", "mean"))
    sql = query(warehouse, "select * from met_caprice_slot_hit_rate where num_players = 'all'").set_index(
        ["agent_mix", "slot"])
    assert len(sql) == len(expected) and sorted({slot for _, slot in sql.index}) == [0, 1, 2, 3, 4]
    for key, exp in expected.iterrows():
        assert (sql.loc[key].n, sql.loc[key].k) == (exp.n, exp.k)
        assert sql.loc[key].points_mean == pytest.approx(exp.points)
    for mix in {mix for mix, _ in sql.index}:
        pooled = rows[(rows.slot > 0) & (rows.agent_mix == mix)].met.mean()
        assert sql.loc[(mix, 1)].reference == pytest.approx(pooled)


def test_score_components_match_pandas(raw: pd.DataFrame, warehouse: Path) -> None:
    scored = raw[(raw.game == "caprices") & (raw.event_type == "player_scored")]
    sql = query(warehouse, "select * from met_caprices_score_components where num_players = 'all'")
    sql = sql.set_index("component")
    for component in ("card_points", "order_points", "merchant_points", "unity_points", "caprice_points", "score"):
        values = scored[component].astype(float)
        got = sql.loc[component]
        assert got.n == len(values)
        assert got.points_mean == pytest.approx(values.mean())
        half = 1.96 * values.std() / len(values) ** 0.5
        assert (got.points_lo, got.points_hi) == pytest.approx((values.mean() - half, values.mean() + half))
        assert got.k == (values > 0).sum()


def test_winning_score_margin_and_ties(raw: pd.DataFrame, warehouse: Path) -> None:
    scored = raw[(raw.game == "caprices") & (raw.event_type == "player_scored")]
    per_game = scored.groupby(["run_id", "game_id"])
    top = per_game["score"].apply(lambda s: sorted(s, reverse=True))
    winning = top.map(lambda s: s[0]).astype(float)
    margin = top.map(lambda s: s[0] - s[1]).astype(float)
    ties = per_game["win_share"].apply(lambda s: (s > 0).sum() > 1)
    starts = raw[(raw.game == "caprices") & (raw.event_type == "game_started")].set_index(["run_id", "game_id"])
    mixes = starts.agents.map(lambda a: " vs ".join(sorted(set(a)))).reindex(top.index)
    table = query(warehouse, "select * from met_caprices_winning_score where num_players = 'all'")
    assert sorted(table.agent_mix) == sorted(set(mixes))  # one row per line-up, never pooled
    mix = mixes.value_counts().index[0]
    got = table.set_index("agent_mix").loc[mix]
    mine = (mixes == mix).to_numpy()
    top, winning, margin, ties = top[mine], winning[mine], margin[mine], ties[mine]
    assert got.n == len(top)
    assert got.winning_p50 == pytest.approx(winning.quantile(0.5))
    assert got.winning_p90 == pytest.approx(winning.quantile(0.9))
    assert got.margin_mean == pytest.approx(margin.mean())
    assert got.ties == ties.sum()
    assert got.score_ties == (margin == 0).sum()


def test_ability_use_matches_pandas(raw: pd.DataFrame, warehouse: Path) -> None:
    pg = ref.caprices_player_games(raw)
    sql = query(warehouse, "select * from met_caprices_abilities where num_players = 'all' and agent = 'all'")
    sql = sql.set_index("measure")
    assert sql.loc["rally_turns"].value == pytest.approx(pg["rally"].mean())
    assert sql.loc["bourgeoise_turns"].value == pytest.approx(pg["bourgeoise"].mean())
    assert sql.loc["noble_turns"].value == pytest.approx(pg["noble"].mean())
    assert sql.loc["knight_transformation"].value == pytest.approx(pg["knight_target"].notna().mean())
    assert sql.loc["ministers_transformed"].value == pytest.approx(pg["ministers_transformed"].astype(float).mean())
    assert (sql.n == len(pg)).all()


def test_game_length_matches_pandas(raw: pd.DataFrame, warehouse: Path) -> None:
    starts = raw[raw.event_type == "game_started"][[*ref.KEY, "num_players", "agents", "ruleset"]].copy()
    starts["agent_mix"] = [" vs ".join(sorted(set(a))) for a in starts.agents]
    lengths = raw.groupby(ref.KEY).agg(events=("seq", "size"), rounds=("round", "max")).reset_index()
    keys = ["game", "ruleset", "agent_mix", "num_players"]  # per ruleset and line-up, never pooled
    expected = lengths.merge(starts, on=ref.KEY).groupby(keys)[["events", "rounds"]].mean()
    sql = query(warehouse, "select * from met_game_length").set_index(keys)
    assert len(sql) == len(expected)
    for key, exp in expected.iterrows():
        assert sql.loc[key].events_mean == pytest.approx(exp.events)
        assert sql.loc[key].rounds_mean == pytest.approx(exp.rounds)
