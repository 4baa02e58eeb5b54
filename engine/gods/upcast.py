"""Older 4 Gods logs read as today's: what a row of an older version needs the state for.

`evolve` applies today's events only; the lake's reader folds a log with
`evolve_logged`, which also knows what version-2 games logged:

- `bag_shuffled` (retired): the bag's order after the shuffle. Today's games
  draw each tile when it comes out and name it, so the bag has no order; a
  version-2 game's digest covers the order it logged, so the row still sets it.
- `tiles_drawn` v2 names no tiles: they came off the top of that logged order,
  as many as the draw planned or the last ones left. They are named here, from
  the state before the row, and the row is applied as today's.
"""

from __future__ import annotations

from engine.gods.commands import Draw
from engine.gods.events import BagShuffled, TilesDrawn
from engine.gods.evolve import HANDLERS, make_evolve
from engine.gods.state import GodsState


def _bag_shuffled(state: GodsState, e: BagShuffled) -> None:
    state.bag = list(e.order)
    state.bag_top = 0


def _tiles_drawn(state: GodsState, e: TilesDrawn) -> None:
    if e.tiles is None:
        plan: Draw = state.plan[e.player]  # type: ignore[assignment]  # a draw is due: its row says so
        count = min(plan.count, state.bag_left)  # the bag may have run low meanwhile: the last tiles
        e = TilesDrawn(e.player, tuple(state.bag[state.bag_top:state.bag_top + count]))
    HANDLERS[TilesDrawn](state, e)


evolve_logged = make_evolve({**HANDLERS, BagShuffled: _bag_shuffled, TilesDrawn: _tiles_drawn})
