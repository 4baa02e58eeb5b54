"""End scoring: cities, landscape regions by prophet majority, and the two god bonuses.

- City: `cities.points` to whoever broke it, else to its claimant.
- Region (>= `scoring.region_min_tiles` tiles, >= 1 prophet): tiles - prophets
  to every player with the most prophets in it (ties all score).
- Mass bonus: landscapes ranked by mass (`bonus.mass_of`: all of the landscape
  or its largest connected region; `bonus.mass_measure`: in tile edges or
  tiles), the 1st/2nd/3rd bonus to the player holding that landscape's god.
- Groups bonus: landscapes ranked by their number of distinct regions.
  Ties between landscapes: each gets the full bonus of its place (1, 1, 3).
- Ranking players: higher score first; equal scores share a rank and the win.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.gods.board import all_regions
from engine.gods.state import NOBODY, GodsState

LANDSCAPE_COUNT = 4


@dataclass(frozen=True)
class Score:
    """One player's score and its components."""

    city_points: int
    region_points: int
    mass_bonus: int
    groups_bonus: int

    @property
    def total(self) -> int:
        """The player's final score."""
        return self.city_points + self.region_points + self.mass_bonus + self.groups_bonus


@dataclass(frozen=True)
class LandscapeResult:
    """One landscape at the end: its mass, its number of groups and the bonuses its god earns."""

    mass: int
    groups: int
    mass_bonus: int
    groups_bonus: int


def score_all(state: GodsState) -> list[Score]:
    """Every player's score on the current board."""
    n = state.num_players
    regions = all_regions(state.edges_at, state.groups_at)
    cities = city_points(state)
    region_pts = region_points(state, regions)
    mass_pts, group_pts = [0] * n, [0] * n
    for landscape, result in enumerate(landscape_results(state, regions)):
        owner = state.god_of[landscape]
        if owner != NOBODY:
            mass_pts[owner] += result.mass_bonus
            group_pts[owner] += result.groups_bonus
    return [Score(cities[p], region_pts[p], mass_pts[p], group_pts[p]) for p in range(n)]


def scores(state: GodsState) -> list[float]:
    """Each player's score on the current board (the Game protocol's `scores`)."""
    return [float(s.total) for s in score_all(state)]


def landscape_results(
    state: GodsState, regions: list[tuple[int, set[tuple[int, int]]]] | None = None
) -> list[LandscapeResult]:
    """Mass, groups and bonuses of each landscape (the god's holder, if any, earns the bonuses)."""
    config = state.config
    if regions is None:
        regions = all_regions(state.edges_at, state.groups_at)
    mass = landscape_mass(state) if config.mass_of == "total" else largest_region_mass(state, regions)
    groups = landscape_groups(regions, config.groups_min_tiles)
    mass_bonus = landscape_bonus(mass, config.mass_bonus)
    groups_bonus = landscape_bonus(groups, config.groups_bonus)
    return [LandscapeResult(mass[i], groups[i], mass_bonus[i], groups_bonus[i]) for i in range(LANDSCAPE_COUNT)]


def city_points(state: GodsState) -> list[int]:
    """Points per player for cities held (claimed, unbroken) or broken."""
    points = [0] * state.num_players
    for city in state.cities:
        holder = city.broken_by if city.broken_by != NOBODY else city.claimant
        if holder != NOBODY:
            points[holder] += state.config.city_points
    return points


def region_points(state: GodsState, regions: list[tuple[int, set[tuple[int, int]]]]) -> list[int]:
    """Points per player from landscape regions where they hold the most prophets."""
    by_node: dict[tuple[int, int], list[int]] = {}
    for cell, group, player in state.prophets:
        by_node.setdefault((cell, group), []).append(player)
    points = [0] * state.num_players
    for _, nodes in regions:
        tiles = len({cell for cell, _ in nodes})
        counts = Counter(p for node in nodes for p in by_node.get(node, ()))
        if tiles < state.config.region_min_tiles or not counts:
            continue
        value = tiles - sum(counts.values())
        top = max(counts.values())
        for player, count in counts.items():
            if count == top:
                points[player] += value
    return points


def landscape_mass(state: GodsState) -> list[int]:
    """Mass of each landscape on the board: edges showing it, or tiles showing it."""
    mass = [0] * LANDSCAPE_COUNT
    by_edges = state.config.mass_measure == "edges"
    for edges in state.edges_at:
        if edges is None:
            continue
        for landscape in edges if by_edges else set(edges):
            mass[landscape] += 1
    return mass


def largest_region_mass(state: GodsState, regions: list[tuple[int, set[tuple[int, int]]]]) -> list[int]:
    """Mass of each landscape's largest connected region: its edges, or its tiles."""
    mass = [0] * LANDSCAPE_COUNT
    by_edges = state.config.mass_measure == "edges"
    for landscape, nodes in regions:
        if by_edges:
            size = sum(groups.count(g) for cell, g in nodes if (groups := state.groups_at[cell]) is not None)
        else:
            size = len({cell for cell, _ in nodes})
        mass[landscape] = max(mass[landscape], size)
    return mass


def landscape_groups(regions: list[tuple[int, set[tuple[int, int]]]], min_tiles: int) -> list[int]:
    """Number of distinct regions of each landscape with at least `min_tiles` tiles."""
    groups = [0] * LANDSCAPE_COUNT
    for landscape, nodes in regions:
        if len({cell for cell, _ in nodes}) >= min_tiles:
            groups[landscape] += 1
    return groups


def landscape_bonus(amounts: list[int], bonuses: tuple[int, ...]) -> list[int]:
    """Bonus per landscape by competition rank of `amounts` (ties share the higher place; 0 amount earns nothing)."""
    out = []
    for amount in amounts:
        place = sum(1 for other in amounts if other > amount)
        out.append(bonuses[place] if amount > 0 and place < len(bonuses) else 0)
    return out


def ranks(totals: list[int]) -> tuple[list[int], list[float]]:
    """Rank per player (1 = best, ties share) and win share (1/k for k tied winners)."""
    rank = [1 + sum(1 for other in totals if other > t) for t in totals]
    winners = rank.count(1)
    return rank, [1.0 / winners if r == 1 else 0.0 for r in rank]
