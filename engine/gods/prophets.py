"""Prophets: claiming a landscape region with a prophet on a tile just placed.

Seed: once a player has followers (a god, `gods`) it may put a prophet on a
tile it has just placed to claim that section of landscape; any number of
prophets may go into one landscape, each on a tile the player has just
added. Here a prophet goes on one landscape group of the tile (`board`:
groups and regions), at most `prophets.per_placed_tile` per tile, from the
player's `prophets.per_player`; regions score by prophet majority
(`scoring`).
"""

from __future__ import annotations

from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods.commands import Command, PlaceProphet
from engine.gods.events import ProphetPlaced
from engine.gods.gods import has_god
from engine.gods.state import EMPTY, GodsState


def prophet_commands(state: GodsState, player: int) -> list[Command]:
    """A prophet on a free group of the tile just placed (needs a god and a prophet left)."""
    cell = state.just_placed[player]
    if cell == EMPTY or not has_god(state, player) or not state.prophets_left[player]:
        return []
    groups = state.groups_at[cell]
    assert groups is not None
    taken = {g for c, g, _ in state.prophets if c == cell}
    return [PlaceProphet(player, g) for g in range(max(groups) + 1) if g not in taken]


def prophet_pending(state: GodsState) -> bool:
    """Some player is on its way to put a prophet on the tile it has just placed."""
    return any(isinstance(plan, PlaceProphet) for plan in state.plan)


def check_prophet(state: GodsState, c: PlaceProphet, when: str) -> None:
    """One of the prophet placements the player has now."""
    if PlaceProphet(c.player, c.group) not in prophet_commands(state, c.player):
        raise IllegalCommand("prophet_on_just_placed", "a prophet needs a god, a prophet left, and a free group "
                                                       "of the tile the player has just placed")


def prophet_events(state: GodsState, c: PlaceProphet) -> list[Event]:
    """The prophet goes on the group of the tile just placed (the plan says which)."""
    return [ProphetPlaced(c.player)]
