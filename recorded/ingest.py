"""`balance ingest`: recorded games into the lake as complete runs, bad ones into quarantine.

Every game is replayed through the engine (`recorded.replay`). Valid games
are grouped by game and ruleset; each group becomes one run whose id derives
from its games' content (`rec-<hash>`), written like a simulated run: one
part file, the records themselves (so `verify` can re-derive every event),
and the manifest last, marked `"source": "recorded"`. A game already in the
lake (same events, wherever it came from) is not added again. A game that
fails is quarantined (`recorded.quarantine`) with its reason and record, and
listed by `balance ingest --quarantined`; the other games of its file still
go in. Ingests of one lake take turns (a lake-wide lock), so a game shared by
two files ingested at once still enters the lake once.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.core.buffer import EventBuffer
from engine.core.ruleset import Ruleset
from engine.registry import get_game
from lake import layout
from lake.catalogue import catalogue
from lake.claim import RunBusy, claim_run, hold_lock, owner_text
from lake.manifest import Manifest, code_version, file_entry, publish
from lake.store import WrittenFile, open_store
from recorded.errors import RecordError
from recorded.quarantine import QUARANTINE_DIR, clear_killed_writes, quarantine, unquarantine
from recorded.records import GameRecord, read_records, record_files
from recorded.replay import replay_record
from recorded.turn_replay import ReplayedGame

SOURCE = "recorded"
INGEST_LOCK = f"{QUARANTINE_DIR}/ingest.lock"  # serialises the ingests of a lake; beside the quarantine, not a run


@dataclass
class IngestReport:
    """What one ingest did."""

    files: int = 0
    added: list[tuple[str, int]] = field(default_factory=list)  # (run id, games) of new runs
    already: list[str] = field(default_factory=list)  # games already in the lake
    rejected: list[RecordError] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games_added(self) -> int:
        return sum(n for _, n in self.added)


def ingest(paths: list[Path], lake: Path, on_wait: Callable[[str], None] | None = None) -> IngestReport:
    """Replay every recorded game under `paths` into `lake` (see the module docstring).

    Replaying needs no lock; deciding which games are new and writing them does, so two ingests at once
    agree: the second waits for the first (`on_wait` is told why) and then finds the shared games in the
    lake, exactly as if it had run after it.
    """
    started = time.perf_counter()
    report = IngestReport()
    files = record_files(paths)
    report.files = len(files)
    replayed, readable = _replay_files(files, report)
    with _ingest_lock(lake, on_wait):
        clear_killed_writes(lake)
        known = recorded_hashes(lake)
        batch: dict[str, ReplayedGame] = {}
        for game in replayed:
            _take(lake, game, known, batch, report)
        for group in _groups(batch.values()):
            run_id = write_run(lake, group)
            report.added.append((run_id, len(group)))
            for game in group:
                unquarantine(lake, game.record.file, game.record.index)
        for path in readable:
            unquarantine(lake, str(path), None)
        for error in report.rejected:
            quarantine(lake, error)
    report.seconds = time.perf_counter() - started
    return report


def _replay_files(files: list[Path], report: IngestReport) -> tuple[list[ReplayedGame], list[Path]]:
    """Every game of `files` replayed (the failures added to `report`), and the files that could be read."""
    rulesets: dict[tuple[str, str], Ruleset] = {}
    replayed: list[ReplayedGame] = []
    readable: list[Path] = []
    for path in files:
        records, errors = read_records(path)
        report.rejected += errors
        if all(error.game is not None for error in errors):
            readable.append(path)
        for record in records:
            try:
                replayed.append(replay_record(record, rulesets))
            except RecordError as exc:
                exc.record = record.data
                report.rejected.append(exc)
    return replayed, readable


@contextlib.contextmanager
def _ingest_lock(lake: Path, on_wait: Callable[[str], None] | None) -> Iterator[None]:
    """Hold the lake's ingest lock (released when the process ends, however it ends)."""
    store = open_store(lake)
    store.check_usable(write=True)
    try:
        claim = hold_lock(store, "ingest", key=INGEST_LOCK)
    except RunBusy:
        if on_wait is not None:
            on_wait(f"another balance ingest ({owner_text(store, 'ingest', INGEST_LOCK)}) is writing to {lake}; "
                    "waiting for it to finish")
        claim = hold_lock(store, "ingest", wait=True, key=INGEST_LOCK)
    try:
        yield
    finally:
        claim.release()


