"""Paired simulation of a bonus tile's value: same seed, one seat prefers the tile vs avoids it.

For each seed the game is played twice with the same line-up of greedy agents,
except one seat (rotating with the seed) which, at every bonus-tile choice,
takes the tile when it is on offer (`prefer-<tile>`) or never takes it while
another tile is on offer (`avoid-<tile>`). Everything else is greedy, so the
two games are identical until that seat's first bonus choice involving the
tile (common random numbers). The paired score and win-share differences
estimate what having the tile is worth to a greedy player, with a 95% normal
interval (use at least ~30 pairs).

What it estimates: the worth of a whole-game *policy* for one seat (always
take the tile when offered vs never), which mixes how often the tile is
offered with what it is worth once taken. `balance tile-value`
(simulate/tile_value.py) estimates the worth of one *choice* at a sampled
bonus decision against the other tiles on offer there; it is the estimate
the report shows. This one stays for the policy question and as the
`prefer-<tile>` / `avoid-<tile>` agents usable in any run spec.

    .venv/bin/python -m engine.gardens.tile_value --ruleset base --players 3 --pairs 200
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import ListSink, make_agent, play_game
from engine.core.agents import GreedyAgent
from engine.core.game import Game
from engine.gardens.config import BASE_TILES, CAPRICE_TILES


class TileAgent(GreedyAgent):
    """Greedy, except that at bonus choices it always (or never) takes one tile."""

    def __init__(self, tile: str, prefer: bool) -> None:
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


@dataclass(frozen=True)
class TileValue:
    """Paired differences (prefer - avoid) for one tile."""

    tile: str
    pairs: int
    took: int  # pairs in which the preferring seat actually took the tile
    score_diff: float
    score_lo: float
    score_hi: float
    win_diff: float
    win_lo: float
    win_hi: float

    @property
    def beyond_noise(self) -> bool:
        return self.score_lo > 0 or self.score_hi < 0


def measure(game: Game, ruleset_name: str, players: int, tile: str, pairs: int, seed: int = 0) -> TileValue:
    """Play `pairs` paired games for one tile and summarise the differences."""
    ruleset = game.load_ruleset(ruleset_name)
    score_diffs: list[float] = []
    win_diffs: list[float] = []
    took = 0
    for i in range(pairs):
        game_seed, seat = seed + i, i % players
        results = []
        for prefer in (True, False):
            agents = [TileAgent(tile, prefer) if s == seat else make_agent("greedy", game) for s in range(players)]
            sink = ListSink()
            play_game(game, ruleset, agents, game_seed, sink, game_id=i)
            scored = next(e for e in sink.events if e.TYPE == "player_scored" and e.player == seat)  # type: ignore[attr-defined]
            results.append((scored.score, scored.win_share))  # type: ignore[attr-defined]
            if prefer:
                took += any(e.TYPE == "bonus_tile_taken" and e.player == seat and e.tile == tile  # type: ignore[attr-defined]
                            for e in sink.events)
        score_diffs.append(results[0][0] - results[1][0])
        win_diffs.append(results[0][1] - results[1][1])
    score_mean, score_half = _mean_interval(score_diffs)
    win_mean, win_half = _mean_interval(win_diffs)
    return TileValue(tile, pairs, took, score_mean, score_mean - score_half, score_mean + score_half,
                     win_mean, win_mean - win_half, win_mean + win_half)


def _mean_interval(values: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def main() -> None:
    from engine.gardens.game import GAME

    parser = argparse.ArgumentParser(description="Paired-simulation value of each bonus tile (prefer vs avoid).")
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tiles", default="", help="comma-separated tiles (default: every tile of the ruleset)")
    args = parser.parse_args()
    config = GAME.config(GAME.load_ruleset(args.ruleset))
    tiles = args.tiles.split(",") if args.tiles else list(config.caprice_tiles or BASE_TILES)
    print(f"{'tile':15} {'pairs':>5} {'took':>5} {'score diff [95%]':>24} {'win-share diff [95%]':>26}  noise?")
    for tile in tiles:
        v = measure(GAME, args.ruleset, args.players, tile, args.pairs, args.seed)
        print(f"{v.tile:15} {v.pairs:5d} {v.took:5d} {v.score_diff:+7.2f} [{v.score_lo:+6.2f}, {v.score_hi:+6.2f}] "
              f"{v.win_diff:+8.3f} [{v.win_lo:+6.3f}, {v.win_hi:+6.3f}]  {'beyond' if v.beyond_noise else 'within'}")


if __name__ == "__main__":
    main()
