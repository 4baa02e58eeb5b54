"""Small experiments played into a temporary lake and read back from a freshly built warehouse."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd
import pyarrow.parquet as pq

from simulate.experiment import Arm, Experiment, plan_arms, run_arms
from warehouse.build import build


def play(experiment: Experiment, lake: Path, warehouse: Path) -> tuple[list[Arm], int]:
    """Plan, play (resuming) and build; returns the arms and the games played now."""
    arms = plan_arms(experiment)
    played = run_arms(arms, lake, workers=1, progress=False)
    build(lake, warehouse)
    return arms, played


def diffs(warehouse: Path, experiment: str) -> pd.DataFrame:
    with duckdb.connect(str(warehouse), read_only=True) as con:
        return con.execute("select * from met_variant_diff where experiment = ?", [experiment]).df()


def arm_events(lake: Path, arm: Arm) -> pd.DataFrame:
    """Every event of an arm's run, in (game_id, seq) order."""
    files = sorted(lake.glob(f"events/game={arm.spec.game}/run={arm.spec.run_id}/part-*.parquet"))
    frame = pd.concat([pq.read_table(f).to_pandas() for f in files], ignore_index=True)
    return frame.sort_values(["game_id", "seq"]).reset_index(drop=True)
