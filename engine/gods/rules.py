"""The 4 Gods ruleset read into plain data (`Rules`), every key checked (errors name file and key)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from engine.core.buffer import CORE_COLUMNS
from engine.core.errors import RulesetError
from engine.core.ruleset import Ruleset, resolve_ruleset
from engine.gods.events import COLUMNS
from engine.gods.ruleset_schema import SCHEMA
from engine.gods.tiles import FaceError, TileSet

RULESETS_DIR = Path(__file__).parent / "rulesets"
CITY_PLACEMENT_RULES = ("no_visible_tile_fits", "no_tile_of_the_set_fits")
MASS_MEASURES = ("edges", "tiles")
MASS_OF = ("total", "largest_region")
BONUS_TIES = ("each_full",)
WINNER_TIES = ("shared",)
FULL_WORLD = ("tiles_and_cities", "tiles_only")
TILES_CONSIDERED = ("hands_discards_bag", "hands_discards")
WHEN_STUCK = ("game_ends",)  # nobody can place, draw or discard while a fitting tile is still in the bag
WAIT_RULES = ("any_time", "when_nothing_else")
MAX_IDLE_MS = 86_400_000  # end.idle_ms: a day of game time (0 = no limit)
# the action types a player commits to, each with its mean think time in [think]
ACTIONS = ("draw", "place", "discard", "claim_god", "prophet", "place_city", "claim_city", "wait")


@dataclass(frozen=True)
class Timing:
    """A pace profile: think-time multiplier and lognormal log-space spread."""

    pace: float
    sigma: float

    def mu(self, mean_ms: float) -> float:
        """Log-space location giving a think time of mean `mean_ms` at this pace."""
        return math.log(mean_ms * self.pace) - self.sigma**2 / 2


@dataclass(frozen=True)
class Rules:
    """Everything the rules read from a ruleset, already validated."""

    player_counts: tuple[int, ...]
    size: int
    tiles: TileSet
    start_tiles: int
    draw_counts: tuple[int, ...]
    wait_rule: str
    discard_limit: dict[int, int]
    city_markers: int
    city_points: int
    city_placement: str
    city_min_tile_sides: int
    city_counts_as_side: bool
    prophet_returns_when_broken: bool
    prophets: int
    prophets_per_placed_tile: int
    region_min_tiles: int
    winner_ties: str
    mass_bonus: tuple[int, ...]
    groups_bonus: tuple[int, ...]
    mass_measure: str
    mass_of: str
    groups_min_tiles: int
    bonus_ties: str
    full_world: str
    tiles_considered: str
    when_stuck: str  # one of WHEN_STUCK (end.py)
    idle_ms: int  # the players agree the end after this long without progress (end.py); 0: never
    think_ms: dict[str, float]
    think_resolution_ms: int
    timing: dict[str, Timing]


def load(name_or_path: str) -> Ruleset:
    """Load and validate a 4 Gods ruleset by name or path."""
    try:
        ruleset = resolve_ruleset("gods", RULESETS_DIR, name_or_path, SCHEMA, {**CORE_COLUMNS, **COLUMNS})
    except RulesetError:
        _check_not_before_plans(resolve_ruleset("gods", RULESETS_DIR, name_or_path))  # the clearer message first
        raise
    config_of(ruleset)
    return ruleset


def config_of(ruleset: Ruleset) -> Rules:
    """The validated config of a ruleset (cached by digest: fit tables are built once)."""
    config = _CACHE.get(ruleset.digest)
    if config is None:
        config = _CACHE[ruleset.digest] = _build(ruleset)
    return config


_CACHE: dict[str, Rules] = {}


def _build(r: Ruleset) -> Rules:
    counts = tuple(_int_list(r, "players.counts", 2, 4))
    return Rules(
        player_counts=counts,
        size=r.choice("board.size", (8,)),
        tiles=_tiles(r),
        start_tiles=r.integer("hands.start_tiles", 0, 2),
        draw_counts=(1, 2) if r.require("hands.draw_one", bool) else (2,),
        wait_rule=r.choice("actions.wait", WAIT_RULES),
        discard_limit={n: r.integer(f"discard.limit_{n}p", 0, 100) for n in counts},
        city_markers=r.integer("cities.markers", 0, 64),
        city_points=r.integer("cities.points", 0, 100),
        city_placement=r.choice("cities.placement", CITY_PLACEMENT_RULES),
        city_min_tile_sides=r.integer("cities.min_tile_sides", 0, 4),
        city_counts_as_side=r.require("cities.count_as_side", bool),
        prophet_returns_when_broken=r.require("cities.prophet_returns_when_broken", bool),
        prophets=r.integer("prophets.per_player", 0, 64),
        prophets_per_placed_tile=r.integer("prophets.per_placed_tile", 1, 4),
        region_min_tiles=r.integer("scoring.region_min_tiles", 1, 64),
        winner_ties=r.choice("scoring.winner_ties", WINNER_TIES),
        mass_bonus=tuple(_int_list(r, "bonus.mass", 0, 100)),
        groups_bonus=tuple(_int_list(r, "bonus.groups", 0, 100)),
        mass_measure=r.choice("bonus.mass_measure", MASS_MEASURES),
        mass_of=r.choice("bonus.mass_of", MASS_OF),
        groups_min_tiles=r.integer("bonus.groups_min_tiles", 1, 64),
        bonus_ties=r.choice("bonus.ties", BONUS_TIES),
        full_world=r.choice("end.full_world", FULL_WORLD),
        tiles_considered=r.choice("end.tiles_considered", TILES_CONSIDERED),
        when_stuck=r.choice("end.when_stuck", WHEN_STUCK, earlier="game_ends"),
        idle_ms=r.integer("end.idle_ms", 0, MAX_IDLE_MS, earlier=0),
        think_ms=_think_means(r),
        think_resolution_ms=r.integer("think.resolution_ms", 1, 1000),
        timing=_timings(r),
    )



def _check_not_before_plans(r: Ruleset) -> None:
    """A ruleset of the rules before real-time plans (one think time per profile) gets a way out, not a key error."""
    if "timing.default.mean_ms" in r.values and "think.place" not in r.values:
        raise r.error("think", "written for the 4 Gods rules before real-time plans (event log version 1: one think "
                               "time for every action, a random tie-break lot); runs made under it replay only with "
                               "the code version in their manifest. For new runs add [think], [actions], [end], "
                               "hands.draw_one, cities.count_as_side, bonus.mass_of and timing paces as in "
                               "standard.toml")


def _int_list(r: Ruleset, key: str, lo: int, hi: int) -> list[int]:
    values = r.require(key, list)
    if not values or any(isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi for v in values):
        raise r.error(key, f"must be a non-empty list of integers between {lo} and {hi}, got {values!r}")
    return values



def _tiles(r: Ruleset) -> TileSet:
    key = "tiles.kinds"
    entries = r.require(key, list)
    kinds: list[tuple[str, int]] = []
    for i, entry in enumerate(entries):
        text, _, count = str(entry).partition("*")
        if not count.strip().isdigit():
            raise r.error(f"{key}[{i}]", f"{entry!r}: write 'FRONT/BACK * COUNT', e.g. 'FFMM/SSPP * 4'")
        kinds.append((text.strip(), int(count)))
    try:
        tiles = TileSet(kinds)
    except FaceError as exc:
        raise r.error(key, f"{exc}") from None
    if len(tiles) < 64:
        raise r.error(key, f"only {len(tiles)} tiles; the 8x8 frame needs at least 64")
    return tiles


def _think_means(r: Ruleset) -> dict[str, float]:
    means = {}
    for action in ACTIONS:
        mean = r.require(f"think.{action}", (int, float))
        if not 1 <= mean <= 3_600_000:
            raise r.error(f"think.{action}", f"mean think time must be 1 ms to one hour, got {mean}")
        means[action] = float(mean)
    return means


def _timings(r: Ruleset) -> dict[str, Timing]:
    names = sorted({k.split(".")[1] for k in r.values if k.startswith("timing.")})
    if "default" not in names:
        raise r.error("timing.default", "missing; add pace and sigma for agents without their own profile")
    timings = {}
    for name in names:
        pace = r.require(f"timing.{name}.pace", (int, float))
        sigma = r.require(f"timing.{name}.sigma", (int, float))
        if not 0.01 <= pace <= 100 or not 0 <= sigma <= 3:
            raise r.error(f"timing.{name}", f"pace must be 0.01-100 and sigma 0-3, got {pace}, {sigma}")
        timings[name] = Timing(float(pace), float(sigma))
    return timings
