"""Applying one event to the state: never fails, never draws, never reads a clock.

An action event of player p happens at max(clock, p's ready time); its
`think_ms` then sets p's next ready time and its `lot` the tie-break key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.events import Event
from engine.gods.board import cell_at, edge_update
from engine.gods.events import (
    BagShuffled,
    CityBroken,
    CityClaimed,
    CityPlaced,
    GameEnded,
    GodClaimed,
    LandscapeScored,
    PlayerScored,
    ProphetPlaced,
    TileDiscarded,
    TilePlaced,
    TilesDealt,
    TilesDrawn,
)
from engine.gods.state import EMPTY, City, GodsState
from engine.gods.tiles import LANDSCAPES


def evolve(state: GodsState, event: Event) -> GodsState:
    """Apply one event (in place) and return the state."""
    state.version += 1
    if state.cache:
        state.cache.clear()
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(state, event)
    return state


def _act(state: GodsState, player: int, think_ms: int, lot: int, keeps_just_placed: bool = False) -> None:
    """Advance the clock to the acting player's time and schedule its next decision."""
    state.clock_ms = max(state.clock_ms, state.ready[player])
    state.ready[player] = state.clock_ms + think_ms
    state.lot[player] = lot
    state.turn += 1
    if not keeps_just_placed:
        state.just_placed[player] = EMPTY


def _bag_shuffled(state: GodsState, e: BagShuffled) -> None:
    state.bag = list(e.order)
    state.bag_top = 0


def _tiles_dealt(state: GodsState, e: TilesDealt) -> None:
    """Starting tiles and the first decision's time (setup: no action, the clock stays)."""
    state.hands[e.player].extend(e.tiles)
    state.bag_top += len(e.tiles)
    state.profile[e.player] = e.profile
    state.ready[e.player] = state.clock_ms + e.think_ms
    state.lot[e.player] = e.lot


def _tiles_drawn(state: GodsState, e: TilesDrawn) -> None:
    _act(state, e.player, e.think_ms, e.lot)
    state.hands[e.player].extend(e.tiles)
    state.bag_top += len(e.tiles)


def _tile_placed(state: GodsState, e: TilePlaced) -> None:
    _act(state, e.player, e.think_ms, e.lot)
    if e.source < 0:
        state.hands[e.player].remove(e.tile)
    else:
        state.discards[e.source].remove(e.tile)
    cell = cell_at(e.x, e.y)
    orientation = state.config.tiles.orientation(e.tile, e.face, e.rotation)
    state.tile_at[cell], state.face_at[cell], state.rot_at[cell] = e.tile, e.face, e.rotation
    state.edges_at[cell], state.groups_at[cell] = orientation.edges, orientation.groups
    if state.city_at[cell] == EMPTY:
        state.filled += 1
    for neighbour, delta in edge_update(cell, orientation.edges):
        state.pattern_at[neighbour] += delta
        state.sides_at[neighbour] += 1
    state.just_placed[e.player] = cell


def _tile_discarded(state: GodsState, e: TileDiscarded) -> None:
    _act(state, e.player, e.think_ms, e.lot)
    state.hands[e.player].remove(e.tile)
    state.discards[e.player].append(e.tile)


def _god_claimed(state: GodsState, e: GodClaimed) -> None:
    _act(state, e.player, e.think_ms, e.lot, keeps_just_placed=True)
    landscape = LANDSCAPES.index(e.god)
    state.god_of[landscape] = e.player
    state.player_god[e.player] = landscape
    state.god_ms[e.player] = state.clock_ms


def _prophet_placed(state: GodsState, e: ProphetPlaced) -> None:
    _act(state, e.player, e.think_ms, e.lot)
    cell = cell_at(e.x, e.y)
    state.prophets.append((cell, e.group, e.player))
    state.prophets_left[e.player] -= 1
    on_tile = sum(1 for c, _, p in state.prophets if c == cell and p == e.player)
    if on_tile < state.config.prophets_per_placed_tile:
        state.just_placed[e.player] = cell  # the tile is still "just placed" for another prophet


def _city_placed(state: GodsState, e: CityPlaced) -> None:
    _act(state, e.player, e.think_ms, e.lot)
    cell = cell_at(e.x, e.y)
    state.cities.append(City(cell, e.player))
    state.city_at[cell] = e.city
    state.filled += 1


def _city_claimed(state: GodsState, e: CityClaimed) -> None:
    _act(state, e.player, e.think_ms, e.lot)
    state.cities[e.city].claimant = e.player
    state.prophets_left[e.player] -= 1


def _city_broken(state: GodsState, e: CityBroken) -> None:
    city = state.cities[e.city]
    city.broken_by = e.player
    if city.claimant != EMPTY and state.config.prophet_returns_when_broken:
        state.prophets_left[city.claimant] += 1
    city.claimant = EMPTY
    state.city_at[city.cell] = EMPTY


def _player_scored(state: GodsState, e: Event) -> None:
    """Scores are read from the board; the events are kept so the seal covers what they report."""
    state.scored.append(e)


def _game_ended(state: GodsState, e: GameEnded) -> None:
    state.end_reason = e.end_reason


_HANDLERS: dict[type, Callable[[GodsState, Any], None]] = {
    BagShuffled: _bag_shuffled,
    TilesDealt: _tiles_dealt,
    TilesDrawn: _tiles_drawn,
    TilePlaced: _tile_placed,
    TileDiscarded: _tile_discarded,
    GodClaimed: _god_claimed,
    ProphetPlaced: _prophet_placed,
    CityPlaced: _city_placed,
    CityClaimed: _city_claimed,
    CityBroken: _city_broken,
    LandscapeScored: _player_scored,
    PlayerScored: _player_scored,
    GameEnded: _game_ended,
}
