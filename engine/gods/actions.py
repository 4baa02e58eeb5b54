"""Each action's rule checks and the events it has when carried out.

`check(state, command, when)` raises IllegalCommand naming the rule a
command breaks. The same checks run twice in real time: when a player
commits to the command (`PLAN`: it must also be written as the legal
commands list it, e.g. one orientation per distinct way a tile lies) and
when the command comes due (`DUE`: only what the hands can do counts, so an
identical tile from the same discard area will do). `carry_out` checks a due
command and returns its events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods import rules
from engine.gods.board import xy
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
    CityBroken,
    CityClaimed,
    CityPlaced,
    GodClaimed,
    ProphetPlaced,
    TileDiscarded,
    TilePlaced,
    TilesDrawn,
)
from engine.gods.state import EMPTY, NOBODY, GodsState
from engine.gods.tiles import LANDSCAPES

PLAN = "plan"
DUE = "due"


def check(state: GodsState, c: Command, when: str) -> None:
    """Raise IllegalCommand if the command breaks a rule now (`when`: PLAN or DUE)."""
    _CHECKS[type(c)](state, c, when)


def carry_out(state: GodsState, c: Command, chance: Chance) -> list[Event]:
    """The events of a command that has come due (IllegalCommand if the board no longer allows it)."""
    if rules.world_done(state) and not isinstance(c, PlaceProphet):
        raise IllegalCommand("world_done", "the world is full or nothing more can be placed")
    check(state, c, DUE)
    return outcome(state, c, chance)


def outcome(state: GodsState, c: Command, chance: Chance) -> list[Event]:
    """The events of a command carried out, without checking it (it is the player's plan when applied)."""
    if isinstance(c, Draw):  # the tiles are drawn now, when the hand goes into the bag
        count = min(c.count, state.bag_left)  # the bag may have run low meanwhile: the last tiles
        return [TilesDrawn(c.player, tuple(chance.draw("tile", state.bag[state.bag_top:], count, owner=c.player)))]
    return _EVENTS[type(c)](state, c)


def _check_draw(state: GodsState, c: Draw, when: str) -> None:
    if state.hands[c.player]:
        raise IllegalCommand("draw_needs_free_hands", "a player draws only with both hands free")
    if when == DUE:
        if not state.bag_left:
            raise IllegalCommand("bag_empty", "the bag is empty")
    elif c.count not in rules.draw_counts(state):
        raise IllegalCommand("draw_count", f"cannot draw {c.count} (allowed {rules.draw_counts(state)}, "
                                           f"bag has {state.bag_left})")


def _check_place(state: GodsState, c: Place, when: str) -> None:
    _check_source(state, c, when)
    _check_space(state, c, when)


def _check_source(state: GodsState, c: Place, when: str) -> None:
    if c.source == rules.HAND:
        if c.tile not in state.hands[c.player]:
            raise IllegalCommand("tile_not_in_hand", f"tile {c.tile} is not in player {c.player}'s hands")
        return
    if len(state.hands[c.player]) >= rules.HANDS:
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


def _place_events(state: GodsState, c: Place) -> list[Event]:
    tile = c.tile if c.source == rules.HAND else _discard_tile(state, c, DUE)
    events: list[Event] = [TilePlaced(c.player, None if tile == c.tile else tile)]
    city = state.city_at[c.cell]
    if city != EMPTY:
        events.append(CityBroken(c.player, city, state.cities[city].claimant))
    return events


def _check_discard(state: GodsState, c: Discard, when: str) -> None:
    if c.tile not in state.hands[c.player]:
        raise IllegalCommand("tile_not_in_hand", f"tile {c.tile} is not in player {c.player}'s hands")
    limit = state.config.discard_limit[state.num_players]
    if len(state.discards[c.player]) >= limit:
        raise IllegalCommand("discard_limit", f"the discard area already holds {limit} tiles")


def _check_claim_god(state: GodsState, c: ClaimGod, when: str) -> None:
    if state.player_god[c.player] != NOBODY:
        raise IllegalCommand("one_god_each", f"player {c.player} already follows a god")
    if not 0 <= c.landscape < len(LANDSCAPES) or state.god_of[c.landscape] != NOBODY:
        raise IllegalCommand("god_taken", f"the god of landscape {c.landscape} is taken or unknown")


def _check_prophet(state: GodsState, c: PlaceProphet, when: str) -> None:
    if PlaceProphet(c.player, c.group) not in rules.prophet_commands(state, c.player):
        raise IllegalCommand("prophet_on_just_placed", "a prophet needs a god, a prophet left, and a free group "
                                                       "of the tile the player has just placed")


def _check_city(state: GodsState, c: PlaceCity, when: str) -> None:
    if len(state.cities) >= state.config.city_markers:
        raise IllegalCommand("city_markers", "all city markers are in play")
    if c.cell not in rules.city_spaces(state, c.player):
        raise IllegalCommand("city_space", f"space {c.cell}: a city needs an empty space touching two sides that "
                                           "the player can believe unfillable (see cities.placement)")


def _check_claim_city(state: GodsState, c: ClaimCity, when: str) -> None:
    has_prophet = state.player_god[c.player] != NOBODY and state.prophets_left[c.player] > 0
    city = state.cities[c.city] if 0 <= c.city < len(state.cities) else None
    if not has_prophet or city is None or city.claimant != NOBODY or city.broken_by != NOBODY:
        raise IllegalCommand("claim_city", "claiming a city needs a god, a prophet left, and an unclaimed city")


def _check_wait(state: GodsState, c: Wait, when: str) -> None:
    if when == PLAN and Wait(c.player) not in rules.legal_commands(state, c.player):
        raise IllegalCommand("must_act", "actions.wait = when_nothing_else: a player who can act may not wait")


_CHECKS: dict[type, Callable[[GodsState, Any, str], None]] = {
    Draw: _check_draw,
    Place: _check_place,
    Discard: _check_discard,
    ClaimGod: _check_claim_god,
    PlaceProphet: _check_prophet,
    PlaceCity: _check_city,
    ClaimCity: _check_claim_city,
    Wait: _check_wait,
}

# what happens when a plan comes due and the board allows it (the command itself is the plan's)
_EVENTS: dict[type, Callable[[GodsState, Any], list[Event]]] = {
    Place: _place_events,
    Discard: lambda state, c: [TileDiscarded(c.player)],
    ClaimGod: lambda state, c: [GodClaimed(c.player)],
    PlaceProphet: lambda state, c: [ProphetPlaced(c.player)],
    PlaceCity: lambda state, c: [CityPlaced(c.player)],
    ClaimCity: lambda state, c: [CityClaimed(c.player)],
    Wait: lambda state, c: [],
}
