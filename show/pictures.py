"""Pictures of a game's state: one matplotlib drawing function per game, all read from the folded events.

`draw(shown, at)` returns a Figure (a notebook shows it inline); `save_png`
writes it for `balance show --png`. Each game's drawing lives in
`show/<game>_picture.py` as `figsize(state)` and `draw_state(state, naming, fig)`,
registered in `PICTURES`.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Protocol

from matplotlib.figure import Figure  # a bare Figure: no pyplot state, no GUI backend needed

from show import caprices_picture, gardens_picture, gods_picture
from show.naming import Naming
from show.source import ShownGame
from show.story import check_at, state_at


class Drawing(Protocol):
    """How one game's state is drawn (a `show/<game>_picture.py` module)."""

    def figsize(self, state: Any) -> tuple[float, float]:
        """The figure's size in inches for this state."""
        ...

    def draw_state(self, state: Any, naming: Naming, fig: Figure, hidden: bool) -> None:
        """Draw the state onto `fig` (`hidden`: also what only its owner sees, the hands)."""
        ...


PICTURES: dict[str, Drawing] = {
    "caprices": caprices_picture,
    "caprices-joust": caprices_picture,  # the two-player joust is drawn as caprices
    "gardens": gardens_picture,
    "gods": gods_picture,
}
"""Game id -> how its states are drawn."""


class Picture(Figure):
    """A Figure that a notebook shows inline by itself (`_repr_png_`), whatever its matplotlib backend."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=90)
        return buffer.getvalue()


def draw(shown: ShownGame, at: int | None = None, hidden: bool = True) -> Figure:
    """The state after event `at` (the end when None), drawn for the game (`hidden`: with the hands)."""
    last = check_at(shown, at)
    state = state_at(shown, last)
    return draw_state(shown, state, last, hidden)


def draw_state(shown: ShownGame, state: Any, seq: int, hidden: bool = True) -> Figure:
    """A state already folded (the stepping widget keeps one); a notebook shows the hands by default."""
    drawing = PICTURES[shown.game.id]
    naming = Naming(shown)
    fig = Picture(figsize=drawing.figsize(state), layout="constrained")
    drawing.draw_state(state, naming, fig, hidden)
    fig.suptitle(f"{naming.game_title()} — {shown.title}: after event {seq} of {len(shown.events) - 1}",
                 fontsize=11)
    return fig


def save_png(shown: ShownGame, path: str | Path, at: int | None = None, hidden: bool = False) -> None:
    """Write the picture of the state after event `at` as a PNG (the hands only with `hidden`, as the text)."""
    draw(shown, at, hidden).savefig(path, dpi=100)
