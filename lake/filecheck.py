"""One data file of a complete run, checked against its manifest entry, its run's spec and the rules.

Runs in a verify worker: reads the file once through the lake's store,
compares its SHA-256 and row count with the manifest, checks that it holds
exactly the games of its range, that each game starts as the spec says
(seed, player count, agents per seat, ruleset digest) and that each game
passes `lake.gamecheck`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from engine.core.game import Game
from engine.core.logread import paused_gc
from engine.core.ruleset import Ruleset
from engine.registry import resolve_game
from lake.filerows import ENVELOPE_CHECKED, FileRows
from lake.gamecheck import check_game, first_difference
from lake.parquet_format import read_table
from lake.spec import RunSpec
from lake.store import Store

Found = tuple[int | None, int | None, str]  # (game_id, seq, problem)


@dataclass(frozen=True)
class FileTask:
    """Everything a worker needs to check one file (picklable)."""

    key: str
    store: Store
    entry: dict[str, Any]
    run_id: str
    game_ref: str | Game
    ruleset: Ruleset | None  # None: not an event file (e.g. tile values): checksum and rows only
    spec: RunSpec | None  # simulated runs: the games each game id must be
    ruleset_digest: str | None


@dataclass(frozen=True)
class FileResult:
    """What checking one file found."""

    problems: list[Found]
    games: int
    events: int
    game_ids: list[int]


def check_file(task: FileTask) -> FileResult:
    """Check one file (runs in a worker when verifying in parallel)."""
    entry = task.entry
    try:
        data = task.store.read_bytes(task.key)
    except OSError as exc:
        return FileResult([(None, None, f"cannot be read ({exc})")], 0, 0, [])
    edited = hashlib.sha256(data).hexdigest() != entry.get("sha256")
    try:
        table = read_table(data)
    except Exception as exc:  # noqa: BLE001 - any reader failure means the file is unusable
        changed = "; it differs from its checksum in the manifest" if edited else ""
        return FileResult([(None, None, f"unreadable Parquet file ({type(exc).__name__}: {exc}){changed}")], 0, 0, [])
    problems: list[Found] = []
    listed = entry.get("events", entry.get("rows"))
    if table.num_rows != listed:
        problems.append((None, None, f"{table.num_rows} rows, manifest lists {listed}"))
    if task.ruleset is None:
        if edited:
            problems.append((None, None, "file differs from its checksum in the manifest (edited after the run)"))
        return FileResult(problems, 0, table.num_rows, [])
    game = resolve_game(task.game_ref)
    with paused_gc():  # the file's events and replayed states are many objects without cycles
        game_ids, found = _check_games(task, game, task.ruleset, table, edited)
    problems += found
    if edited and not problems:
        problems.append((None, None, "file differs from its checksum in the manifest (edited after the run)"))
    problems += _range_problems(entry, game_ids)
    return FileResult(problems, len(game_ids), table.num_rows, game_ids)


def _check_games(
    task: FileTask, game: Game, ruleset: Ruleset, table: pa.Table, edited: bool,
) -> tuple[list[int], list[Found]]:
    """The game ids the file holds and the first problem of each game that does not verify."""
    if "game_id" not in table.column_names or "seq" not in table.column_names:
        return [], []
    missing = [name for name in ENVELOPE_CHECKED if name not in table.column_names]
    if missing:
        ids = pc.unique(table.column("game_id").drop_null()).to_pylist()
        return sorted(ids), [(None, None, f"no {', '.join(missing)} column: not a part file as the engine writes "
                                          "them (every game of it is unchecked)")]
    rows = FileRows(table, game.event_types, task.run_id)
    game_ids: list[int] = []
    problems: list[Found] = []
    for index, (game_id, start, end) in enumerate(rows.games):
        if game_id is None:
            problems.append((None, None, f"{end - start} row(s) without a game_id"))
            continue
        game_ids.append(game_id)
        found = _check_one(task, game, ruleset, rows, index, edited)
        if found is not None:
            problems.append((game_id, found[0], found[1]))
    return game_ids, problems


def _check_one(
    task: FileTask, game: Game, ruleset: Ruleset, rows: FileRows, index: int, edited: bool,
) -> tuple[int | None, str] | None:
    found: tuple[int | None, str] | None = _start_problem(task, rows, index)
    if found is None:
        found = check_game(game, ruleset, rows, index)
    if found is None and edited:
        found = first_difference(game, ruleset, rows, index)
    return found


def _start_problem(task: FileTask, rows: FileRows, index: int) -> tuple[int, str] | None:
    """The game's `game_started` must be the one its spec derives for this game id."""
    game_id = rows.games[index][0]
    logged = {name: values[index] for name, values in rows.first.items()}
    if logged["seq"] != 0 or logged["event_type"] != "game_started":
        return None  # reported by check_game (seq gap, first event)
    if task.ruleset_digest is not None and logged["ruleset_digest"] != task.ruleset_digest:
        return 0, (f"game_started ruleset_digest is {logged['ruleset_digest']}, "
                   f"the run's ruleset is {task.ruleset_digest}")
    if task.spec is None or game_id is None:
        return None
    if not 0 <= game_id < task.spec.total_games:
        return 0, f"game id {game_id} is outside the run's spec (games 0-{task.spec.total_games - 1})"
    planned = next(task.spec.planned_games(game_id, game_id + 1))
    expected = {"seed": planned.seed, "num_players": planned.num_players, "agents": list(planned.agents)}
    for key, want in expected.items():
        if logged[key] != want:
            return 0, (f"game_started {key} is {logged[key]!r}, the spec derives {want!r} for game {game_id} "
                       "(a game from another run or seed, or agents swapped between seats)")
    return None


def _range_problems(entry: dict[str, Any], game_ids: list[int]) -> list[Found]:
    try:
        expected_ids = set(range(int(entry["first_game_id"]), int(entry["last_game_id"]) + 1))
    except (KeyError, TypeError, ValueError):
        return [(None, None, "manifest entry has no valid first_game_id/last_game_id")]
    problems: list[Found] = [(g, None, "game listed in the manifest's range has no events")
                             for g in sorted(expected_ids - set(game_ids))]
    outside = sorted(set(game_ids) - expected_ids)
    problems += [(g, None, "game outside the manifest's range for this file") for g in outside]
    return problems
