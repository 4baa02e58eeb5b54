"""The designer's words: display names, numbers and intervals as a person writes them.

Display names come from the warehouse's `display_names` table (the rulesets'
`[names]` tables and each Caprice's `name`); an id without one is shown with
its underscores as spaces. Seats are numbered from 1 (seat 1 plays first).
"""

from __future__ import annotations

import json
import math
from typing import Any

import duckdb
import pandas as pd

# report words for measures that are not game data (the game's own things are named by its rulesets)
MEASURES = {
    "rally_turns": "Rally turns", "bourgeoise_turns": "Bourgeoise turns", "noble_turns": "Noble turns",
    "knight_transformation": "Knight transformations", "minister_transformation": "Minister transformations",
    "ministers_transformed": "Ministers transformed",
    "pushed_back": "times pushed back", "knocked_off": "markers knocked off", "panoramas_2": "2-part panoramas",
    "panoramas_3": "3-part panoramas", "completed": "groundworks completed", "lay_actions": "Lay Groundwork",
    "rotate_actions": "Rotate", "wild_actions": "Wild", "reallocate_actions": "Reallocate",
    "resources_collected": "resources collected", "resources_lost": "resources lost to full storage",
    "track_points": "god tracks", "extra_rewards": "Extra Rewards tiles", "favor": "Favor (Caprice tiles)",
    "rounds": "rounds", "score": "final score", "caprice_tile_uses": "Caprice tile uses",
}


class Names:
    """Display names per (kind, id), e.g. ("caprices", "mon_peuple_m_adore") -> "Mon peuple m'adore !"."""

    def __init__(self, rows: dict[tuple[str, str], str] | None = None) -> None:
        self.rows = rows or {}

    @classmethod
    def from_warehouse(cls, con: duckdb.DuckDBPyConnection) -> Names:
        try:
            found = con.execute("select kind, id, any_value(name) from display_names group by kind, id").fetchall()
        except duckdb.CatalogException:  # a warehouse built before display names existed
            found = []
        return cls({(kind, ident): name for kind, ident, name in found})

    def __call__(self, kind: str, ident: Any) -> str:
        """The display name of `ident`, or the id made readable."""
        key = str(ident)
        return self.rows.get((kind, key)) or MEASURES.get(key) or key.replace("_", " ")

    def game(self, game: str) -> str:
        return self("game", game)

    def ruleset(self, ruleset: str) -> str:
        return self("ruleset", ruleset)


def pct(x: float) -> str:
    """A rate as a percentage with one decimal."""
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


def points(x: float, digits: int = 1) -> str:
    """A rate difference in percentage points, signed."""
    return f"{100 * x:+.{digits}f} points"


def rate_ci(rate: float, lo: float, hi: float) -> str:
    """'32.5% (31.6–33.4%)'."""
    return f"{pct(rate)} ({pct(lo).rstrip('%')}–{pct(hi)})"


def value_ci(value: float, lo: float, hi: float, digits: int = 1, signed: bool = False) -> str:
    """'+1.9 (1.7 to 2.1)' for values that may be negative."""
    sign = "+" if signed else ""
    return f"{value:{sign}.{digits}f} ({lo:.{digits}f} to {hi:.{digits}f})"


def count(n: Any) -> str:
    """A count as an integer with thousands separators."""
    return "–" if n is None or (isinstance(n, float) and math.isnan(n)) else f"{int(round(float(n))):,}"


def agents_words(agents: str) -> str:
    """A seat-by-seat agent list ('greedy,greedy,greedy') as its kinds of play ('greedy', 'greedy + random')."""
    return " + ".join(sorted(set(str(agents).split(","))))


def seat(index: Any) -> str:
    """Seat index 0 (plays first) as 'seat 1'."""
    return f"seat {int(index) + 1}"


def plain_value(raw: str) -> str:
    """A ruleset value (stored as JSON) in plain words: lists comma-separated, tables as key → value."""
    try:
        value = json.loads(raw)
    except (TypeError, json.JSONDecodeError):
        return str(raw)
    return _plain(value)


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if len(value) > 12 or any(isinstance(v, dict | list) for v in value):
            return f"{len(value)} entries (listed in the ruleset file)"
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} → {_plain(v)}" for k, v in value.items())
    return str(value)


def names_frame(frame: pd.DataFrame, names: Names, column: str, kind: str) -> pd.Series:
    """A column of ids as display names."""
    return frame[column].map(lambda ident: names(kind, ident))
