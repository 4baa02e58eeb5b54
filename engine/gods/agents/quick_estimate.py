"""The search's estimate (`search.evaluate`), computed faster for `shortlist`: the same numbers, by another route.

`evaluate` finds every region by a flood fill over sets of (cell, group)
pairs, then counts tiles, edges and prophets per region from those sets; it
is most of a search decision's time. The shortlist scores many leaves of one
decision, and every leaf is the decision's board plus the one to three tiles
(and prophets) that the plans in progress put down: the board is the same in
every determinisation, since nothing hidden lies on it. So `DecisionBoard`
joins the decision's board once (union-find over node numbers cell * 4 +
group) and tallies per region what scoring needs (tiles, edges, landscape);
a leaf copies the joins, adds its new tiles, and folds the decision's
tallies into the merged regions. A tile whose groups lay in different
regions is counted once per region it still touches after the merge.
Everything after the regions (cities, the soft bonuses, a prophet's worth)
is `search.estimate_from`, `evaluate`'s own tail, on the same integers, so the two agree
exactly: tests/gods/test_quick_estimate.py compares them on every decision
state of played games and on leaves of them. The reference search keeps the
plain version: it is the yardstick whose price is being cut.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from engine.gods.agents.search import _soft_bonus, estimate_from, plans_carried_out
from engine.gods.board import CELLS, NEIGHBOURS
from engine.gods.scoring import LANDSCAPE_COUNT
from engine.gods.state import GodsState

Groups = tuple[int, ...]
_SIDES: dict[Groups, tuple[tuple[int, int, int], ...]] = {}
"""(group, sides in it, its first side) for each way a tile's sides are grouped, as met."""


class DecisionBoard:
    """The regions of one decision's board, tallied once for all the leaves scored from it."""

    __slots__ = ("groups_at", "parent", "tiles", "edges", "landscape", "split", "mass")

    def __init__(self, edges_at: list[Groups | None], groups_at: list[Groups | None]) -> None:
        self.groups_at = list(groups_at)
        self.parent = parent = _joined(groups_at, range(CELLS), list(range(CELLS * 4)))
        self.tiles: dict[int, int] = {}  # by region root
        self.edges: dict[int, int] = {}
        self.landscape: dict[int, int] = {}
        self.split: list[tuple[int, ...]] = []  # each tile's regions of one landscape, where it has several
        self.mass = {by_edges: [0] * LANDSCAPE_COUNT for by_edges in (False, True)}  # in edges (True) or tiles
        for cell, groups in enumerate(groups_at):
            cell_edges = edges_at[cell]
            if groups is None or cell_edges is None:
                continue
            roots = _tally(cell, groups, cell_edges, parent, self.tiles, self.edges, self.landscape)
            for by_edges, mass in self.mass.items():
                _add_mass(mass, cell_edges, by_edges)
            for landscape in set(cell_edges):
                same = [root for root in roots if self.landscape[root] == landscape]
                if len(same) > 1:  # they may merge around a loop later: the tile then counts once
                    self.split.append(tuple(same))


def quick_evaluate(state: GodsState, searcher: int | None = None, board: DecisionBoard | None = None,
                   in_place: bool = False) -> list[float]:
    """`search.evaluate(state, searcher)`, exactly. `board`: the decision's board that `state` only adds tiles
    to (else the whole board is tallied); `in_place`: `state` is the caller's throwaway copy."""
    projected = plans_carried_out(state, in_place)
    board = board or DecisionBoard([None] * CELLS, [None] * CELLS)
    new = [cell for cell in range(CELLS) if projected.groups_at[cell] is not None and board.groups_at[cell] is None]
    region, largest, groups = _region_tallies(projected, board, new)
    mass = _total_mass(projected, board, new) if projected.config.mass_of == "total" else largest
    return estimate_from(projected, region, mass, groups, _remembered_soft_bonus)


def _remembered_soft_bonus(amounts: list[int], bonuses: tuple[int, ...], spread: float) -> tuple[float, ...]:
    return _soft_bonus_of(tuple(amounts), bonuses, spread)


@functools.lru_cache(maxsize=1 << 14)
def _soft_bonus_of(amounts: tuple[int, ...], bonuses: tuple[int, ...], spread: float) -> tuple[float, ...]:
    """`search._soft_bonus`, remembered (a tuple: one answer is shared by every caller): the leaves of a decision
    mostly share their landscapes' places."""
    return tuple(_soft_bonus(list(amounts), bonuses, spread))


