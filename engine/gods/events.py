"""4 Gods events: what happened, with every chance outcome and think time in the event.

Real time in two steps per action: `action_planned` is logged when a player
commits to an action, with the command (what, where) and its `think_ms`
(drawn in `decide`: when the action happens). At that time the action either
happens (`tiles_drawn`, `tile_placed`, ...: the command is the plan's, so
these events carry only what the plan could not know) or fails because the
board changed meanwhile (`plan_failed`, naming the rule the attempt broke).
A wait is planned like an action and ends silently: the player plans again.
`tiles_dealt` carries each player's timing profile (named after its agent,
see `clock.py`), that profile's mean think time for placing a tile and the
player's rank in the game's tie order.

Version 1 (before plans) logged every action with its fields, the actor's
next think time and a random 64-bit tie-break `lot`, and the bag order as
JSON. A version-1 row reads as the version-2 event of the same type (the
fields version 2 takes from the plan stay in the lake's columns, which the
warehouse reads); a version-1 game does not replay under these rules.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyarrow as pa

from engine.core.events import Event, fast_init


@dataclass(frozen=True, slots=True)
class BagShuffled(Event):
    """The bag's tile order after the shuffle (hidden from players); logged by version-2 games only.

    Games now draw each tile when it comes out (`tiles_dealt`, `tiles_drawn`
    name them), so a recorded playtest needs no bag order; the event stays so
    older logs replay.
    """

    TYPE = "bag_shuffled"
    VERSION = 2
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TilesDealt(Event):
    """A player's starting tiles, drawn from the bag, its timing profile (from its agent), mean place time,
    and its rank in the game's tie order (drawn at setup: who goes first when two moments fall together)."""

    TYPE = "tiles_dealt"
    VERSION = 2
    player: int
    tiles: tuple[int, ...]
    profile: str
    think_mean_ms: int
    tie_rank: int = 0


@dataclass(frozen=True, slots=True)
class ActionPlanned(Event):
    """A player committed to an action from the board it saw; it happens `think_ms` later (if still possible).

    The command's fields: place (tile, x, y, face, rotation, source), draw
    (count), discard (tile), claim_god (god), prophet (group), place_city
    (x, y), claim_city (city), wait (none); the others are null.
    """

    TYPE = "action_planned"
    player: int
    action: str
    think_ms: int
    tile: int | None = None
    x: int | None = None
    y: int | None = None
    face: int | None = None
    rotation: int | None = None
    source: int | None = None
    count: int | None = None
    god: str | None = None
    group: int | None = None
    city: int | None = None


@dataclass(frozen=True, slots=True)
class PlanFailed(Event):
    """The player's planned action became impossible while it was thinking; `rule` says why. Its time is spent."""

    TYPE = "plan_failed"
    player: int
    rule: str


@dataclass(frozen=True, slots=True)
class TilesDrawn(Event):
    """A player's planned draw happened: `tiles` came out of the bag, as many as planned or the last ones left.

    Version 3 names the tiles (drawn when the draw happens: the bag has no
    order). A version-2 row has none: its tiles come off the top of the bag
    order its game's `bag_shuffled` logged, so old logs still replay.
    """

    TYPE = "tiles_drawn"
    VERSION = 3
    player: int
    tiles: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    """A player's planned placement happened (where and how: its action_planned).

    `tile` is set only when the planned tile was gone from its discard area and
    an identical one was taken instead.
    """

    TYPE = "tile_placed"
    VERSION = 2
    player: int
    tile: int | None = None


@dataclass(frozen=True, slots=True)
class TileDiscarded(Event):
    """A player's planned discard happened: the tile is in its discard area."""

    TYPE = "tile_discarded"
    VERSION = 2
    player: int


@dataclass(frozen=True, slots=True)
class GodClaimed(Event):
    """A player's planned god claim happened (one player per god)."""

    TYPE = "god_claimed"
    VERSION = 2
    player: int


@dataclass(frozen=True, slots=True)
class ProphetPlaced(Event):
    """A player's planned prophet went on the tile it has just placed, claiming that landscape region."""

    TYPE = "prophet_placed"
    VERSION = 2
    player: int


@dataclass(frozen=True, slots=True)
class CityPlaced(Event):
    """A player's planned city marker went on the empty space it believes no tile can fill."""

    TYPE = "city_placed"
    VERSION = 2
    player: int


@dataclass(frozen=True, slots=True)
class CityClaimed(Event):
    """A player's planned city claim happened: one of its prophets holds the city."""

    TYPE = "city_claimed"
    VERSION = 2
    player: int


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
    """The game is over: why (frame_full, bag_empty, stuck, idle) and who declared it."""

    TYPE = "game_ended"
    end_reason: str
    declared_by: int
    tiles_placed: int
    cities: int


GODS_EVENTS: tuple[type[Event], ...] = (
    BagShuffled, TilesDealt, ActionPlanned, PlanFailed, TilesDrawn, TilePlaced, TileDiscarded, GodClaimed,
    ProphetPlaced, CityPlaced, CityClaimed, CityBroken, LandscapeScored, PlayerScored, GameEnded,
)
PROGRESS: frozenset[type[Event]] = frozenset({TilesDrawn, TilePlaced, TileDiscarded, CityPlaced})
"""What counts as progress for the idle end (`end.idle_ms`): a tile drawn, placed (a city broken too) or
discarded, or a city marker placed; a god, a prophet or a claimed city changes no space, and each is bounded."""
for _cls in GODS_EVENTS:  # a plan and an outcome per action of every game: built without dataclass overhead
    fast_init(_cls)

COLUMNS: dict[str, pa.DataType] = {
    "tile": pa.int16(),
    "tiles": pa.list_(pa.int16()),
    "order": pa.list_(pa.int16()),
    "x": pa.int8(),
    "y": pa.int8(),
    "face": pa.int8(),
    "rotation": pa.int8(),
    "source": pa.int8(),
    "action": pa.string(),
    "think_ms": pa.int32(),
    "count": pa.int8(),
    "rule": pa.string(),
    "group": pa.int8(),
    "profile": pa.string(),
    "think_mean_ms": pa.int32(),
    "tie_rank": pa.int8(),
    "god": pa.string(),
    "landscape": pa.string(),
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
