"""Every key a 4 Gods ruleset may hold, and the bounds of its value (see engine.core.ruleset_schema).

Think times (`think.<action>` means, `timing.<profile>.pace` / `.sigma`) are
bounded so a think time stays within a game's clock (a mean above an hour, a
pace outside 0.01-100, or a log-space spread above 3, is a typo, not a
variant). Relations between values (the tile set, the timing profiles
present, every action's mean) are checked in `config`.
"""

from __future__ import annotations

from engine.core.ruleset_schema import Bool, Choice, Int, Ints, Number, Rule, Table

SCHEMA: dict[str, Rule] = {
    "players.counts": Ints(2, 4, max_len=3, column="num_players"),
    "board.size": Choice(8),
    "tiles.kinds": Table(),
    "hands.start_tiles": Int(0, 2),
    "hands.draw_one": Bool(),
    "discard.limit_*p": Int(0, 100),
    "cities.markers": Int(0, 64, column="cities"),
    "cities.points": Int(0, 100, column="city_points"),
    "cities.placement": Choice("no_visible_tile_fits", "no_tile_of_the_set_fits"),
    "cities.min_tile_sides": Int(0, 4),
    "cities.count_as_side": Bool(),
    "cities.prophet_returns_when_broken": Bool(),
    "prophets.per_player": Int(0, 64),
    "prophets.per_placed_tile": Int(1, 4),
    "scoring.region_min_tiles": Int(1, 64),
    "scoring.winner_ties": Choice("shared"),
    "bonus.mass": Ints(0, 100, max_len=4, column="mass_bonus"),
    "bonus.groups": Ints(0, 100, max_len=4, column="groups_bonus"),
    "bonus.mass_measure": Choice("edges", "tiles"),
    "bonus.mass_of": Choice("total", "largest_region"),
    "bonus.groups_min_tiles": Int(1, 64),
    "bonus.ties": Choice("each_full"),
    "end.full_world": Choice("tiles_and_cities", "tiles_only"),
    "end.tiles_considered": Choice("hands_discards_bag", "hands_discards"),
    "end.when_stuck": Choice("game_ends"),
    "end.idle_ms": Int(0, 86_400_000),
    "actions.wait": Choice("any_time", "when_nothing_else"),
    "think.resolution_ms": Int(1, 1000),
    "think.*": Number(1, 3_600_000),
    "timing.*.pace": Number(0.01, 100),
    "timing.*.sigma": Number(0, 3),
}
