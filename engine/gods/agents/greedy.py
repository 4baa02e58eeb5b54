"""One-ply evaluation for the greedy agent, and the extra 4 Gods agent `greedy-fast`.

An agent's speed is not its own business: the game gives each seat the
timing profile named like its agent (`timing.<agent name>` in the ruleset,
else `timing.default`). The core `random` and `greedy` agents therefore play
4 Gods as they are; `greedy-fast` is the core greedy agent under another
name, so that the ruleset can give it a faster profile (20% in `standard`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.agents import GreedyAgent
from engine.gods.board import NEIGHBOURS, region_nodes
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
from engine.gods.state import NOBODY, GodsView

PROPHET_COST = 1.5  # a prophet kept back may hold a bigger region later


def greedy_value(view: GodsView, command: Command) -> float:
    """How much the acting player likes a command, looking one action ahead."""
    evaluate = _VALUES.get(type(command))
    return evaluate(view, command) if evaluate is not None else 0.0


def _claim_god(view: GodsView, c: ClaimGod) -> float:
    mass = sum(edges.count(c.landscape) for edges in view.edges_at if edges is not None)
    in_hand = sum(view.config.tiles.kinds[view.config.tiles.kind_of[t]].faces[0][0].count(c.landscape)
                  for t in view.hand)
    return 20.0 + 0.25 * mass + 0.1 * in_hand


def _place(view: GodsView, c: Place) -> float:
    orientation = view.config.tiles.orientation(c.tile, c.face, c.rotation)
    value = 2.0 + 0.5 * _constrained_sides(view, c.cell)
    if view.city_at[c.cell] != NOBODY:
        value += view.config.city_points
    god = _my_god(view)
    if god != NOBODY:
        value += 0.5 * orientation.edges.count(god)
    if c.source != -1:
        value += 0.2  # frees nothing in hand but uses a tile nobody else wanted
    return value


def _constrained_sides(view: GodsView, cell: int) -> int:
    return sum(1 for n in NEIGHBOURS[cell] if n >= 0 and view.tile_at[n] != NOBODY)


def _prophet(view: GodsView, c: PlaceProphet) -> float:
    nodes = region_nodes(list(view.edges_at), list(view.groups_at), view.just_placed, c.group)
    tiles = len({cell for cell, _ in nodes})
    counts = [0] * len(view.hand_counts)
    for cell, group, player in view.prophets:
        if (cell, group) in nodes:
            counts[player] += 1
    counts[view.player] += 1
    leads = counts[view.player] > max(n for p, n in enumerate(counts) if p != view.player)
    if not leads or tiles < view.config.region_min_tiles:
        return -1.0
    return tiles - sum(counts) - PROPHET_COST


def _draw(view: GodsView, c: Draw) -> float:
    return 1.0 + 0.2 * c.count


def _discard(view: GodsView, c: Discard) -> float:
    return 0.1


def _wait(view: GodsView, c: Wait) -> float:
    return 0.0  # better than a move that costs (a prophet that leads nowhere), worse than any useful one


def _city(view: GodsView, c: PlaceCity) -> float:
    can_claim = _my_god(view) != NOBODY and view.prophets_left[view.player] > 0
    return 0.5 if can_claim else -0.5


def _claim_city(view: GodsView, c: ClaimCity) -> float:
    return view.config.city_points - PROPHET_COST


def _my_god(view: GodsView) -> int:
    return view.god_of.index(view.player) if view.player in view.god_of else NOBODY


_VALUES: dict[type, Callable[[GodsView, Any], float]] = {
    ClaimGod: _claim_god,
    Place: _place,
    PlaceProphet: _prophet,
    Draw: _draw,
    Discard: _discard,
    PlaceCity: _city,
    ClaimCity: _claim_city,
    Wait: _wait,
}


class FastGreedy(GreedyAgent):
    """The core greedy agent; its name selects the ruleset's `timing.greedy-fast` profile."""

    name = "greedy-fast"


AGENTS: dict[str, Callable[[], Any]] = {
    "greedy-fast": FastGreedy,
}
