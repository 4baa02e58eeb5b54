"""The 8x8 world: cell geometry, per-cell constraint patterns and landscape regions.

A region is a connected set of (cell, group) nodes: a group is the part of a
placed tile joined inside the tile (see `tiles`), and two groups join when
their tiles share an edge (matching landscapes are guaranteed by placement).
"""

from __future__ import annotations

from engine.gods.tiles import DIRECTIONS, FREE, PATTERNS, pattern_codes

SIZE = 8
CELLS = SIZE * SIZE
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W as (dx, dy)
FRAME = -1


def _neighbours(cell: int) -> tuple[int, int, int, int]:
    x, y = cell % SIZE, cell // SIZE
    out = []
    for dx, dy in STEP:
        nx, ny = x + dx, y + dy
        out.append(ny * SIZE + nx if 0 <= nx < SIZE and 0 <= ny < SIZE else FRAME)
    return tuple(out)  # type: ignore[return-value]


NEIGHBOURS: tuple[tuple[int, int, int, int], ...] = tuple(_neighbours(c) for c in range(CELLS))
FRAME_SIDES: tuple[int, ...] = tuple(sum(n == FRAME for n in NEIGHBOURS[c]) for c in range(CELLS))
CONSTRAINED: tuple[int, ...] = tuple(sum(code != FREE for code in pattern_codes(p)) for p in range(PATTERNS))
ALL_FREE = PATTERNS - 1
POWER = (1, 5, 25, 125)


def xy(cell: int) -> tuple[int, int]:
    """Column and row of a cell."""
    return cell % SIZE, cell // SIZE


def cell_at(x: int, y: int) -> int:
    """The cell index of column x, row y."""
    return y * SIZE + x


def edge_update(cell: int, edges: tuple[int, ...]) -> list[tuple[int, int]]:
    """(neighbour, pattern delta) pairs when a tile with `edges` lands on `cell`."""
    updates = []
    for d in range(DIRECTIONS):
        n = NEIGHBOURS[cell][d]
        if n != FRAME:
            facing = (d + 2) % DIRECTIONS
            updates.append((n, (edges[d] - FREE) * POWER[facing]))
    return updates


def region_nodes(
    edges_at: list[tuple[int, ...] | None], groups_at: list[tuple[int, ...] | None], cell: int, group: int
) -> set[tuple[int, int]]:
    """All (cell, group) nodes connected to one group of a placed tile."""
    seen = {(cell, group)}
    stack = [(cell, group)]
    while stack:
        c, g = stack.pop()
        groups = groups_at[c]
        assert groups is not None
        for d in range(DIRECTIONS):
            if groups[d] != g:
                continue
            n = NEIGHBOURS[c][d]
            if n == FRAME:
                continue
            n_groups = groups_at[n]
            if n_groups is None:
                continue
            node = (n, n_groups[(d + 2) % DIRECTIONS])
            if node not in seen:
                seen.add(node)
                stack.append(node)
    return seen


def all_regions(
    edges_at: list[tuple[int, ...] | None], groups_at: list[tuple[int, ...] | None]
) -> list[tuple[int, set[tuple[int, int]]]]:
    """Every region on the board as (landscape, nodes)."""
    seen: set[tuple[int, int]] = set()
    regions = []
    for cell, groups in enumerate(groups_at):
        if groups is None:
            continue
        edges = edges_at[cell]
        assert edges is not None
        for g in range(max(groups) + 1):
            if (cell, g) in seen:
                continue
            nodes = region_nodes(edges_at, groups_at, cell, g)
            seen |= nodes
            regions.append((edges[groups.index(g)], nodes))
    return regions

