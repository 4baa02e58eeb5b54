"""The warehouse knows the source: facts carry simulated/recorded, metrics cut by it, the report puts them beside."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd

from balance.cli import main
from recorded.ingest import ingest
from reports.kit.notebook import beside
from tests.recorded.conftest import PLAYTESTS
from warehouse.build import build


def test_recorded_games_are_a_source_of_their_own(tmp_path: Path) -> None:
    lake, warehouse = tmp_path / "lake", tmp_path / "wh.duckdb"
    assert main(["simulate", "--game", "caprices", "--players", "4", "--games", "8", "--lake", str(lake),
                 "--workers", "1", "--no-progress"]) == 0
    assert ingest([PLAYTESTS["caprices"]], lake).games_added == 1
    build(lake, warehouse)
    con = duckdb.connect(str(warehouse), read_only=True)
    games = dict(con.execute("select source, count(*) from fct_games group by source").fetchall())
    assert games == {"simulated": 8, "recorded": 1}
    assert con.execute("select distinct source from runs where run_id like 'rec-%'").fetchall() == [("recorded",)]
    humans = con.execute("select count(*), sum(win_share) from fct_player_games where source = 'recorded' "
                         "and agent = 'human'").fetchone()
    assert humans == (4, 1.0)
    seats = con.execute("select source, sum(n) from met_seat_advantage where game = 'caprices' group by source "
                        "order by source").fetchall()
    assert seats == [("recorded", 4), ("simulated", 32)]
    hits = con.execute("select source, n from met_caprice_hit_rate where dimension = 'overall' "
                       "and caprice_id = 'point_d_orgueil'").fetchall()
    assert ("recorded", 4) in hits
    assert con.execute("select count(*) from fct_caprices_caprices where source = 'recorded'").fetchone()[0] > 0


def test_beside_compares_only_when_recorded_samples_are_large_enough() -> None:
    frame = pd.DataFrame([
        {"source": "simulated", "k": "a", "n": 4000, "rate": 0.30, "lo": 0.29, "hi": 0.31},
        {"source": "recorded", "k": "a", "n": 12, "rate": 0.60, "lo": 0.35, "hi": 0.80},
        {"source": "simulated", "k": "b", "n": 4000, "rate": 0.30, "lo": 0.29, "hi": 0.31},
        {"source": "recorded", "k": "b", "n": 400, "rate": 0.45, "lo": 0.40, "hi": 0.50},
        {"source": "simulated", "k": "c", "n": 4000, "rate": 0.42, "lo": 0.41, "hi": 0.43},
        {"source": "recorded", "k": "c", "n": 400, "rate": 0.45, "lo": 0.40, "hi": 0.50},
    ])
    verdicts = beside(frame, ["k"], "rate", "lo", "hi").set_index("k").verdict.to_dict()
    assert verdicts == {"a": "too few recorded games", "b": "beyond noise", "c": "within noise"}


# metric tables that are not cut by source, and why (every other met_ table must be)
NOT_BY_SOURCE = {
    "met_agent_pairwise": "agent against agent in mixed line-ups: recorded seats are all human",
    "met_agent_ratings": "agent ratings from simulated match-ups",
    "met_caprices_joust_agents": "the joust variant has no notation: it cannot be recorded",
    "met_caprices_joust_winners": "the joust variant has no notation: it cannot be recorded",
    "met_gardens_tile_values": "counterfactual tile values replay simulated games with a tile swapped",
    "met_gardens_tile_owning": "counterfactual: simulated games with a tile owned from the start",
    "met_gardens_tile_contrasts": "counterfactual contrasts of simulated arms",
    "met_gardens_tile_sensitivity": "built on the counterfactual contrasts",
    "met_variant_diff": "what-if arms are simulated rule changes",
    "met_findings_by_lineup": "headline findings by play strength: simulated line-ups only (it filters source)",
    "met_finding_labels": "greedy against search self-play verdicts, from met_verdicts",
    "met_verdicts": "verdicts of simulated line-ups only (it filters source)",
}


def test_every_metric_is_cut_by_source_and_recorded_4_gods_games_stand_apart(tmp_path: Path) -> None:
    lake, warehouse = tmp_path / "lake", tmp_path / "wh.duckdb"
    for game in ("caprices", "gardens", "gods"):
        assert main(["simulate", "--game", game, "--players", "3", "--games", "3", "--lake", str(lake),
                     "--workers", "1", "--no-progress"]) == 0
    assert ingest(list(PLAYTESTS.values()), lake).games_added == 3
    build(lake, warehouse)
    con = duckdb.connect(str(warehouse), read_only=True)
    tables = [t for (t,) in con.execute("select table_name from information_schema.tables "
                                        "where table_name like 'met_%'").fetchall()]
    uncut = sorted(t for t in tables if t not in NOT_BY_SOURCE
                   and "source" not in {c for (c, *_) in con.execute(f"describe {t}").fetchall()})
    assert uncut == []
    for table in [t for t in tables if t.startswith("met_gods_") and t != "met_gods_speed"]:
        sources = {s for (s,) in con.execute(f"select distinct source from {table}").fetchall()}
        assert sources == {"simulated", "recorded"}, table  # the playtest is its own row, never pooled
    gods = con.execute("select source, n, win_rate from met_gods_god_win_rate where num_players = 'all' "
                       "and god = 'plains'").fetchall()
    held = {row[0]: row[1] for row in gods}
    assert held["recorded"] == 1 and held["simulated"] <= 3  # one holder per game at most, each source apart
    flagged = con.execute("select count(*) from met_gods_god_win_rate where source = 'recorded' "
                          "and p_value is not null").fetchone()[0]
    assert flagged == 0  # recorded rows never enter the corrected flags: they get their own verdict beside
