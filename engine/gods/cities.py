"""Cities: a marker on a space believed unfillable, claimed by a prophet, broken by a fitting tile.

Seed: at any moment a player who thinks a space can never be filled (e.g.
one surrounded by four landscape types) may put a round city marker there;
anyone may then claim the city with a prophet; if a fitting tile turns up
later, a player may break the city by placing the tile there (`placement`:
cities are spaces a tile may go), and holds it from then on. Which spaces a
player may believe unfillable is `cities.placement`; cities score
`cities.points` each (`scoring`).
"""

from __future__ import annotations

from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods.board import CONSTRAINED
from engine.gods.commands import ClaimCity, Command, PlaceCity
from engine.gods.events import CityClaimed, CityPlaced
from engine.gods.gods import has_god
from engine.gods.placement import open_cells
from engine.gods.state import NOBODY, GodsState


def city_spaces(state: GodsState, player: int) -> list[int]:
    """Open spaces the player may believe unfillable (see cities.placement in the ruleset)."""
    config = state.config
    cells = [c for c in open_cells(state) if CONSTRAINED[state.pattern_at[c]] >= config.city_min_tile_sides]
    if config.city_placement == "no_tile_of_the_set_fits":
        return [c for c in cells if not config.tiles.any_fits[state.pattern_at[c]]]
    seen = config.tiles.kinds_mask(state.hands[player])
    for pile in state.discards:
        seen |= config.tiles.kinds_mask(pile)
    fit_mask = config.tiles.fit_mask
    return [c for c in cells if not fit_mask[state.pattern_at[c]] & seen]


def city_commands(state: GodsState, player: int) -> list[Command]:
    """City placements (a marker left) and city claims (a god and a prophet left)."""
    out: list[Command] = []
    if len(state.cities) < state.config.city_markers:
        out += [PlaceCity(player, c) for c in city_spaces(state, player)]
    if has_god(state, player) and state.prophets_left[player]:
        out += [ClaimCity(player, i) for i, c in enumerate(state.cities) if c.claimant == c.broken_by == NOBODY]
    return out


def check_city(state: GodsState, c: PlaceCity, when: str) -> None:
    """A marker left, on a space the player may believe unfillable."""
    if len(state.cities) >= state.config.city_markers:
        raise IllegalCommand("city_markers", "all city markers are in play")
    if c.cell not in city_spaces(state, c.player):
        raise IllegalCommand("city_space", f"space {c.cell}: a city needs an empty space touching two sides that "
                                           "the player can believe unfillable (see cities.placement)")


def check_claim_city(state: GodsState, c: ClaimCity, when: str) -> None:
    """A god and a prophet left, and a city nobody holds."""
    has_prophet = has_god(state, c.player) and state.prophets_left[c.player] > 0
    city = state.cities[c.city] if 0 <= c.city < len(state.cities) else None
    if not has_prophet or city is None or city.claimant != NOBODY or city.broken_by != NOBODY:
        raise IllegalCommand("claim_city", "claiming a city needs a god, a prophet left, and an unclaimed city")


def city_events(state: GodsState, c: PlaceCity) -> list[Event]:
    """The marker goes on the space (the plan says where)."""
    return [CityPlaced(c.player)]


def claim_city_events(state: GodsState, c: ClaimCity) -> list[Event]:
    """One of the player's prophets holds the city (the plan says which)."""
    return [CityClaimed(c.player)]
