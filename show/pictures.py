"""Pictures of a game's state: one matplotlib drawing function per game, all read from the folded events.

`draw(shown, at)` returns a Figure (a notebook shows it inline); `save_png`
writes it for `balance show --png`. Each game's drawing lives in
`show/<game>_picture.py` as `draw_state(state, naming, fig)`.
"""

from __future__ import annotations

import importlib
import io
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure  # a bare Figure: no pyplot state, no GUI backend needed

from show.naming import Naming
from show.source import ShownGame
from show.story import check_at, state_at

PLAYER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b")
"""Seat colours (seat 1 first), the same in every game's picture."""


class Picture(Figure):
    """A Figure that a notebook shows inline by itself (`_repr_png_`), whatever its matplotlib backend."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=90)
        return buffer.getvalue()


def draw(shown: ShownGame, at: int | None = None) -> Figure:
    """The state after event `at` (the end when None), drawn for the game."""
    last = check_at(shown, at)
    state = state_at(shown, last)
    return draw_state(shown, state, last)


def draw_state(shown: ShownGame, state: Any, seq: int) -> Figure:
    """A state already folded (the stepping widget keeps one)."""
    module = importlib.import_module(f"show.{shown.game.id.split('-')[0]}_picture")
    naming = Naming(shown)
    fig = Picture(figsize=module.figsize(state), layout="constrained")
    module.draw_state(state, naming, fig)
    fig.suptitle(f"{naming.game_title()} — {shown.title}: after event {seq} of {len(shown.events) - 1}",
                 fontsize=11)
    return fig


def save_png(shown: ShownGame, path: str | Path, at: int | None = None) -> None:
    """Write the picture of the state after event `at` as a PNG."""
    draw(shown, at).savefig(path, dpi=100)
