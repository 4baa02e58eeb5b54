"""What a player may ask to do; `decide` turns a command into events.

A command is what a player commits to when it starts thinking: the game
draws its think time from the ruleset (the action type's mean times the
player's pace) and carries it out when that time is up, or the command says
when with `at_ms` (simulated ms since the start, e.g. from a recorded game).
`DeclareEnd` takes no time.

Commands are values nobody changes once made; they are not declared frozen
only because a frozen dataclass is four times slower to create, and the
rules create thousands per game (every placement a player could make).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# when a command is checked: as the player commits to it, and again as it comes due (see `decide`)
PLAN = "plan"
DUE = "due"


@dataclass(slots=True, unsafe_hash=True)
class Timed:
    """`at_ms`: when the action happens (None = after a think time drawn from the ruleset)."""

    at_ms: int | None = field(default=None, kw_only=True)


@dataclass(slots=True, unsafe_hash=True)
class Draw(Timed):
    """With both hands free, draw `count` tiles from the bag."""

    player: int
    count: int


@dataclass(slots=True, unsafe_hash=True)
class Place(Timed):
    """Put a tile into the world; source -1 = own hand, else that seat's discard area (needs a free hand)."""

    player: int
    source: int
    tile: int
    cell: int
    face: int
    rotation: int


@dataclass(slots=True, unsafe_hash=True)
class Discard(Timed):
    """Put a tile from hand into the own discard area."""

    player: int
    tile: int


@dataclass(slots=True, unsafe_hash=True)
class ClaimGod(Timed):
    """Claim the god of a landscape (index into LANDSCAPES)."""

    player: int
    landscape: int


@dataclass(slots=True, unsafe_hash=True)
class PlaceProphet(Timed):
    """Put a prophet on one landscape group of the tile the player has just placed."""

    player: int
    group: int


@dataclass(slots=True, unsafe_hash=True)
class PlaceCity(Timed):
    """Put a city marker on an empty space believed unfillable."""

    player: int
    cell: int


@dataclass(slots=True, unsafe_hash=True)
class ClaimCity(Timed):
    """Claim an unclaimed, unbroken city with a prophet."""

    player: int
    city: int


@dataclass(slots=True, unsafe_hash=True)
class Wait(Timed):
    """Do nothing for a while, then look at the board again."""

    player: int


@dataclass(slots=True, unsafe_hash=True)
class DeclareEnd:
    """The world is full or nothing more can be placed: the players agree the game is over (no think time)."""

    player: int


Command = Draw | Place | Discard | ClaimGod | PlaceProphet | PlaceCity | ClaimCity | Wait | DeclareEnd

# the action type of each timed command: its [think] mean in the ruleset, `action` in the log
ACTION_OF: dict[type, str] = {
    Draw: "draw", Place: "place", Discard: "discard", ClaimGod: "claim_god", PlaceProphet: "prophet",
    PlaceCity: "place_city", ClaimCity: "claim_city", Wait: "wait",
}
