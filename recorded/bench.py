"""Ingest speed beside replay speed, measured on the same games in one run.

    python -m recorded.bench EXPORT.json SIM_LAKE

EXPORT.json is `balance export` of the complete runs in SIM_LAKE. Three
figures, CPU time of this process (wall time is printed too; a shared
machine makes wall time noisy): replaying the simulated logs from Parquet
(`driver.replay`: every event applied, the seal checked), replaying the
records move by move through the rules (`replay_record`: every move
checked, every outcome checked), and the whole `ingest` into a fresh lake
(reading, schema, replay, Parquet, manifest, fsync).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from engine.core.driver import replay
from engine.core.logread import events_from_table
from engine.registry import get_game
from lake.catalogue import catalogue
from lake.manifest import manifest_ruleset
from lake.parquet_format import read_table
from recorded.ingest import ingest
from recorded.records import read_records
from recorded.replay import replay_record


def timed(step: Callable[[], int]) -> tuple[int, float, float]:
    """(games, CPU seconds, wall seconds) of one step."""
    cpu, wall = time.process_time(), time.perf_counter()
    games = step()
    return games, time.process_time() - cpu, time.perf_counter() - wall


def replay_logs(lake: Path) -> int:
    cat = catalogue(lake)
    games = 0
    for found in cat.runs.values():
        if not found.complete or found.manifest is None:
            continue
        game = get_game(found.manifest["game"])
        ruleset = manifest_ruleset(game, found.manifest)
        for entry in found.manifest["files"]:
            with cat.store.open(entry["file"]) as handle:
                table = read_table(handle)
            for game_id, events in events_from_table(table, game.event_types):
                replay(game, ruleset, events, game_id)
                games += 1
    return games


def replay_records(export: Path) -> int:
    records, errors = read_records(export)
    assert not errors, errors[0].message()
    rulesets: dict = {}  # type: ignore[type-arg]
    for record in records:
        replay_record(record, rulesets)
    return len(records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("export", type=Path)
    parser.add_argument("lake", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        steps = {
            "replay of the simulated logs (driver.replay)": lambda: replay_logs(args.lake),
            "replay of the records through the rules": lambda: replay_records(args.export),
            "ingest (read, schema, replay, write, manifest)": lambda: ingest([args.export], Path(folder)).games_added,
        }
        for name, step in steps.items():
            games, cpu, wall = timed(step)
            print(f"{name:<50} {games:>6} games  {games / cpu:8.1f} games/s CPU  {games / wall:8.1f} games/s wall")


if __name__ == "__main__":
    main()
