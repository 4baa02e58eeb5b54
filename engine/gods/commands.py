"""What a player may ask to do; `rules.decide` turns a command into events."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Draw:
    """With both hands free, draw `count` tiles from the bag."""

    player: int
    count: int


@dataclass(frozen=True, slots=True)
class Place:
    """Put a tile into the world; source -1 = own hand, else that seat's discard area (needs a free hand)."""

    player: int
    source: int
    tile: int
    cell: int
    face: int
    rotation: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Put a tile from hand into the own discard area."""

    player: int
    tile: int


@dataclass(frozen=True, slots=True)
class ClaimGod:
    """Claim the god of a landscape (index into LANDSCAPES)."""

    player: int
    landscape: int


@dataclass(frozen=True, slots=True)
class PlaceProphet:
    """Put a prophet on one landscape group of the tile the player has just placed."""

    player: int
    group: int


@dataclass(frozen=True, slots=True)
class PlaceCity:
    """Put a city marker on an empty space believed unfillable."""

    player: int
    cell: int


@dataclass(frozen=True, slots=True)
class ClaimCity:
    """Claim an unclaimed, unbroken city with a prophet."""

    player: int
    city: int


@dataclass(frozen=True, slots=True)
class DeclareEnd:
    """Nobody can place any more (or the frame is full): end and score the game."""

    player: int


Command = Draw | Place | Discard | ClaimGod | PlaceProphet | PlaceCity | ClaimCity | DeclareEnd
