"""Throughput figures: games/s and events/s, the cost of logging, and pipeline scaling.

`logging_overhead` plays the same seeded games on one core into a `NullSink`
(events discarded) and into an `EventBuffer` turned into an Arrow table and
written as Parquet to a temporary folder; the ratio of the two times is the
logging overhead. `pipeline_throughput` times `runner.run` with a given
number of workers into a temporary lake. Games that cache work (caprices
caches end-game scoring) run much faster once warm: the logging figures are
taken after an unmeasured warm-up pass (steady state, both modes equal), the
pipeline figures in a fresh interpreter (cold start, like a new run). Figures
are wall-clock and depend on what else the machine is doing.

`search_throughput` plays a few games of a search agent (`ismcts...`) in a
uniform line-up and reports seconds per game and iterations per second, both
from CPU time (process time), which a loaded machine distorts less than
wall-clock time.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from engine.core.agents import make_agent
from engine.core.buffer import EventBuffer
from engine.core.driver import NullSink, play_game
from engine.core.events import Event
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from engine.registry import GAMES
from lake import layout
from lake.spec import Batch, RunSpec
from simulate.batch import load_spec_ruleset, play_into
from simulate.runner import run


@dataclass(frozen=True)
class Throughput:
    """One measured configuration."""

    label: str
    games: int
    events: int
    seconds: float
    bytes_on_disk: int = 0  # the Parquet part file, where one was written

    @property
    def bytes_per_event(self) -> float:
        return self.bytes_on_disk / self.events

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def events_per_s(self) -> float:
        return self.events / self.seconds


@dataclass(frozen=True)
class SearchThroughput:
    """A search agent in a uniform line-up: CPU time per game and per iteration."""

    games: int
    seconds: float  # CPU seconds of whole games (every seat searching)
    iterations: int
    search_seconds: float  # CPU seconds inside the search itself
    decisions: int  # decisions that were searched (more than one legal command)

    @property
    def seconds_per_game(self) -> float:
        return self.seconds / self.games

    @property
    def iterations_per_s(self) -> float:
        return self.iterations / self.search_seconds if self.search_seconds else 0.0

    @property
    def iterations_per_decision(self) -> float:
        return self.iterations / self.decisions if self.decisions else 0.0


def search_throughput(game: Game, spec: RunSpec) -> SearchThroughput:
    """Play the spec's games (one core, events discarded) and sum the search agents' counters."""
    ruleset = load_spec_ruleset(game, spec)
    seconds = search_seconds = 0.0
    iterations = decisions = 0
    for planned in spec.planned_games(0, spec.total_games):
        seated = [make_agent(name, game) for name in planned.agents]
        started = time.process_time()
        play_game(game, ruleset, seated, planned.seed, NullSink(), planned.game_id)
        seconds += time.process_time() - started
        searching = [agent for agent in seated if agent.searches]
        iterations += sum(agent.iterations_run for agent in searching)
        search_seconds += sum(agent.search_seconds for agent in searching)
        decisions += sum(agent.decisions_searched for agent in searching)
    return SearchThroughput(spec.total_games, seconds, iterations, search_seconds, decisions)


def logging_overhead(game: Game, spec: RunSpec, repeats: int = 3) -> tuple[Throughput, Throughput]:
    """(discarded, logged) throughput for games of `spec` on one core, best of `repeats`.

    One unmeasured warm-up pass comes first (Arrow's first-use setup, the
    game's own caches), then the two modes alternate so that both see the same
    machine load; the fastest repeat of each is kept, as `timeit` does. Every
    pass plays games of its own seeds: replaying the same games would let a
    game's caches (caprices memoises scoring) answer from memory and overstate
    the speed of a real run.
    """
    ruleset = load_spec_ruleset(game, spec)
    every_game = Batch(0, 0, spec.total_games)
    with tempfile.TemporaryDirectory(prefix="balance-bench-") as folder:
        _logged_pass(game, ruleset, _reseeded(spec, 0), every_game, Path(folder))
        discarded_s, logged_s = float("inf"), float("inf")
        discarded_events = logged_events = logged_bytes = 0
        for repeat in range(repeats):
            counter = CountingSink()
            started = time.perf_counter()
            play_into(game, ruleset, _reseeded(spec, 2 * repeat + 1), every_game, counter)
            if (elapsed := time.perf_counter() - started) < discarded_s:
                discarded_s, discarded_events = elapsed, counter.events
            started = time.perf_counter()
            events, size = _logged_pass(game, ruleset, _reseeded(spec, 2 * repeat + 2), every_game, Path(folder))
            if (elapsed := time.perf_counter() - started) < logged_s:
                logged_s, logged_events, logged_bytes = elapsed, events, size
    games = spec.total_games
    return (
        Throughput("discarded (NullSink)", games, discarded_events, discarded_s),
        Throughput("logged (buffer+Arrow+Parquet)", games, logged_events, logged_s, logged_bytes),
    )


class CountingSink(NullSink):
    """Discards events but counts them (for events/s without logging)."""

    def __init__(self) -> None:
        self.events = 0

    def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
        self.events += 1


def _reseeded(spec: RunSpec, k: int) -> RunSpec:
    """The same spec with a different seed: same kind of games, none in common."""
    return dataclasses.replace(spec, seed=spec.seed + 7919 * (k + 1))


def _logged_pass(game: Game, ruleset: Ruleset, spec: RunSpec, batch: Batch, folder: Path) -> tuple[int, int]:
    """Play into an EventBuffer, build the Arrow table, write the Parquet part; returns events and file bytes."""
    buffer = EventBuffer.for_game(game)
    play_into(game, ruleset, spec, batch, buffer)
    path = folder / layout.part_name(batch.index)
    layout.write_table_atomic(buffer.to_table(spec.run_id), path)
    return len(buffer), path.stat().st_size


def pipeline_throughput(spec: RunSpec, workers: int, game: Game | None = None) -> Throughput:
    """Time `runner.run` for `spec` with `workers` into a temporary lake."""
    with tempfile.TemporaryDirectory(prefix="balance-bench-lake-") as lake:
        started = time.perf_counter()
        manifest = run(spec, Path(lake), workers=workers, progress=False, game=game)
        seconds = time.perf_counter() - started
    return Throughput(f"pipeline, {workers} worker(s)", manifest.totals["games"], manifest.totals["events"], seconds)


def pipeline_throughput_fresh(spec: RunSpec, workers: int) -> Throughput:
    """`pipeline_throughput` in a freshly spawned interpreter, like a new `balance simulate`.

    A fresh process starts with cold game caches; measuring in this process
    instead would let earlier measurements warm the caches (and forked workers
    inherit them), so figures would depend on what ran before.
    """
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(_pipeline_in_child, spec, workers, dict(GAMES)).result()


def _pipeline_in_child(spec: RunSpec, workers: int, registry: dict[str, str]) -> Throughput:
    """Runs in the spawned interpreter, with the parent's game registry."""
    GAMES.update(registry)
    return pipeline_throughput(spec, workers)