def _take(lake: Path, game: ReplayedGame, known: dict[str, dict[str, Any]], batch: dict[str, ReplayedGame],
          report: IngestReport) -> None:
    """File one replayed game: new, already ingested from this very file, or a duplicate."""
    record = game.record
    same = known.get(game.content_hash)
    if same is not None and _same_place(same["file"], same["index_in_file"], record):
        report.already.append(f"{record.file}: {record.label}: already in the lake (run {same['run_id']})")
        unquarantine(lake, record.file, record.index)
        return
    if same is not None:
        detail = (f"the same game (identical moves and outcomes) is already in the lake from {same['file']} "
                  f"game {same['index_in_file']} (run {same['run_id']} game id {same['game_id']})")
        report.rejected.append(_duplicate(record, detail))
        return
    first = batch.get(game.content_hash)
    if first is not None:
        detail = f"the same game as {first.record.file}: {first.record.label} (identical moves and outcomes)"
        report.rejected.append(_duplicate(record, detail))
        return
    batch[game.content_hash] = game


def _duplicate(record: GameRecord, detail: str) -> RecordError:
    return RecordError("duplicate_game", detail, file=record.file, game=record.index,
                       title=record.data.get("title") or "", record=record.data)


def _same_place(file: str, index: int, record: GameRecord) -> bool:
    return Path(file).resolve() == Path(record.file).resolve() and index == record.index


def _groups(games: Iterable[ReplayedGame]) -> list[list[ReplayedGame]]:
    """Games of one game and ruleset per run (a manifest holds one ruleset), in content order."""
    groups: dict[tuple[str, str], list[ReplayedGame]] = {}
    for game in games:
        groups.setdefault((game.game, game.ruleset.digest), []).append(game)
    return [sorted(group, key=lambda g: g.content_hash) for _, group in sorted(groups.items())]


def write_run(lake: Path, games: list[ReplayedGame]) -> str:
    """One complete recorded run: part file, records, manifest (last). Returns its run id."""
    first = games[0]
    run_id = "rec-" + hashlib.sha256("".join(g.content_hash for g in games).encode()).hexdigest()[:16]
    buffer = EventBuffer.for_game(get_game(first.game))
    for game_id, game in enumerate(games):
        for seq, event, round_, turn, clock in game.rows:
            buffer.append(game_id, seq, event, round_, turn, clock)
    table = buffer.to_table(run_id)
    store = open_store(lake)
    claim = {"kind": SOURCE, "game": first.game, "ruleset_digest": first.ruleset.digest}
    with claim_run(store, run_id, claim, resume=True):  # the run id is its content: the same games, the same run
        written = store.write_parquet(layout.part_key(first.game, run_id, 0), table)
        store.write_bytes(layout.meta_key(run_id, layout.RECORDS_FILE),
                          layout.json_bytes([g.record.data for g in games]))
        publish(store, _manifest(lake, run_id, games, written))  # sealed, written last: the run is complete
    return run_id


def _manifest(lake: Path, run_id: str, games: list[ReplayedGame], part: WrittenFile) -> Manifest:
    first = games[0]
    ruleset = first.ruleset
    now = datetime.now(tz=UTC)
    return Manifest(
        run_id=run_id,
        game=first.game,
        kind=SOURCE,
        spec={"source": SOURCE, "game": first.game, "ruleset": ruleset.name, "games": len(games)},
        ruleset={"name": ruleset.name, "digest": ruleset.digest, "path": ruleset.path, "text": ruleset.text},
        code_version=code_version(),
        files=[file_entry(part, len(games), 0, len(games) - 1)],
        totals={"games": len(games), "events": part.rows, "files": 1},
        timings={"finished_unix": round(now.timestamp(), 3)},
        created_at=now.isoformat(timespec="seconds"),
        extra={
            "source": SOURCE,
            "records": layout.meta_key(run_id, layout.RECORDS_FILE),
            "games": [_game_entry(game_id, g) for game_id, g in enumerate(games)],
        },
    )


def _game_entry(game_id: int, game: ReplayedGame) -> dict[str, Any]:
    data = game.record.data
    return {
        "game_id": game_id, "content_hash": game.content_hash, "file": str(Path(game.record.file).resolve()),
        "index_in_file": game.record.index, "labels": game.labels, "title": data.get("title"),
        "played_on": data.get("played_on"), "scores": game.scores,
    }


def is_recorded(manifest: dict[str, Any]) -> bool:
    """Whether a run manifest describes recorded (not simulated) games."""
    return manifest.get("extra", {}).get("source") == SOURCE


def recorded_hashes(lake: Path) -> dict[str, dict[str, Any]]:
    """Content hash -> its manifest entry (with `run_id`) for every recorded game in the lake's complete runs."""
    known: dict[str, dict[str, Any]] = {}
    for found in catalogue(lake).complete_runs():  # verify reports the others; ingest needs the complete ones
        run_id, manifest = found.run_id, found.manifest
        if manifest and is_recorded(manifest):
            for entry in manifest["extra"]["games"]:
                known[entry["content_hash"]] = {**entry, "run_id": run_id}
    return known
