"""The value of owning a bonus tile: a player who always takes it against one who never does.

For each of P pairs (game seeds derived by hashing, shared by every tile) and
each tile of the ruleset, the same deal is played twice: one seat (rotating
with the pair) is `prefer-<tile>` in one game and `avoid-<tile>` in the
other (both greedy otherwise: `engine.gardens.agents.tile_value.TileAgent`); the
other seats play the spec's line-up. Both games draw from the same
per-decision random streams (`engine.core.streams`), so they stay alike
after the first bonus choice tells them apart.

This is a whole-game *policy* effect: it counts how often the tile comes up
and what it displaces, not the worth of one choice (that is
`simulate.tile_value`). One row per (pair, tile); the warehouse averages the
paired differences of final score and win share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyarrow as pa

from engine.core.agents import make_agent
from engine.core.chance import Chance
from engine.core.driver import play_out
from engine.core.ruleset import Ruleset
from engine.core.streams import DecisionStreams
from engine.gardens.agents.tile_value import TileAgent, decision_place, outcome, owned_tiles
from engine.gardens.game import GAME
from engine.gardens.rules import BASE_TILES
from simulate.tile_value import RUN_FIELDS, TileValueSpec, in_order, stream_seed

OWNING_SCHEMA = pa.schema([
    *RUN_FIELDS,
    ("pair", pa.int32()),
    ("game_seed", pa.int64()),
    ("seat", pa.int8()),
    ("tile", pa.string()),
    ("took_prefer", pa.bool_()),
    ("took_avoid", pa.bool_()),
    ("score_prefer", pa.float64()),
    ("score_avoid", pa.float64()),
    ("win_prefer", pa.float64()),
    ("win_avoid", pa.float64()),
    ("rounds_prefer", pa.int16()),
    ("rounds_avoid", pa.int16()),
])


def ruleset_tiles(ruleset: Ruleset) -> tuple[str, ...]:
    """The tiles a player can be offered under this ruleset (base tiles, or the Caprice tiles)."""
    config = GAME.config(ruleset)
    return config.caprice_tiles if config.caprice else BASE_TILES


def play_with_tile_policy(spec: TileValueSpec, ruleset: Ruleset, pair: int, tile: str, prefer: bool) -> Any:
    """The final state of pair `pair`'s deal with its rotating seat playing prefer-/avoid-`tile`."""
    seed, seat = spec.game_seed(pair), pair % spec.players
    agents: list[Any] = [make_agent(name, GAME) for name in spec.seating(pair)]
    agents[seat] = TileAgent(tile, prefer)
    state = GAME.initial_state(ruleset, spec.players, seed, tuple(a.name for a in agents))
    for event in GAME.setup(state, Chance(seed)):  # the same deal as play_game(seed)
        state = GAME.evolve(state, event)
    rollout = stream_seed(spec.seed, seed, -1, pair)
    streams = DecisionStreams(rollout, decision_place) if spec.streams == "coupled" else None
    return play_out(GAME, state, agents, rollout, streams=streams)


def pair_rows(spec: TileValueSpec, pair: int) -> list[dict[str, Any]]:
    """Pair `pair`'s rows: for each tile, both games' outcomes for the rotating seat."""
    ruleset = GAME.load_ruleset(spec.ruleset)
    seat = pair % spec.players
    rows = []
    for tile in ruleset_tiles(ruleset):
        finals = [play_with_tile_policy(spec, ruleset, pair, tile, prefer) for prefer in (True, False)]
        (score_p, win_p), (score_a, win_a) = (outcome(f, seat) for f in finals)
        rows.append({
            "pair": pair, "game_seed": spec.game_seed(pair), "seat": seat, "tile": tile,
            "took_prefer": tile in owned_tiles(finals[0], seat), "took_avoid": tile in owned_tiles(finals[1], seat),
            "score_prefer": score_p, "score_avoid": score_a, "win_prefer": win_p, "win_avoid": win_a,
            "rounds_prefer": finals[0].round - 1, "rounds_avoid": finals[1].round - 1,
        })
    return rows


def measure_owning(spec: TileValueSpec, run_id: str, progress: Callable[[int, int], None] | None = None,
                   workers: int = 1) -> pa.Table:
    """One row per (pair, tile): both games' final score, win share and whether the seat took the tile."""
    ruleset = GAME.load_ruleset(spec.ruleset)
    rows = [row for pair in in_order(pair_rows, spec, spec.pairs, workers, progress) for row in pair]
    common = {"run_id": run_id, "ruleset": ruleset.name, "ruleset_digest": ruleset.digest,
              "players": spec.players, "agents": spec.lineup_label(), "streams": spec.streams}
    return pa.Table.from_pylist([{**common, **row} for row in rows], schema=OWNING_SCHEMA)
