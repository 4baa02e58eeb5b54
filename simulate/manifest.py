"""The run manifest: written last, it says what a complete run contains and how to replay it.

It records the spec, the ruleset's name, digest and full TOML text (so verify
replays with the exact rules even if the file changed since), the code
version, every part file with its game and event counts and SHA-256, totals, timings and
`created_at` (UTC, when the run completed; wall-clock time lives only here,
never in events).
"""

from __future__ import annotations

import dataclasses
import hashlib
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from engine.core.ruleset import Ruleset
from simulate.batch import BatchSummary
from simulate.spec import RunSpec

MANIFEST_VERSION = 1


@dataclass(frozen=True)
class Manifest:
    """A complete run: spec, ruleset, code version, files, totals, timings."""

    run_id: str
    game: str
    spec: dict[str, Any]
    ruleset: dict[str, str]
    code_version: str
    files: list[dict[str, Any]]
    totals: dict[str, int]
    timings: dict[str, float]
    created_at: str = ""
    manifest_version: int = MANIFEST_VERSION
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Manifest:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


def build_manifest(
    spec: RunSpec, ruleset: Ruleset, folder: Path, lake: Path, summaries: list[BatchSummary],
    started: float, finished: float, played_now: set[int],
) -> Manifest:
    """The manifest of a finished run (summaries of every part, played now or before)."""
    ordered = sorted(summaries, key=lambda s: s.index)
    batches = {b.index: b for b in spec.batches()}
    files = [
        {
            "file": str((folder / s.file).relative_to(lake)),
            "games": s.games,
            "events": s.events,
            "first_game_id": batches[s.index].start,
            "last_game_id": batches[s.index].stop - 1,
            "sha256": file_sha256(folder / s.file),
        }
        for s in ordered
    ]
    games = sum(s.games for s in ordered)
    events = sum(s.events for s in ordered)
    seconds = max(finished - started, 1e-9)
    played_games = sum(s.games for s in ordered if s.index in played_now)
    return Manifest(
        run_id=spec.run_id,
        game=spec.game,
        spec=spec.to_dict(),
        ruleset={"name": ruleset.name, "digest": ruleset.digest, "path": ruleset.path, "text": ruleset.text},
        code_version=code_version(),
        created_at=datetime.fromtimestamp(finished, tz=UTC).isoformat(timespec="seconds"),
        files=files,
        totals={"games": games, "events": events, "files": len(files)},
        timings={
            "started_unix": round(started, 3),
            "finished_unix": round(finished, 3),
            "seconds": round(seconds, 3),
            "batches_played_now": len(played_now),
            "games_played_now": played_games,
            "games_per_second_now": round(played_games / seconds, 1),
        },
    )


def file_sha256(path: Path) -> str:
    """The checksum verify compares, so an edited part file is caught even where replay cannot tell."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def code_version() -> str:
    """`git describe` of the source tree when available, else the installed package version."""
    try:
        result = subprocess.run(
            ["git", "describe", "--always", "--dirty", "--tags"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=5,
        )
        if result.returncode == 0 and result.stdout.strip():
            return f"git:{result.stdout.strip()}"
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        return f"balance {metadata.version('balance')}"
    except metadata.PackageNotFoundError:
        return "unknown"
