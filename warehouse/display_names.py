"""Display names per (kind, id) from the warehouse's `display_names` table, for every page and story.

The names come from the rulesets' `[names]` tables and each Caprice's `name`; an id without one is shown
with its underscores as spaces.
"""

from __future__ import annotations

from typing import Any

import duckdb

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
