"""decide: validate a command against the rules and return its events (state untouched).

Every rejection raises IllegalCommand naming the rule. The acting player's
next think time and tie-break lot are drawn here from `rng` (chance is
logged), never in evolve.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods import rules
from engine.gods.board import region_nodes, xy
from engine.gods.clock import acting_order, sample_think
from engine.gods.commands import (
    ClaimCity,
    ClaimGod,
    Command,
    DeclareEnd,
    Discard,
    Draw,
    Place,
    PlaceCity,
    PlaceProphet,
)
from engine.gods.events import (
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
    TilesDrawn,
)
from engine.gods.scoring import landscape_results, ranks, score_all
from engine.gods.state import EMPTY, NOBODY, GodsState
from engine.gods.tiles import LANDSCAPES, fits


def to_move(state: GodsState) -> int | None:
    """The player whose pending decision completes first among those with something to do."""
    key = ("to_move", state.version)
    if key not in state.cache:
        state.cache[key] = _next_actor(state)
    return state.cache[key]  # type: ignore[no-any-return]


def _next_actor(state: GodsState) -> int | None:
    if state.end_reason:
        return None
    for player in acting_order(state):
        if rules.legal_commands(state, player):
            return player
    return None


def decide(state: GodsState, command: Command, rng: random.Random) -> list[Event]:
    """The events of a legal command; IllegalCommand (rule, detail) otherwise."""
    if state.end_reason:
        raise IllegalCommand("game_over", "the game has ended")
    player = command.player
    if to_move(state) != player:
        raise IllegalCommand("not_your_move", f"player {player} is not the next to act (real-time order)")
    handler = _DECIDERS.get(type(command))
    if handler is None:
        raise IllegalCommand("unknown_command", f"{command!r} is not a 4 Gods command")
    return handler(state, command, rng)


def _think(state: GodsState, player: int, rng: random.Random) -> tuple[int, int]:
    return sample_think(state.config, state.profile[player], rng)


def _draw(state: GodsState, c: Draw, rng: random.Random) -> list[Event]:
    if state.hands[c.player]:
        raise IllegalCommand("draw_needs_free_hands", "a player draws only with both hands free")
    if c.count not in state.config.draw_counts or c.count > state.bag_left:
        raise IllegalCommand("draw_count", f"cannot draw {c.count} (allowed {state.config.draw_counts}, "
                                           f"bag has {state.bag_left})")
    if state.full:
        raise IllegalCommand("frame_full", "the world is full")
    tiles = tuple(state.bag[state.bag_top:state.bag_top + c.count])
    return [TilesDrawn(c.player, tiles, *_think(state, c.player, rng))]


def _place(state: GodsState, c: Place, rng: random.Random) -> list[Event]:
    _check_source(state, c)
    _check_space(state, c)
    x, y = xy(c.cell)
    think = _think(state, c.player, rng)
    events: list[Event] = [TilePlaced(c.player, c.tile, x, y, c.face, c.rotation, c.source, *think)]
    city = state.city_at[c.cell]
    if city != EMPTY:
        events.append(CityBroken(c.player, city, state.cities[city].claimant))
    return events


def _check_source(state: GodsState, c: Place) -> None:
    if c.source == rules.HAND:
        if c.tile not in state.hands[c.player]:
            raise IllegalCommand("tile_not_in_hand", f"tile {c.tile} is not in player {c.player}'s hands")
        return
    if not 0 <= c.source < state.num_players or c.tile not in state.discards[c.source]:
        raise IllegalCommand("tile_not_in_discard", f"tile {c.tile} is not in discard area {c.source}")
    if len(state.hands[c.player]) >= rules.HANDS:
        raise IllegalCommand("needs_free_hand", "taking from a discard area needs a free hand")


def _check_space(state: GodsState, c: Place) -> None:
    if not 0 <= c.cell < len(state.tile_at) or state.tile_at[c.cell] != EMPTY:
        raise IllegalCommand("space_taken", f"space {c.cell} is outside the frame or holds a tile")
    if state.sides_at[c.cell] < 2:
        raise IllegalCommand("two_sides", f"space {xy(c.cell)} touches {state.sides_at[c.cell]} sides; needs 2")
    if c.face not in (0, 1) or c.rotation not in range(4):
        raise IllegalCommand("orientation", f"face must be 0/1 and rotation 0-3, got {c.face}, {c.rotation}")
    orientation = state.config.tiles.orientation(c.tile, c.face, c.rotation)
    if not fits(orientation, state.pattern_at[c.cell]):
        raise IllegalCommand("edges_match", f"tile {c.tile} face {c.face} rotation {c.rotation} mismatches "
                                            f"a neighbour's landscape at {xy(c.cell)}")


def _discard(state: GodsState, c: Discard, rng: random.Random) -> list[Event]:
    if c.tile not in state.hands[c.player]:
        raise IllegalCommand("tile_not_in_hand", f"tile {c.tile} is not in player {c.player}'s hands")
    limit = state.config.discard_limit[state.num_players]
    if len(state.discards[c.player]) >= limit:
        raise IllegalCommand("discard_limit", f"the discard area already holds {limit} tiles")
    if state.full:
        raise IllegalCommand("frame_full", "the world is full")
    return [TileDiscarded(c.player, c.tile, *_think(state, c.player, rng))]


def _claim_god(state: GodsState, c: ClaimGod, rng: random.Random) -> list[Event]:
    if state.player_god[c.player] != NOBODY:
        raise IllegalCommand("one_god_each", f"player {c.player} already follows a god")
    if not 0 <= c.landscape < len(LANDSCAPES) or state.god_of[c.landscape] != NOBODY:
        raise IllegalCommand("god_taken", f"the god of landscape {c.landscape} is taken or unknown")
    return [GodClaimed(c.player, LANDSCAPES[c.landscape], *_think(state, c.player, rng))]


def _prophet(state: GodsState, c: PlaceProphet, rng: random.Random) -> list[Event]:
    if c not in rules.prophet_commands(state, c.player):
        raise IllegalCommand("prophet_on_just_placed", "a prophet needs a god, a prophet left, and a group of "
                                                       "the tile the player has just placed")
    cell = state.just_placed[c.player]
    edges, groups = state.edges_at[cell], state.groups_at[cell]
    assert edges is not None and groups is not None
    size = len({n for n, _ in region_nodes(state.edges_at, state.groups_at, cell, c.group)})
    x, y = xy(cell)
    landscape = LANDSCAPES[edges[groups.index(c.group)]]
    return [ProphetPlaced(c.player, x, y, c.group, landscape, size, *_think(state, c.player, rng))]


def _city(state: GodsState, c: PlaceCity, rng: random.Random) -> list[Event]:
    if len(state.cities) >= state.config.city_markers:
        raise IllegalCommand("city_markers", "all city markers are in play")
    if c.cell not in rules.city_spaces(state, c.player):
        raise IllegalCommand("city_space", f"space {c.cell}: a city needs an empty space touching two sides that "
                                           "the player can believe unfillable (see cities.placement)")
    x, y = xy(c.cell)
    return [CityPlaced(c.player, len(state.cities), x, y, *_think(state, c.player, rng))]


def _claim_city(state: GodsState, c: ClaimCity, rng: random.Random) -> list[Event]:
    if c not in rules.claim_commands(state, c.player):
        raise IllegalCommand("claim_city", "claiming a city needs a god, a prophet left, and an unclaimed city")
    return [CityClaimed(c.player, c.city, *_think(state, c.player, rng))]


def _end(state: GodsState, c: DeclareEnd, rng: random.Random) -> list[Event]:
    if not rules.world_done(state):
        raise IllegalCommand("world_not_done", "some player can still place, draw or discard")
    ended = GameEnded(rules.end_reason(state), c.player, _tiles_on_board(state), len(state.cities))
    return [*landscape_scores(state), *final_scores(state), ended]


def _tiles_on_board(state: GodsState) -> int:
    return sum(1 for tile in state.tile_at if tile != EMPTY)


def landscape_scores(state: GodsState) -> list[Event]:
    """One landscape_scored event per landscape."""
    return [
        LandscapeScored(LANDSCAPES[i], r.mass, r.groups, r.mass_bonus, r.groups_bonus, state.god_of[i])
        for i, r in enumerate(landscape_results(state))
    ]


def final_scores(state: GodsState) -> list[Event]:
    """One player_scored event per player."""
    scores = score_all(state)
    totals = [s.total for s in scores]
    rank, share = ranks(totals)
    used = [sum(1 for *_, p in state.prophets if p == player) for player in range(state.num_players)]
    return [
        PlayerScored(p, totals[p], rank[p], share[p], s.city_points, s.region_points, s.mass_bonus, s.groups_bonus,
                     LANDSCAPES[state.player_god[p]] if state.player_god[p] != NOBODY else "", state.god_ms[p], used[p])
        for p, s in enumerate(scores)
    ]


_DECIDERS: dict[type, Callable[[GodsState, Any, random.Random], list[Event]]] = {
    Draw: _draw,
    Place: _place,
    Discard: _discard,
    ClaimGod: _claim_god,
    PlaceProphet: _prophet,
    PlaceCity: _city,
    ClaimCity: _claim_city,
    DeclareEnd: _end,
}
