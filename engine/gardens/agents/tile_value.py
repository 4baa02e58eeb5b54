"""What the tile-value experiments need from the Four Gardens rules.

- `prefer-<tile>` / `avoid-<tile>` agents: greedy, except that at every bonus
  choice they take the tile whenever it is on offer, or never while another
  tile is on offer (usable in any run spec; `simulate.tile_owning` pairs them
  on shared seeds to measure the value of owning a tile).
- `decision_place`: where a decision happens (round and decision kind), the
  key of the per-decision random streams (`engine.core.streams`) that keep
  two branches of a rollout drawing alike after they diverge.
- `outcome` and `owned_tiles`: a player's final score, win share and tiles.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from engine.core.game import Game
from engine.gardens.agents.kernel import KernelGreedy
from engine.gardens.rules import BASE_TILES, CAPRICE_TILES
from engine.gardens.scoring import ranks, score
from engine.gardens.state import State, current_round


class TileAgent(KernelGreedy):
    """Greedy (on the kernel when it is built), except that at bonus choices it always (or never) takes one tile."""

    def __init__(self, tile: str, prefer: bool) -> None:
        super().__init__()
        self.tile = tile
        self.prefer = prefer
        self.name = f"{'prefer' if prefer else 'avoid'}-{tile}"

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if legal and legal[0][0] == "bonus":
            wanted = ("bonus", self.tile)
            if self.prefer and wanted in legal:
                return wanted
            if not self.prefer and wanted in legal and len(legal) > 1:
                legal = [c for c in legal if c != wanted]
        return super().choose(game, view, legal, rng)


def tile_agents() -> dict[str, Any]:
    """`prefer-<tile>` and `avoid-<tile>` for every base and Caprice tile (usable as agent names)."""
    agents: dict[str, Any] = {}
    for tile in (*BASE_TILES, *CAPRICE_TILES):
        agents[f"prefer-{tile}"] = lambda tile=tile: TileAgent(tile, True)
        agents[f"avoid-{tile}"] = lambda tile=tile: TileAgent(tile, False)
    return agents


def decision_place(state: State, player: int) -> Hashable:
    """The round and kind of the pending decision (main, draw, wild, bonus, ...)."""
    return current_round(state), state.todo[-1][0]


def owned_tiles(state: State, player: int) -> set[str]:
    """Every bonus tile the player has taken (base types, or Caprice tiles in any state)."""
    return set(state.players[player].bonus_types)


def outcome(state: State, player: int) -> tuple[float, float]:
    """Final score and win share (1/winners for a shared first place) of a finished game."""
    order = ranks(state)
    return float(score(state, player)), (1.0 / order.count(1) if order[player] == 1 else 0.0)
