"""Four Gardens: the pagoda (what each player faces), and per player storage, god tracks, groundworks, panoramas."""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from engine.gardens import events as ev
from engine.gardens.pagoda import facing, side_of
from engine.gardens.state import State
from show.gardens_text import Narrator
from show.naming import PLAYER_COLOURS, Naming

RESOURCE_COLOURS = ("#66bb6a", "#9e9e9e", "#42a5f5", "#a1887f", "#ffca28", "#ef5350")
"""By the ruleset's resource order (plants, stone, water, wood in the base game)."""
PANORAMA_COLOURS = {"red": "#e53935", "green": "#43a047", "yellow": "#fdd835", "blue": "#1e88e5",
                    "purple": "#8e24aa", "white": "#eeeeee", "orange": "#fb8c00"}


def figsize(state: State) -> tuple[float, float]:
    return 12.0, 1.0 + 2.0 * state.num_players


def draw_state(state: State, naming: Naming, fig: Figure, hidden: bool = True) -> None:
    """The pagoda on the left; one row per player on the right."""
    grid = fig.add_gridspec(state.num_players, 3, width_ratios=(1.1, 1.6, 2.6))
    draw_pagoda(fig.add_subplot(grid[:, 0]), state, naming)
    for p in range(state.num_players):
        draw_tracks(fig.add_subplot(grid[p, 1]), state, naming, p)
        draw_garden(fig.add_subplot(grid[p, 2]), state, naming, p)


def draw_pagoda(ax: Any, state: State, naming: Naming) -> None:
    config = state.config
    ax.axis("off")
    ax.set_xlim(0, 4)
    ax.set_ylim(-0.8, 4.6)
    faced = [facing(state, side_of(state, p)) for p in range(state.num_players)]
    for level, resource in enumerate(state.levels):
        width = 3.2 - 0.45 * level
        ax.add_patch(Rectangle((2 - width / 2, level), width, 0.9, facecolor=RESOURCE_COLOURS[resource],
                               edgecolor="black", linewidth=0.8))
        icons = "  ".join(str(faced[p][level][1]) for p in range(state.num_players))
        ax.text(2, level + 0.45, f"{config.resources[resource]}\n{icons}", ha="center", va="center", fontsize=8)
    ax.text(2, 4.1, "pagoda (icons each seat faces,\nseat 1 first)", ha="center", fontsize=8)
    words = Narrator(naming)
    display = ", ".join(words.card(state, c) for c in state.display)
    ax.text(2, -0.2, f"display: {display or 'empty'}\ndeck {len(state.deck)}, discard {len(state.discard)}",
            ha="center", va="top", fontsize=7.5)


def draw_tracks(ax: Any, state: State, naming: Naming, p: int) -> None:
    config = state.config
    player = state.players[p]
    gods = [naming("gods", g) for g in config.gods]
    spaces = player.track
    ax.barh(range(len(gods)), spaces, color=PLAYER_COLOURS[p])
    ax.set_yticks(range(len(gods)), gods, fontsize=8)
    ax.set_xlim(0, config.track_length)
    ax.set_xticks(range(0, config.track_length + 1, 2))
    ax.tick_params(labelsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("god track space (0 = knocked off)", fontsize=7)
    ax.set_title(naming.seat_long(p), fontsize=9, color=PLAYER_COLOURS[p], loc="left", weight="bold")


def draw_garden(ax: Any, state: State, naming: Naming, p: int) -> None:
    player, words = state.players[p], Narrator(naming)
    ax.axis("off")
    ax.set_xlim(0, 12)
    ax.set_ylim(0, 3)
    # storage: one square per resource held, up to the capacity
    x = 0.0
    for resource, count in enumerate(player.storage):
        for _ in range(count):
            ax.add_patch(Rectangle((x, 2.3), 0.35, 0.35, facecolor=RESOURCE_COLOURS[resource], edgecolor="black"))
            x += 0.4
    for _ in range(player.capacity - sum(player.storage)):
        ax.add_patch(Rectangle((x, 2.3), 0.35, 0.35, fill=False, edgecolor="#bdbdbd"))
        x += 0.4
    ax.text(x + 0.2, 2.45, "storage", fontsize=7.5, va="center")
    works = "; ".join(f"{words.card(state, c)} {words.resources(state, have)}"
                      for c, have in player.groundworks.items())
    ax.text(0, 2.0, f"groundworks: {works or 'none'}", fontsize=7.5, va="top", wrap=True)
    x = 0.0
    for pan_id, size, _cards in player.panoramas:
        colour = str(pan_id).split("-")[0]
        ax.add_patch(Rectangle((x, 0.6), 0.5 * size, 0.5, facecolor=PANORAMA_COLOURS.get(colour, "#cccccc"),
                               edgecolor="black"))
        ax.text(x + 0.25 * size, 0.85, str(size), ha="center", va="center", fontsize=7)
        x += 0.5 * size + 0.15
    tiles = [naming("tiles", t) for t in (*player.bonus_types, *player.tiles)]
    ax.text(0, 0.35, f"{player.completed} completed, {len(player.panoramas)} panoramas"
                     + (f"; tiles: {', '.join(tiles)}" if tiles else ""), fontsize=7.5, va="top")
    scored = next((e for e in state.scoring_events if isinstance(e, ev.PlayerScored) and e.player == p), None)
    if scored is not None:
        ax.text(12, 2.6, f"score {scored.score} (rank {scored.rank}) = tracks {scored.track_points} + "
                         f"Extra Rewards {scored.extra_rewards} + favor {scored.favor}",
                ha="right", fontsize=8.5, weight="bold")
