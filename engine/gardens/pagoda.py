"""Rotate and Collect: the pagoda's floors, which side faces whom, turning floors and collecting resources.

Seed: discard a pagoda card; its shaded floor and every floor above turn 90° in
a direction you choose; then collect the side facing you, top-down or
bottom-up as the card says, until storage is full; nothing may be skipped.
The pagoda is built at setup (`pagoda_built`); Helping Hand rebuilds it
(caprice.py) and collects the same way.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.rules import Rules
from engine.gardens.state import Handlers, State, pop_decision


def side_of(state: State, player: int) -> int:
    """The pagoda side this player faces."""
    return state.config.sides[state.num_players][player]


def facing(state: State, side: int) -> list[tuple[int, int]]:
    """(resource, icons) on one pagoda side for each level, bottom first."""
    counts = state.config.side_counts
    return [(state.levels[lv], counts[(side + state.rotation[lv]) % 4]) for lv in range(4)]


def collect(state: State, player: int, up: bool, rotation: list[int] | None = None) -> tuple[tuple[int, ...], int]:
    """What collecting this player's side would take (in order) and how many icons are lost.

    `rotation` overrides the pagoda's (to look at it after a turn).
    """
    p = state.players[player]
    return take_side(state.config, side_of(state, player), state.levels,
                     state.rotation if rotation is None else rotation, state.supply, p.capacity - sum(p.storage), up)


def take_side(config: Rules, side: int, levels: list[int], rotation: list[int], supply: list[int] | tuple[int, ...],
              room: int, up: bool) -> tuple[tuple[int, ...], int]:
    """Resources taken from one side (in order) and icons lost, with `room` left in storage.

    Resources are taken level by level in the card's direction, one at a time,
    until storage is full; nothing is skipped. An icon the supply cannot cover
    is lost, and collecting goes on or ends there (`pagoda.uncovered_icon`).
    """
    supply = list(supply)
    taken: list[int] = []
    lost = 0
    stop = config.uncovered_icon == "stop"
    for level in icon_levels(config, side, up, rotation):
        resource = levels[level]
        if room > 0 and supply[resource] > 0:
            taken.append(resource)
            supply[resource] -= 1
            room -= 1
        else:
            lost += 1
            if stop:  # `pagoda.uncovered_icon`: no icon may be passed over, so collecting ends here
                room = 0
    return tuple(taken), lost


def icon_levels(config: Rules, side: int, up: bool, rotation: list[int]) -> tuple[int, ...]:
    """The level of each icon on one side, in the order collected (bottom first when `up`);
    worked out once per side, direction and rotation (`Rules.icon_orders`: at most 2,048 of them)."""
    key = (side, up, *rotation)
    icons = config.icon_orders.get(key)
    if icons is None:
        counts = config.side_counts
        order = range(4) if up else range(3, -1, -1)
        icons = tuple(level for level in order for _ in range(counts[(side + rotation[level]) % 4]))
        config.icon_orders[key] = icons
    return icons


def rotate_events(state: State, player: int, card: int, direction: int) -> list[Event]:
    """Discard a pagoda card, turn its floor and those above, collect the side facing the player."""
    c = state.config.cards[card]
    rotation = [(r + direction) % 4 if level >= c.floor else r for level, r in enumerate(state.rotation)]
    taken, lost = collect(state, player, c.collect_up, rotation)
    return [ev.ActionTaken(player, "rotate", card, direction, len(taken), lost)]


def rotate_and_collect(state: State, player: int, card: int, direction: int) -> None:
    """A rotate action's turn and collection (its card is already spent)."""
    c = state.config.cards[card]
    turn_floors(state, c.floor, direction)
    store(state, player, collect(state, player, c.collect_up)[0])


def turn_floors(state: State, floor: int, direction: int) -> None:
    """Turn `floor` and every floor above it a quarter in `direction`."""
    for level in range(floor, 4):
        state.rotation[level] = (state.rotation[level] + direction) % 4


def store(state: State, player: int, collected: tuple[int, ...]) -> None:
    """Move collected resources from the supply into the player's storage."""
    storage = state.players[player].storage
    for resource in collected:
        storage[resource] += 1
        state.supply[resource] -= 1


def _pagoda_built(state: State, e: ev.PagodaBuilt) -> None:
    state.levels = list(e.levels)
    state.rotation = list(e.rotations)


def _resources_collected(state: State, e: ev.ResourcesCollected) -> None:
    """Helping Hand's collection (its `collect` decision), or a v1 rotate's (upcast.py: no decision to pop)."""
    store(state, e.player, e.collected)
    pop_decision(state, "collect")


HANDLERS: Handlers = {
    ev.PagodaBuilt: _pagoda_built, ev.ResourcesCollected: _resources_collected,
}
