"""Applying one event to the state: never fails, never draws, never reads a clock.

`action_planned` happens at the planning player's ready time: the clock moves
there, the command becomes the player's plan and comes due `think_ms` later.
The event that carries the plan out (or `plan_failed`) happens when it comes
due: the clock moves to that time and the player plans again. An event that
counts as progress (`events.PROGRESS`) also sets `progress_ms`, from which
the idle end is judged (`end.idle`): every log, however old, holds these.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable
from typing import Any

from engine.core.events import Event
from engine.gods.board import NEIGHBOURS, cell_at, edge_update
from engine.gods.commands import (
    ClaimCity,
    ClaimGod,
    Command,
    Discard,
    Draw,
    Place,
    PlaceCity,
    PlaceProphet,
    Wait,
)
from engine.gods.events import (
    PROGRESS,
    ActionPlanned,
    CityBroken,
    CityClaimed,
    CityPlaced,
    GameEnded,
    GodClaimed,
    LandscapeScored,
    PlanFailed,
    PlayerScored,
    ProphetPlaced,
    TileDiscarded,
    TilePlaced,
    TilesDealt,
    TilesDrawn,
)
from engine.gods.state import EMPTY, City, GodsState
from engine.gods.tiles import LANDSCAPES

Handler = Callable[[GodsState, Any], None]


def make_evolve(handlers: dict[type, Handler]) -> Callable[[GodsState, Event], GodsState]:
    """An `evolve` over these handlers (today's events here; upcast.py adds what older logs hold)."""

    def evolve(state: GodsState, event: Event) -> GodsState:
        """Apply one event (in place) and return the state."""
        state.version += 1
        if state.cache:
            state.cache.clear()
        handler = handlers.get(type(event))
        if handler is not None:
            handler(state, event)
            if type(event) in PROGRESS:
                state.progress_ms = state.clock_ms  # when it happened (the handler moved the clock there)
        return state

    return evolve


# plans that keep the tile the player has just placed open for a prophet
_KEEP_JUST_PLACED = ("prophet", "claim_god")


def _action_planned(state: GodsState, e: ActionPlanned) -> None:
    """The player commits to an action at its ready time; it comes due think_ms later."""
    player = e.player
    state.clock_ms = max(state.clock_ms, state.ready[player])
    state.plan[player] = planned_command(e)
    state.plan_start[player] = state.clock_ms
    state.ready[player] = state.clock_ms + e.think_ms
    state.turn += 1
    if e.action not in _KEEP_JUST_PLACED:
        state.just_placed[player] = EMPTY


def planned_command(e: ActionPlanned) -> Command:
    """The command an action_planned event commits to."""
    p = e.player
    if e.action == "place":
        return Place(p, e.source, e.tile, cell_at(e.x, e.y), e.face, e.rotation)  # type: ignore[arg-type]
    if e.action == "draw":
        return Draw(p, e.count)  # type: ignore[arg-type]
    if e.action == "discard":
        return Discard(p, e.tile)  # type: ignore[arg-type]
    if e.action == "claim_god":
        return ClaimGod(p, LANDSCAPES.index(e.god))  # type: ignore[arg-type]
    if e.action == "prophet":
        return PlaceProphet(p, e.group)  # type: ignore[arg-type]
    if e.action == "place_city":
        return PlaceCity(p, cell_at(e.x, e.y))  # type: ignore[arg-type]
    if e.action == "claim_city":
        return ClaimCity(p, e.city)  # type: ignore[arg-type]
    return Wait(p)


def _act(state: GodsState, player: int) -> Any:
    """The player's plan comes due: the clock moves to that time and the player plans again; returns the plan."""
    state.clock_ms = max(state.clock_ms, state.ready[player])
    plan, state.plan[player] = state.plan[player], None
    return plan


def _plan_failed(state: GodsState, e: PlanFailed) -> None:
    _act(state, e.player)


def _tiles_dealt(state: GodsState, e: TilesDealt) -> None:
    """Starting tiles and the timing profile (setup: every player starts planning at 0)."""
    _take(state, e.tiles)
    state.hands[e.player].extend(e.tiles)
    state.profile[e.player] = e.profile
    state.tie_rank[e.player] = e.tie_rank


def _tiles_drawn(state: GodsState, e: TilesDrawn) -> None:
    _act(state, e.player)
    tiles: tuple[int, ...] = e.tiles  # type: ignore[assignment]  # today's rows name them (upcast.py: v2 rows)
    _take(state, tiles)
    state.hands[e.player].extend(tiles)


def _take(state: GodsState, tiles: tuple[int, ...]) -> None:
    """Tiles come out of the bag: each moves in front of `bag_top` (what is left after it has no order)."""
    bag = state.bag
    for tile in tiles:
        at = bag.index(tile, state.bag_top)
        bag[at], bag[state.bag_top] = bag[state.bag_top], tile
        state.bag_top += 1


def _tile_placed(state: GodsState, e: TilePlaced) -> None:
    plan: Place = _act(state, e.player)
    tile = plan.tile if e.tile is None else e.tile
    if plan.source < 0:
        state.hands[e.player].remove(tile)
    else:
        state.discards[plan.source].remove(tile)
    cell = plan.cell
    orientation = state.config.tiles.orientation(tile, plan.face, plan.rotation)
    state.tile_at[cell], state.face_at[cell], state.rot_at[cell] = tile, plan.face, plan.rotation
    state.edges_at[cell], state.groups_at[cell] = orientation.edges, orientation.groups
    on_city = state.city_at[cell] != EMPTY
    if not on_city:
        state.filled += 1
        _close(state, cell)
    state.tiles_on_board += 1
    kind = state.config.tiles.kind_of[tile]
    state.placed_of_kind[kind] += 1
    if state.placed_of_kind[kind] == state.config.tiles.count_of_kind[kind]:
        state.kinds_left &= ~(1 << kind)  # every tile of the kind is in the world
    counted = on_city and state.config.city_counts_as_side  # the city already gave its neighbours a side
    for neighbour, delta in edge_update(cell, orientation.edges):
        state.pattern_at[neighbour] += delta
        if not counted:
            _add_side(state, neighbour)
    state.just_placed[e.player] = cell


def _close(state: GodsState, cell: int) -> None:
    """A tile or a city now fills the space: it is no longer open."""
    at = bisect_left(state.open_cells, cell)
    if at < len(state.open_cells) and state.open_cells[at] == cell:
        del state.open_cells[at]


def _add_side(state: GodsState, cell: int) -> None:
    """One more side touches the space: at two, an empty space opens."""
    state.sides_at[cell] += 1
    if state.sides_at[cell] == 2 and state.tile_at[cell] == EMPTY and state.city_at[cell] == EMPTY:
        insort(state.open_cells, cell)


def _tile_discarded(state: GodsState, e: TileDiscarded) -> None:
    plan: Discard = _act(state, e.player)
    state.hands[e.player].remove(plan.tile)
    state.discards[e.player].append(plan.tile)


def _god_claimed(state: GodsState, e: GodClaimed) -> None:
    plan: ClaimGod = _act(state, e.player)
    landscape = plan.landscape
    state.god_of[landscape] = e.player
    state.player_god[e.player] = landscape
    state.god_ms[e.player] = state.clock_ms


def _prophet_placed(state: GodsState, e: ProphetPlaced) -> None:
    plan: PlaceProphet = _act(state, e.player)
    cell = state.just_placed[e.player]
    state.prophets.append((cell, plan.group, e.player))
    state.prophets_left[e.player] -= 1
    on_tile = sum(1 for c, _, p in state.prophets if c == cell and p == e.player)
    if on_tile >= state.config.prophets_per_placed_tile:
        state.just_placed[e.player] = EMPTY  # else the tile stays "just placed" for another prophet


def _city_placed(state: GodsState, e: CityPlaced) -> None:
    plan: PlaceCity = _act(state, e.player)
    cell = plan.cell
    state.city_at[cell] = len(state.cities)
    state.cities.append(City(cell, e.player))
    state.filled += 1
    _close(state, cell)
    if state.config.city_counts_as_side:
        for neighbour in NEIGHBOURS[cell]:
            if neighbour >= 0:
                _add_side(state, neighbour)


def _city_claimed(state: GodsState, e: CityClaimed) -> None:
    plan: ClaimCity = _act(state, e.player)
    state.cities[plan.city].claimant = e.player
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
    """The players agree at the declarer's moment; plans still pending are dropped."""
    state.clock_ms = max(state.clock_ms, state.ready[e.declared_by])
    state.end_reason = e.end_reason


HANDLERS: dict[type, Handler] = {
    TilesDealt: _tiles_dealt,
    ActionPlanned: _action_planned,
    PlanFailed: _plan_failed,
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
evolve = make_evolve(HANDLERS)
