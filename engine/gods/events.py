"""4 Gods events: what happened, with every chance outcome and think time in the event.

Action events carry `think_ms` (the acting player's next think time, drawn
in `decide`) and `lot` (a random key that breaks exact ready-time ties):
applying one sets the player's next ready time to clock + think_ms.
`tiles_dealt` carries each player's first think time, its timing profile
(named after its agent, see `clock.py`) and that profile's mean think time.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyarrow as pa

from engine.core.events import Event


@dataclass(frozen=True, slots=True)
class BagShuffled(Event):
    """The bag's tile order after the shuffle (hidden from players)."""

    TYPE = "bag_shuffled"
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TilesDealt(Event):
    """A player's starting tiles from the top of the bag, timing profile (from its agent) and first think time."""

    TYPE = "tiles_dealt"
    player: int
    tiles: tuple[int, ...]
    profile: str
    think_mean_ms: int
    think_ms: int
    lot: int


@dataclass(frozen=True, slots=True)
class TilesDrawn(Event):
    """A player with both hands free drew tiles from the top of the bag."""

    TYPE = "tiles_drawn"
    player: int
    tiles: tuple[int, ...]
    think_ms: int
    lot: int


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    """A tile went into the world; source -1 = own hand, else the seat whose discard area it came from."""

    TYPE = "tile_placed"
    player: int
    tile: int
    x: int
    y: int
    face: int
    rotation: int
    source: int
    think_ms: int
    lot: int


@dataclass(frozen=True, slots=True)
class TileDiscarded(Event):
    """A player put a tile from hand into their own discard area."""

    TYPE = "tile_discarded"
    player: int
    tile: int
    think_ms: int
    lot: int


@dataclass(frozen=True, slots=True)
class GodClaimed(Event):
    """A player claimed the god of a landscape (one player per god)."""

    TYPE = "god_claimed"
    player: int
    god: str
    think_ms: int
    lot: int


@dataclass(frozen=True, slots=True)
class ProphetPlaced(Event):
    """A prophet on the player's just-placed tile, claiming one landscape region."""

    TYPE = "prophet_placed"
    player: int
    x: int
    y: int
    group: int
    landscape: str
    region_size: int
    think_ms: int
    lot: int


@dataclass(frozen=True, slots=True)
class CityPlaced(Event):
    """A city marker on an empty space the player believes no tile can fill."""

    TYPE = "city_placed"
    player: int
    city: int
    x: int
    y: int
    think_ms: int
    lot: int


@dataclass(frozen=True, slots=True)
class CityClaimed(Event):
    """A player claimed a city with one of their prophets."""

    TYPE = "city_claimed"
    player: int
    city: int
    think_ms: int
    lot: int


@dataclass(frozen=True, slots=True)
class CityBroken(Event):
    """A fitting tile replaced a city; the breaker now holds it (previous claimant loses it)."""

    TYPE = "city_broken"
    player: int
    city: int
    claimant: int


@dataclass(frozen=True, slots=True)
class LandscapeScored(Event):
    """At the end: a landscape's mass and groups, the bonuses they earn and who holds its god (-1 nobody)."""

    TYPE = "landscape_scored"
    landscape: str
    mass: int
    groups: int
    mass_bonus: int
    groups_bonus: int
    holder: int


@dataclass(frozen=True, slots=True)
class PlayerScored(Event):
    """A player's final score, rank, share of the win and score components."""

    TYPE = "player_scored"
    player: int
    score: int
    rank: int
    win_share: float
    city_points: int
    region_points: int
    mass_bonus: int
    groups_bonus: int
    god: str
    god_claimed_ms: int
    prophets_placed: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: why (frame_full, bag_empty, stuck) and who declared it."""

    TYPE = "game_ended"
    end_reason: str
    declared_by: int
    tiles_placed: int
    cities: int


GODS_EVENTS: tuple[type[Event], ...] = (
    BagShuffled, TilesDealt, TilesDrawn, TilePlaced, TileDiscarded, GodClaimed,
    ProphetPlaced, CityPlaced, CityClaimed, CityBroken, LandscapeScored, PlayerScored, GameEnded,
)

COLUMNS: dict[str, pa.DataType] = {
    "tile": pa.int16(),
    "tiles": pa.list_(pa.int16()),
    "x": pa.int8(),
    "y": pa.int8(),
    "face": pa.int8(),
    "rotation": pa.int8(),
    "source": pa.int8(),
    "think_ms": pa.int32(),
    "lot": pa.int32(),
    "group": pa.int8(),
    "profile": pa.string(),
    "think_mean_ms": pa.int32(),
    "god": pa.string(),
    "landscape": pa.string(),
    "region_size": pa.int16(),
    "city": pa.int8(),
    "claimant": pa.int8(),
    "score": pa.int32(),
    "rank": pa.int8(),
    "win_share": pa.float64(),
    "city_points": pa.int16(),
    "region_points": pa.int16(),
    "mass_bonus": pa.int16(),
    "groups_bonus": pa.int16(),
    "mass": pa.int16(),
    "groups": pa.int16(),
    "holder": pa.int8(),
    "god_claimed_ms": pa.int64(),
    "prophets_placed": pa.int16(),
    "end_reason": pa.string(),
    "declared_by": pa.int8(),
    "tiles_placed": pa.int16(),
    "cities": pa.int8(),
}
