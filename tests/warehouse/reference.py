"""Independent pandas recomputation of the warehouse metrics from the raw Parquet events.

Nothing here goes through the SQL models: it reads the part files with pyarrow
and recomputes each metric the way a careful analyst would by hand.
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq

Z = 1.96
KEY = ["game", "run_id", "game_id"]


def wilson(k: float, n: float) -> tuple[float, float]:
    p = k / n
    centre = p + Z * Z / (2 * n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return (centre - half) / (1 + Z * Z / n), (centre + half) / (1 + Z * Z / n)


def events(lake: Path) -> pd.DataFrame:
    """Every event of every game, with the game name from the folder."""
    frames = []
    for path in sorted((lake / "events").glob("game=*/run=*/part-*.parquet")):
        frame = pq.read_table(path).to_pandas()
        frame["game"] = path.parent.parent.name.removeprefix("game=")
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def player_games(ev: pd.DataFrame) -> pd.DataFrame:
    """One row per player per game: seat, agent, score, win share."""
    starts = ev[ev.event_type == "game_started"][[*KEY, "num_players", "agents"]]
    scored = ev[ev.event_type == "player_scored"].drop(columns=["num_players", "agents"])
    scored["seat"] = scored["player"].astype(int)
    merged = scored.merge(starts, on=KEY)
    merged["agent"] = [list(a)[s] for a, s in zip(merged["agents"], merged["seat"])]
    merged["mixed"] = [len(set(a)) > 1 for a in merged["agents"]]
    merged["agent_mix"] = [" vs ".join(sorted(set(a))) for a in merged["agents"]]
    merged["num_players"] = merged["num_players"].astype(int)
    return merged


def seat_advantage(ev: pd.DataFrame) -> pd.DataFrame:
    pg = player_games(ev)
    pg = pg[~pg["mixed"]]
    out = pg.groupby(["game", "agent_mix", "num_players", "seat"]).agg(n=("win_share", "size"),
                                                                      wins=("win_share", "sum"))
    return out.reset_index()


def agent_win_rate(ev: pd.DataFrame) -> pd.DataFrame:
    pg = player_games(ev)
    pg = pg[pg["mixed"]]
    out = pg.groupby(["game", "num_players", "agent"]).agg(n=("win_share", "size"), wins=("win_share", "sum"))
    return out.reset_index()


def caprices_in_play(ev: pd.DataFrame) -> pd.DataFrame:
    """One row per Caprice in play per player per caprices game, with met and points."""
    cap = ev[ev.game == "caprices"]
    pg = player_games(cap)[[*KEY, "seat", "agent", "agent_mix", "num_players", "win_share"]]
    revealed = cap[cap.event_type == "caprice_revealed"][[*KEY, "caprice_id", "slot", "bonus"]]
    rows = pg.merge(revealed, on=KEY)
    met = cap[cap.event_type == "caprice_met"][[*KEY, "player", "caprice_id", "bonus"]].rename(
        columns={"player": "seat", "bonus": "points"})
    met["seat"] = met["seat"].astype(int)
    rows = rows.merge(met, on=[*KEY, "seat", "caprice_id"], how="left")
    rows["met"] = rows["points"].notna()
    rows["points"] = rows["points"].fillna(0)
    rows["slot_label"] = ["common" if s == 0 else f"+{int(b)}" for s, b in zip(rows["slot"], rows["bonus"])]
    return rows


def caprices_player_games(ev: pd.DataFrame) -> pd.DataFrame:
    cap = ev[ev.game == "caprices"]
    pg = player_games(cap)
    turns = cap[cap.event_type == "turn_taken"].copy()
    turns["seat"] = turns["player"].astype(int)
    counts = pd.crosstab([turns["run_id"], turns["game_id"], turns["seat"]], turns["action"]).reset_index()
    out = pg.merge(counts, on=["run_id", "game_id", "seat"], how="left")
    for action in ("rally", "bourgeoise", "noble", "recruit"):
        out[action] = out[action].fillna(0) if action in out else 0
    return out
