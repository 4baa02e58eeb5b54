"""The warehouse knows the source: facts carry simulated/recorded, metrics cut by it, the report puts them beside."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd

from balance.cli import main
from balance.notebook import beside
from recorded.ingest import ingest
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
