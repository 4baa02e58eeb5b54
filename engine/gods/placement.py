"""Placement: where a tile may go, from where, and how it may lie.

Seed: a tile must touch two sides (the frame or tiles already placed) and all
landscapes must match at its edges, so play starts in the corners and grows
inward; a player places from its own hands, or with a free hand takes any
tile from any discard area; a fitting tile may replace a city ("breaking"
it, see `cities`). Legality is a table look-up (`tiles`: fit tables per
constraint pattern, kept up per cell by `evolve`).
"""

from __future__ import annotations

from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods.board import xy
from engine.gods.commands import DUE, PLAN, Command, Place
from engine.gods.events import CityBroken, TilePlaced
from engine.gods.hands import HAND, HANDS
from engine.gods.state import EMPTY, NOBODY, GodsState


def open_cells(state: GodsState) -> list[int]:
    """Empty spaces (no tile, no city) touching at least two sides, in cell order (kept up by evolve)."""
    return state.open_cells


def tile_spaces(state: GodsState) -> list[int]:
    """Spaces a fitting tile may go: open spaces and unbroken cities (none once the world is full)."""
    if state.full:
        return []
    return open_cells(state) + [c.cell for c in state.cities if c.broken_by == NOBODY]


def tile_sources(state: GodsState, player: int) -> list[tuple[int, int]]:
    """(source, tile) a player may place: own hand; any discard area with a free hand (one tile per kind)."""
    sources = [(HAND, t) for t in state.hands[player]]
    if len(state.hands[player]) < HANDS:
        kind_of = state.config.tiles.kind_of
        for owner, pile in enumerate(state.discards):
            kinds: set[int] = set()
            for t in pile:
                if kind_of[t] not in kinds:
                    kinds.add(kind_of[t])
                    sources.append((owner, t))
    return sources


def placements(state: GodsState, player: int) -> list[Command]:
    """Every distinct legal placement (one orientation per distinct way a tile can lie)."""
    sources = tile_sources(state, player)
    if not sources:
        return []
    cells = tile_spaces(state)
    tiles = state.config.tiles
    tables = [(source, tile, tiles.fits[tiles.kind_of[tile]]) for source, tile in sources]
    pattern_at = state.pattern_at
    out: list[Command] = []
    for cell in cells:
        pattern = pattern_at[cell]
        for source, tile, table in tables:
            for o in table[pattern]:
                out.append(Place(player, source, tile, cell, o.face, o.rotation))
    return out


def check_place(state: GodsState, c: Place, when: str) -> None:
    """The tile is the player's to place, and it fits the space as it lies."""
    _check_source(state, c, when)
    _check_space(state, c, when)


def _check_source(state: GodsState, c: Place, when: str) -> None:
    if c.source == HAND:
        if c.tile not in state.hands[c.player]:
            raise IllegalCommand("tile_not_in_hand", f"tile {c.tile} is not in player {c.player}'s hands")
        return
    if len(state.hands[c.player]) >= HANDS:
        raise IllegalCommand("needs_free_hand", "taking from a discard area needs a free hand")
    if _discard_tile(state, c, when) is None:
        raise IllegalCommand("tile_not_in_discard", f"tile {c.tile} is not in discard area {c.source}")


def _discard_tile(state: GodsState, c: Place, when: str) -> int | None:
    """The tile a placement takes from a discard area: the named one; when due, any identical one will do."""
    if not 0 <= c.source < state.num_players:
        return None
    pile = state.discards[c.source]
    kind_of = state.config.tiles.kind_of
    first_alike = next((t for t in pile if kind_of[t] == kind_of[c.tile]), None) if 0 <= c.tile < len(kind_of) else None
    if when == DUE:
        return c.tile if c.tile in pile else first_alike
    if c.tile in pile and first_alike != c.tile:
        raise IllegalCommand("duplicate_tile", f"tile {c.tile} lies in discard area {c.source} with tile "
                                               f"{first_alike} of the same kind before it: take tile {first_alike}")
    return c.tile if c.tile in pile else None


def _check_space(state: GodsState, c: Place, when: str) -> None:
    if state.full:
        raise IllegalCommand("world_full", "the world is full")
    if not 0 <= c.cell < len(state.tile_at) or state.tile_at[c.cell] != EMPTY:
        raise IllegalCommand("space_taken", f"space {c.cell} is outside the frame or holds a tile")
    if state.sides_at[c.cell] < 2:
        raise IllegalCommand("two_sides", f"space {xy(c.cell)} touches {state.sides_at[c.cell]} sides; needs 2")
    if c.face not in (0, 1) or c.rotation not in range(4) or not 0 <= c.tile < len(state.config.tiles):
        raise IllegalCommand("orientation", f"tile must exist, face 0/1 and rotation 0-3, got {c.tile}, "
                                            f"{c.face}, {c.rotation}")
    tiles = state.config.tiles
    if not tiles.fits_at(c.tile, c.face, c.rotation, state.pattern_at[c.cell]):
        raise IllegalCommand("edges_match", f"tile {c.tile} face {c.face} rotation {c.rotation} mismatches "
                                            f"a neighbour's landscape at {xy(c.cell)}")
    listed = tiles.listed(c.tile, c.face, c.rotation)
    if when == PLAN and (listed.face, listed.rotation) != (c.face, c.rotation):
        raise IllegalCommand("duplicate_orientation", f"face {c.face} rotation {c.rotation} lies exactly like "
                                                      f"face {listed.face} rotation {listed.rotation}: give that")


def place_events(state: GodsState, c: Place) -> list[Event]:
    """The tile goes into the world (an identical one if the named one left its discard area); a city there breaks."""
    tile = c.tile if c.source == HAND else _discard_tile(state, c, DUE)
    events: list[Event] = [TilePlaced(c.player, None if tile == c.tile else tile)]
    city = state.city_at[c.cell]
    if city != EMPTY:
        events.append(CityBroken(c.player, city, state.cities[city].claimant))
    return events
