"""One batch of games, played in a worker process into one Parquet part file.

The worker rebuilds the batch's games from the spec (ids, seeds, seating are
deterministic), plays them into a single `EventBuffer`, writes the part file
atomically and durably through the lake's store (a local folder or an object
store) and returns only a small summary, so memory holds one batch at a time
and nothing large crosses process (or machine) boundaries.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from engine.core.agents import make_agent
from engine.core.buffer import EventBuffer
from engine.core.driver import play_game
from engine.core.errors import BalanceError
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from engine.registry import resolve_game
from lake import layout
from lake.spec import DEFAULT_RULESET, Batch, RunSpec
from lake.store import Store, open_store


class SimulationError(BalanceError):
    """A game failed while being simulated: names the run, game, seed and agents."""


@dataclass(frozen=True)
class BatchSummary:
    """What a worker reports back about the part file it wrote."""

    index: int
    file: str  # the part file's key in the lake
    games: int
    events: int
    seconds: float
    sha256: str = ""
    bytes: int = 0


def load_spec_ruleset(game: Game, spec: RunSpec) -> Ruleset:
    """The spec's ruleset; the name `default` means the game's own default ruleset."""
    return game.load_ruleset(game.default_ruleset if spec.ruleset == DEFAULT_RULESET else spec.ruleset)


def play_into(game: Game, ruleset: Ruleset, spec: RunSpec, batch: Batch, sink: Any) -> int:
    """Play the batch's games into `sink`; returns the number of games played."""
    played = 0
    for planned in spec.planned_games(batch.start, batch.stop):
        # fresh agents per game: an agent may keep memory of the game it plays
        seated = [make_agent(name, game) for name in planned.agents]
        try:
            play_game(game, ruleset, seated, planned.seed, sink, planned.game_id, rotation=planned.rotation)
        except Exception as exc:
            raise SimulationError(
                f"run {spec.run_id}: game {planned.game_id} ({planned.num_players} players, seed {planned.seed}, "
                f"rotation {planned.rotation}, agents {list(planned.agents)}) failed with {type(exc).__name__}: "
                f"{exc}; reproduce it with engine.core.driver.play_game and that seed (and rotation)"
            ) from exc
        played += 1
    return played


def play_batch(game_ref: str | Game, ruleset: Ruleset, spec: RunSpec, batch: Batch, lake: str | Store) -> BatchSummary:
    """Play one batch and write its part file into the lake; runs inside a worker."""
    started = time.perf_counter()
    game = resolve_game(game_ref)
    buffer = EventBuffer.for_game(game)
    games = play_into(game, ruleset, spec, batch, buffer)
    try:
        table = buffer.to_table(spec.run_id)
    except (OverflowError, ValueError, TypeError) as exc:  # a value too large for its lake column, say
        raise SimulationError(f"run {spec.run_id}: batch {batch.index} (games {batch.start}-{batch.stop - 1}) "
                              f"cannot be stored: {exc}; check the ruleset's values") from None
    key = layout.part_key(spec.game, spec.run_id, batch.index)
    written = open_store(lake).write_parquet(key, table)
    return BatchSummary(batch.index, key, games, table.num_rows, time.perf_counter() - started,
                        written.sha256, written.bytes)
