"""Scoring of small hand-built boards, every number worked out by hand in the comments."""

from __future__ import annotations

import dataclasses

from engine.gods.board import all_regions
from engine.gods.commands import ClaimGod
from engine.gods.scoring import (
    LandscapeResult,
    Score,
    landscape_bonus,
    landscape_groups,
    landscape_mass,
    landscape_results,
    ranks,
    score_all,
)
from engine.gods.state import GodsState
from tests.gods.helpers import FOREST_MOUNTAIN, FOREST_SEA, SEA_PLAINS, F, S, happen, lay, put_prophet, start, tiles_of

STRIPED = tiles_of("FMFM:0121/SPSP:0121")


def prophet(state: GodsState, player: int, x: int, y: int, group: int = 0) -> GodsState:
    """A prophet placed by event (rules are tested elsewhere)."""
    return put_prophet(state, player, x, y, group)


def forest_row_and_a_lone_sea() -> GodsState:
    """Four all-forest tiles along the north edge, one all-sea tile in the south-east corner."""
    state = start(players=2)
    for x, tile in enumerate([FOREST_MOUNTAIN[0], FOREST_MOUNTAIN[1], FOREST_MOUNTAIN[2], FOREST_SEA[0]]):
        state = lay(state, tile, x, 0, face=0)
    return lay(state, SEA_PLAINS[0], 7, 7, face=0)


def test_majority_holder_scores_tiles_minus_prophets_and_gods_take_the_bonuses() -> None:
    state = forest_row_and_a_lone_sea()
    state = happen(happen(state, ClaimGod(0, F)), ClaimGod(1, S))
    for player, x, y in [(0, 0, 0), (0, 1, 0), (1, 2, 0), (1, 7, 7)]:
        state = prophet(state, player, x, y)
    # forest region: 4 tiles - 3 prophets = 1, to player 0 (2 prophets vs 1)
    # the sea region has 1 tile: below the 2-tile minimum, worth nothing
    # mass (edges): forest 16, sea 4, others 0 -> forest 1st (10), sea 2nd (6)
    # groups: forest 1, sea 1 -> tied 1st, each the full 10
    assert score_all(state) == [Score(0, 1, 10, 10), Score(0, 0, 6, 10)]
    forest, mountain, sea, plains = landscape_results(state)
    assert (forest, sea) == (LandscapeResult(16, 1, 10, 10), LandscapeResult(4, 1, 6, 10))
    assert mountain == plains == LandscapeResult(0, 0, 0, 0)


def test_tied_majority_pays_every_tied_player() -> None:
    state = forest_row_and_a_lone_sea()
    state = prophet(state, 0, 0, 0)
    state = prophet(state, 1, 3, 0)
    # 4 tiles - 2 prophets = 2 to both; nobody claimed a god so no bonus is paid
    assert [s.region_points for s in score_all(state)] == [2, 2]
    assert [s.total for s in score_all(state)] == [2, 2]


def test_a_region_without_prophets_pays_nobody() -> None:
    state = forest_row_and_a_lone_sea()
    assert [s.total for s in score_all(state)] == [0, 0]


def test_groups_split_inside_a_tile_count_as_separate_regions() -> None:
    state = start(players=2)
    state = lay(state, STRIPED[0], 0, 0, face=0)  # N forest, E mountain, S forest, W mountain; forests apart
    state = lay(state, FOREST_MOUNTAIN[0], 0, 1, face=0)  # forest below joins the south forest only
    regions = all_regions(state.edges_at, state.groups_at)
    assert sorted(len(nodes) for landscape, nodes in regions if landscape == F) == [1, 2]
    assert landscape_groups(regions, 1) == [2, 1, 0, 0]
    assert landscape_groups(regions, 2) == [1, 0, 0, 0]
    # mass by edges: forest 2 + 4, mountain 2
    assert landscape_mass(state) == [6, 2, 0, 0]


def test_mass_by_tiles_counts_each_landscape_once_per_tile() -> None:
    state = start(players=2)
    state = lay(state, STRIPED[0], 0, 0, face=0)
    state = lay(state, FOREST_MOUNTAIN[0], 0, 1, face=0)
    state.config = type(state.config)(**{**state.config.__dict__, "mass_measure": "tiles"})
    assert landscape_mass(state) == [2, 1, 0, 0]


def test_mass_may_be_the_largest_connected_region_instead_of_the_total() -> None:
    """Seed: "A paisagem com a maior massa recompensa seu deus com um grande bônus" - the seed also calls one
    connected region a paisagem ("o número de peças naquela paisagem"), so `bonus.mass_of` offers both."""
    state = start(players=2)
    forests = FOREST_MOUNTAIN[:3] + FOREST_SEA[:3]
    for tile, (x, y) in zip(forests, [(0, 0), (1, 0), (2, 0), (0, 7), (1, 7), (2, 7)]):
        state = lay(state, tile, x, y, face=0)  # two forest regions of 3 tiles, 12 edges each
    for tile, y in zip(SEA_PLAINS, range(4)):
        state = lay(state, tile, 7, y, face=0)  # one sea region of 4 tiles, 16 edges
    # total: forest 24 edges beats sea 16 -> forest 10, sea 6
    assert [(r.mass, r.mass_bonus) for r in landscape_results(state)] == [(24, 10), (0, 0), (16, 6), (0, 0)]
    state.config = dataclasses.replace(state.config, mass_of="largest_region")
    # largest region: forest 12 edges, sea 16 -> sea 10, forest 6
    assert [(r.mass, r.mass_bonus) for r in landscape_results(state)] == [(12, 6), (0, 0), (16, 10), (0, 0)]
    state.config = dataclasses.replace(state.config, mass_measure="tiles")
    assert [r.mass for r in landscape_results(state)] == [3, 0, 4, 0]


def test_landscape_bonus_ranks_with_shared_places() -> None:
    bonus = (10, 6, 3)
    assert landscape_bonus([16, 4, 0, 0], bonus) == [10, 6, 0, 0]
    assert landscape_bonus([5, 5, 3, 1], bonus) == [10, 10, 3, 0]  # 1, 1, 3, 4
    assert landscape_bonus([2, 7, 7, 7], bonus) == [0, 10, 10, 10]
    assert landscape_bonus([9, 6, 4, 1], bonus) == [10, 6, 3, 0]


def test_ranks_share_ties_and_the_win() -> None:
    assert ranks([5, 5, 3]) == ([1, 1, 3], [0.5, 0.5, 0.0])
    assert ranks([1, 9, 4, 9]) == ([4, 1, 3, 1], [0.0, 0.5, 0.0, 0.5])
    assert ranks([7, 2]) == ([1, 2], [1.0, 0.0])
