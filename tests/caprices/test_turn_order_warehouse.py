"""With the King aid dealt at random, the warehouse measures the first-player edge by turn position."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pyarrow.parquet as pq

from lake.spec import RunSpec
from simulate.runner import run
from tests.caprices.helpers import edited_ruleset
from warehouse.build import build

GAMES = 30


def test_turn_position_counts_from_the_player_dealt_the_king_aid(tmp_path: Path) -> None:
    ruleset = edited_ruleset(tmp_path, 'first = { value = "seat0"', 'first = { value = "random"')
    lake = tmp_path / "lake"
    run(RunSpec("caprices", str(ruleset), (3,), ("random",), GAMES, seed=9), lake, workers=1, progress=False)
    build(lake, tmp_path / "wh.duckdb")
    firsts: dict[int, int] = {}
    for part in (lake / "events" / "game=caprices").glob("run=*/part-*.parquet"):
        for row in pq.read_table(part, columns=["game_id", "event_type", "player"]).to_pylist():
            if row["event_type"] == "king_aid_dealt":
                firsts[row["game_id"]] = row["player"]
    assert len(firsts) == GAMES and len(set(firsts.values())) == 3
    con = duckdb.connect(str(tmp_path / "wh.duckdb"), read_only=True)
    rows = con.sql("select game_id, seat, first_player, turn_position from fct_caprices_player_games").fetchall()
    assert len(rows) == 3 * GAMES
    assert all(first == firsts[game] and position == (seat - first) % 3 for game, seat, first, position in rows)
    order = con.sql("select turn_position, n, wins, random_starts from met_caprices_turn_order").fetchall()
    assert [(p, n, r) for p, n, _, r in order] == [(p, GAMES, GAMES) for p in range(3)]
    assert sum(wins for _, _, wins, _ in order) == GAMES  # one win shared out per game