def _region_tallies(state: GodsState, board: DecisionBoard, new: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Region points per player, each landscape's largest region (edges or tiles) and its regions of
    `groups_min_tiles` tiles or more (what `scoring` derives from `all_regions`); `new`: the cells `state` has
    a tile on and the board has not."""
    groups_at = state.groups_at
    parent = list(board.parent)
    touched = _touched(board, new, groups_at)
    _joined(groups_at, new, parent, every_side=True)
    tiles, edges, landscape_of = dict(board.tiles), dict(board.edges), dict(board.landscape)
    for root in touched:  # the decision's regions that a new tile joined: folded into the merged region
        merged = _find(parent, root)
        if merged != root:
            tiles[merged] = tiles.get(merged, 0) + tiles.pop(root)
            edges[merged] = edges.get(merged, 0) + edges.pop(root)
            landscape_of[merged] = landscape_of.pop(root)
    for roots in board.split:  # a tile counted in each of its regions: once per region it now touches
        if touched.intersection(roots):
            now = [_find(parent, root) for root in roots]
            for root in set(now):
                tiles[root] -= now.count(root) - 1
    for cell in new:
        _tally(cell, groups_at[cell], state.edges_at[cell], parent, tiles, edges, landscape_of)  # type: ignore[arg-type]
    config = state.config
    by_edges = config.mass_measure == "edges"
    largest = [0] * LANDSCAPE_COUNT
    groups_count = [0] * LANDSCAPE_COUNT
    for root, landscape in landscape_of.items():
        size = edges[root] if by_edges else tiles[root]
        if size > largest[landscape]:
            largest[landscape] = size
        if tiles[root] >= config.groups_min_tiles:
            groups_count[landscape] += 1
    return _prophet_points(state, parent, tiles), largest, groups_count


def _touched(board: DecisionBoard, new: list[int], groups_at: list[Groups | None]) -> set[int]:
    """The decision's regions next to a new tile (the only ones a leaf can merge)."""
    touched: set[int] = set()
    for cell in new:
        for n in NEIGHBOURS[cell]:
            if n >= 0 and (n_groups := board.groups_at[n]) is not None:
                touched.update(_find(board.parent, n * 4 + g) for g in set(n_groups))
    return touched


def _total_mass(state: GodsState, board: DecisionBoard, new: list[int]) -> list[int]:
    """`scoring.landscape_mass`: the decision's board's, plus the new tiles'."""
    by_edges = state.config.mass_measure == "edges"
    mass = list(board.mass[by_edges])
    for cell in new:
        _add_mass(mass, state.edges_at[cell], by_edges)  # type: ignore[arg-type]
    return mass


def _add_mass(mass: list[int], cell_edges: Groups, by_edges: bool) -> None:
    """Add one tile's landscapes to `mass`: each of its edges, or each landscape it shows once."""
    for landscape in cell_edges if by_edges else set(cell_edges):
        mass[landscape] += 1


def _tally(cell: int, groups: Groups, cell_edges: Groups | None, parent: list[int], tiles: dict[int, int],
           edges: dict[int, int], landscape_of: dict[int, int]) -> list[int]:
    """Add one tile's sides and its tile to the regions its groups belong to; returns those regions' roots."""
    assert cell_edges is not None
    roots: list[int] = []
    for g, sides, first in _SIDES.get(groups) or _group_sides(groups):
        root = _find(parent, cell * 4 + g)
        edges[root] = edges.get(root, 0) + sides
        if root not in roots:  # two groups of one tile may meet again around a loop: one tile
            roots.append(root)
            tiles[root] = tiles.get(root, 0) + 1
        landscape_of.setdefault(root, cell_edges[first])
    return roots


def _group_sides(groups: Groups) -> tuple[tuple[int, int, int], ...]:
    found = _SIDES[groups] = tuple((g, groups.count(g), groups.index(g)) for g in sorted(set(groups)))
    return found


def _prophet_points(state: GodsState, parent: list[int], tiles: dict[int, int]) -> list[int]:
    """Points per player from regions where they hold the most prophets (`scoring.region_points`)."""
    counts: dict[int, list[int]] = {}
    n = state.num_players
    for cell, group, player in state.prophets:
        root = _find(parent, cell * 4 + group)
        counts.setdefault(root, [0] * n)[player] += 1
    points = [0] * n
    minimum = state.config.region_min_tiles
    for root, held in counts.items():
        size = tiles[root]
        if size < minimum:
            continue
        value = size - sum(held)
        top = max(held)
        for player, count in enumerate(held):
            if count == top:
                points[player] += value
    return points


def _joined(groups_at: list[Groups | None], cells: Iterable[int], parent: list[int], every_side: bool = False
            ) -> list[int]:
    """`parent` with each of `cells`' groups joined to the group across its shared edges (east and south
    only when every cell is given: each edge once; every side for cells added to a joined board)."""
    sides = ((0, 2), (1, 3), (2, 0), (3, 1)) if every_side else ((1, 3), (2, 0))
    for cell in cells:
        groups = groups_at[cell]
        if groups is None:
            continue
        for d, facing in sides:
            n = NEIGHBOURS[cell][d]
            if n < 0:
                continue
            n_groups = groups_at[n]
            if n_groups is None:
                continue
            a, b = _find(parent, cell * 4 + groups[d]), _find(parent, n * 4 + n_groups[facing])
            if a != b:
                parent[max(a, b)] = min(a, b)
    return parent


def _find(parent: list[int], node: int) -> int:
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node
