"""4 Gods: the 8x8 frame with each tile's four edge landscapes, the cities and the prophets."""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Circle, Patch, Polygon, Rectangle

from engine.gods.board import SIZE, xy
from engine.gods.state import EMPTY, NOBODY, GodsState
from engine.gods.tiles import LANDSCAPES
from show.naming import PLAYER_COLOURS, Naming, clock

LANDSCAPE_COLOURS = {"forest": "#2e7d32", "mountain": "#8d6e63", "sea": "#1e88e5", "plains": "#fdd835"}
# the triangle of each edge (north, east, south, west) in a unit cell whose y axis points down (row 1 on top)
TRIANGLES = (((0, 0), (1, 0), (0.5, 0.5)), ((1, 0), (1, 1), (0.5, 0.5)),
             ((1, 1), (0, 1), (0.5, 0.5)), ((0, 1), (0, 0), (0.5, 0.5)))
EDGE_MIDDLE = ((0.5, 0.2), (0.8, 0.5), (0.5, 0.8), (0.2, 0.5))


def figsize(state: GodsState) -> tuple[float, float]:
    return 8.0, 6.4


def draw_state(state: GodsState, naming: Naming, fig: Figure, hidden: bool = True) -> None:
    """The frame on the left, each player's god, hand and prophets on the right."""
    board, side = fig.subplots(1, 2, width_ratios=(3, 1.4))
    draw_frame(board, state, naming)
    draw_players(side, state, naming)


def draw_frame(ax: Any, state: GodsState, naming: Naming) -> None:
    ax.set_xlim(-0.1, SIZE + 0.1)
    ax.set_ylim(SIZE + 0.1, -0.1)
    ax.set_aspect("equal")
    ax.set_xticks([x + 0.5 for x in range(SIZE)], list("ABCDEFGH"))
    ax.set_yticks([y + 0.5 for y in range(SIZE)], [str(y + 1) for y in range(SIZE)])
    ax.tick_params(length=0)
    for cell in range(SIZE * SIZE):
        x, y = xy(cell)
        edges = state.edges_at[cell]
        if edges is None:
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor="#f5f5f5", edgecolor="#dddddd", linewidth=0.5))
        else:
            for d, triangle in enumerate(TRIANGLES):
                ax.add_patch(Polygon([(x + a, y + b) for a, b in triangle], closed=True, linewidth=0,
                                     facecolor=LANDSCAPE_COLOURS[LANDSCAPES[edges[d]]]))
            ax.add_patch(Rectangle((x, y), 1, 1, fill=False, edgecolor="white", linewidth=0.8))
    for city in state.cities:
        if city.broken_by != NOBODY and state.city_at[city.cell] == EMPTY:
            continue
        x, y = xy(city.cell)
        colour = PLAYER_COLOURS[city.claimant] if city.claimant != NOBODY else "white"
        ax.add_patch(Rectangle((x + 0.2, y + 0.2), 0.6, 0.6, facecolor="#212121", edgecolor=colour, linewidth=3))
    for cell, group, player in state.prophets:
        x, y = xy(cell)
        groups = state.groups_at[cell]
        d = groups.index(group) if groups and group in groups else 0
        mx, my = EDGE_MIDDLE[d]
        ax.add_patch(Circle((x + mx, y + my), 0.13, facecolor=PLAYER_COLOURS[player], edgecolor="white", linewidth=1))
    ax.add_patch(Rectangle((0, 0), SIZE, SIZE, fill=False, edgecolor="#424242", linewidth=3))
    ax.set_title(f"the world at {clock(state.clock_ms)}: {state.tiles_on_board} tiles, "
                 f"{sum(1 for c in state.cities if state.city_at[c.cell] != EMPTY)} cities", fontsize=10)
    ax.legend(handles=[Patch(color=LANDSCAPE_COLOURS[name], label=naming("landscapes", name)) for name in LANDSCAPES],
              loc="upper center", bbox_to_anchor=(0.5, -0.04), ncol=4, fontsize=8, frameon=False)


def draw_players(ax: Any, state: GodsState, naming: Naming) -> None:
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    step = 1 / max(state.num_players, 1)
    scores = {e.player: e for e in state.scored if type(e).__name__ == "PlayerScored"}
    for p in range(state.num_players):
        top = 1 - p * step
        god = state.player_god[p]
        lines = [f"god: {naming('landscapes', LANDSCAPES[god]) if god != NOBODY else 'none yet'}",
                 f"{len(state.hands[p])} in hand, {len(state.discards[p])} discarded",
                 f"prophets: {sum(1 for _, _, q in state.prophets if q == p)} placed, {state.prophets_left[p]} left"]
        if p in scores:
            e = scores[p]
            lines.append(f"score {e.score} (rank {e.rank}): cities {e.city_points}, regions {e.region_points},")
            lines.append(f"  mass +{e.mass_bonus}, groups +{e.groups_bonus}")
        ax.add_patch(Circle((0.05, top - 0.06), 0.035, facecolor=PLAYER_COLOURS[p], transform=ax.transAxes))
        ax.text(0.12, top - 0.06, naming.seat_long(p), va="center", fontsize=10, weight="bold")
        ax.text(0.02, top - 0.12, "\n".join(lines), va="top", fontsize=8)
