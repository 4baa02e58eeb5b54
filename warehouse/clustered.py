"""Rate cells whose observations come in clusters: one sequence per cell that stays valid for how it was sampled.

A Caprice's hit rate counts player-games: the P players of one game face the
same Caprice, so their hits are not independent (they compete for it, or one
table makes it easy for all). The games of one duplicate deal (`balance ask
--deals duplicate`) share their deal, so they are not independent either. The
beta-binomial mixture of `simulate.sequential` assumes independent 0/1
observations: measured on the default study, the variance of a game's hits
was 0.52-1.66 times the binomial one, so for some Caprices it was too narrow.

Here the unit is what was sampled independently, the **cluster**: a game, or a
duplicate deal's P games. A cell's estimate stays the table's (hits over
player-games, a ratio), and its sequence is the asymptotic normal mixture of
Waudby-Smith, Arnold, Wu & Ramdas (2024) over the clusters, with the ratio's
cluster-robust standard deviation (the linearised z_i = s_i - p k_i over
clusters), so it follows the real variance whichever way the correlation goes.
One worst-case pseudo-cluster (variance 1/4) is pooled into the variance, as
the betting sequence starts its running variance, so a handful of identical
clusters cannot make a point interval. What a cell would take is counted in
games: clusters needed times the games per cluster.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import duckdb
import numpy as np
import pandas as pd

from simulate import sequential

KEY = ["game", "finding", "num_players", "item", "agent_mix"]
# finding -> SQL of one row per cell and game: its player-games `k` and successes `s` (hits, or win shares), with
# the filters of the table `warehouse.findings.SOURCES` reads the cell from (tests/warehouse/test_clustered.py
# holds the sums to that table's n and hits)
CLUSTER_SQL: dict[str, tuple[str, str]] = {
    "caprice_hit_rate": ("fct_caprices_caprices", """
        select 'caprices' as game, 'caprice_hit_rate' as finding, 0 as num_players, caprice_id as item, agent_mix,
               run_id, game_id, any_value(num_players) as players, count(*) as k,
               count(*) filter (where met) as s
        from fct_caprices_caprices
        where in_study and source = 'simulated' and not is_mixed_lineup
        group by agent_mix, caprice_id, run_id, game_id"""),
    "caprice_slot_hit_rate": ("fct_caprices_caprices", """
        select 'caprices' as game, 'caprice_slot_hit_rate' as finding, num_players, slot_label as item, agent_mix,
               run_id, game_id, num_players as players, count(*) as k, count(*) filter (where met) as s
        from fct_caprices_caprices
        where in_study and source = 'simulated' and not is_mixed_lineup and slot > 0
        group by agent_mix, num_players, slot_label, run_id, game_id"""),
    "god_win_rate": ("fct_gods_player_games", """
        select 'gods' as game, 'god_win_rate' as finding, 0 as num_players, god as item, agent_mix,
               run_id, game_id, any_value(num_players) as players, count(*) as k, sum(win_share) as s
        from fct_gods_player_games
        where in_study and source = 'simulated' and agent_mix not like '% vs %' and god is not null
        group by agent_mix, god, run_id, game_id"""),
    # the faster side of a mixed-pace game (met_gods_speed): one or two seats of a game
    "speed_effect": ("fct_gods_player_games", """
        with matchups as (
            select run_id, game_id, array_to_string(list_sort(list_distinct(agents)), ' vs ') as matchup
            from fct_games where game = 'gods' and in_study
        ),
        mixed as (
            select run_id, game_id from fct_gods_player_games where in_study
            group by run_id, game_id having count(distinct pace_mean_ms) > 1
        )
        select 'gods' as game, 'speed_effect' as finding, p.num_players,
               printf('faster side ×%.2f', round(p.relative_pace, 2)) as item,
               split_part(m.matchup, ' vs ', 1) as agent_mix, p.run_id, p.game_id, p.num_players as players,
               count(*) as k, sum(p.win_share) as s
        from fct_gods_player_games p
        inner join mixed using (run_id, game_id)
        inner join matchups m using (run_id, game_id)
        where p.in_study and p.source = 'simulated' and round(p.relative_pace, 2) < 1
              and m.matchup like '% vs %-fast'
        group by all"""),
}


@dataclass(frozen=True)
class Clustered:
    """One cell's clusters: player-games and successes per cluster, and the games each cluster holds."""

    k: np.ndarray
    s: np.ndarray
    games: int

    @property
    def clusters(self) -> int:
        return int(self.k.size)

    @property
    def estimate(self) -> float:
        return float(self.s.sum() / self.k.sum())

    def cluster_sd(self) -> float:
        """The ratio's standard deviation per cluster (one worst-case pseudo-cluster pooled in)."""
        mean_k = float(self.k.mean())
        z = self.s - self.estimate * self.k
        return math.sqrt((0.25 * mean_k**2 + float(np.sum(z**2))) / self.clusters) / mean_k

    def sequence(self, alpha: float) -> tuple[float, float]:
        lo, hi = sequential.mean_sequence(self.estimate, self.cluster_sd(), self.clusters, alpha)
        return max(lo, 0.0), min(hi, 1.0)

    def games_to_decide(self, reference: float, min_effect: float, alpha: float, if_fair: bool = False) -> int | None:
        """Games (not clusters) that would decide the cell if its estimate (`if_fair`: the reference) and its
        spread held."""
        estimate = reference if if_fair else self.estimate
        needed = sequential.mean_games_to_decide(estimate, self.cluster_sd(), self.clusters, reference, min_effect,
                                                 alpha)
        return None if needed is None else math.ceil(needed * self.games / self.clusters)


def cluster_cells(con: duckdb.DuckDBPyConnection, duplicate_runs: set[str]) -> dict[tuple, Clustered]:
    """Every clustered rate cell of the warehouse, keyed like `KEY`; a duplicate run's deal is one cluster."""
    present = {row[0] for row in con.execute("select table_name from information_schema.tables").fetchall()}
    frames = [con.execute(sql).df() for table, sql in CLUSTER_SQL.values() if table in present]
    frames = [frame for frame in frames if not frame.empty]
    if not frames:
        return {}
    rows = pd.concat(frames, ignore_index=True)
    duplicate = rows.run_id.isin(duplicate_runs)
    rows["cluster"] = np.where(duplicate, rows.game_id // rows.players, rows.game_id)
    cells = {}
    for key, cell in rows.groupby(KEY, sort=False):
        clusters = cell.groupby(["run_id", "cluster"], sort=False)[["k", "s"]].sum()
        cells[key] = Clustered(clusters.k.to_numpy(float), clusters.s.to_numpy(float),
                               int(cell[["run_id", "game_id"]].drop_duplicates().shape[0]))
    return cells
