"""How precise the headline rates are: the widest 95% half-width of each, printed by `balance run`."""

from __future__ import annotations

from pathlib import Path

import duckdb

from warehouse.query import connect

# name -> query of (game, widest half-width) rows
HEADLINES = {
    "seat win rate": (
        "select game, max(win_hi - win_lo) / 2 from met_seat_advantage group by game order by game"),
    "Caprice hit rate (overall, per Caprice)": (
        "select 'caprices', max(hit_hi - hit_lo) / 2 from met_caprice_hit_rate where dimension = 'overall'"),
    "Caprice hit rate by slot and player count": (
        "select 'caprices', max(hit_hi - hit_lo) / 2 from met_caprice_slot_hit_rate where num_players <> 'all'"),
    "agent win rate (mixed line-ups)": (
        "select game, max(win_hi - win_lo) / 2 from met_agent_win_rate group by game order by game"),
    "4 Gods speed effect (greedy vs greedy-fast win rate)": (
        "select 'gods', max(win_hi - win_lo) / 2 from met_gods_speed where matchup = 'greedy vs greedy-fast'"),
    "4 Gods win rate by god (all player counts)": (
        "select 'gods', max(win_hi - win_lo) / 2 from met_gods_god_win_rate where num_players = 'all'"),
}


def headline_half_widths(warehouse: Path) -> list[str]:
    """The widest 95% half-width of each headline rate, in percentage points."""
    lines = []
    with connect(str(warehouse), read_only=True) as con:
        for name, sql in HEADLINES.items():
            try:
                rows = con.execute(sql).fetchall()
            except duckdb.CatalogException:
                continue  # that game's metrics are absent from this study
            lines += [f"widest 95% half-width, {game} {name}: ±{100 * value:.1f} points"
                      for game, value in rows if value is not None]
    return lines
