"""The run manifest: written last, it says what a complete run contains and how to check it.

A manifest records the run's kind (`simulated`, `recorded`, `tile_value`),
its spec (simulated runs), the ruleset's name, digest and full TOML text (so
verify replays with the exact rules even if the file changed since), the
code version, every data file with its row and game counts, byte size and
SHA-256, totals, timings and `created_at` (UTC, when the run completed;
wall-clock time lives only here, never in events). Its `seal` is the SHA-256
of everything else in it, so an edit by hand is detected.

Writing the manifest (`publish`) is what makes a run complete: the lake
catalogue admits a run's files only through its manifest.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from engine.core.errors import ReplayError
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from lake import layout
from lake.store import Store, WrittenFile

MANIFEST_VERSION = 2
KINDS = ("simulated", "recorded", "tile_value")
DISTRIBUTION = "boardgame-balance"  # the PyPI name (`balance` there is another project)
_SHA256 = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class Manifest:
    """A complete run: kind, spec, ruleset, code version, files, totals, timings, seal."""

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
    kind: str = "simulated"
    seal: str = ""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Manifest:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})

    def sealed(self) -> Manifest:
        """This manifest with its seal computed over every other field."""
        return dataclasses.replace(self, seal=compute_seal(self.to_dict()))


def in_study(manifest: dict[str, Any]) -> bool:
    """Whether a run counts in the study's general tables: every run but a what-if arm (`balance compare` /
    `sweep` / `tune` / `assumptions`, or the study's assumptions screens), and an experiment's baseline arm
    when the experiment asked (`pool = true`).

    The general metric tables, the report's headlines and the asks' seat
    verdicts read these runs only. An experiment's arms are measured against
    each other, game by game, in `met_variant_diff`; playing one into the
    study's lake must not move the study's figures (its baseline arm's games
    are extra games of the baseline rules, with the experiment's line-up and
    player counts, not the study's).
    """
    extra = manifest.get("extra")
    experiment = extra.get("experiment") if isinstance(extra, dict) else None
    if not isinstance(experiment, dict):
        return True
    return experiment.get("role") == "baseline" and experiment.get("pool") is True


def compute_seal(data: dict[str, Any]) -> str:
    """SHA-256 of the manifest's canonical JSON without its `seal` field."""
    body = {k: v for k, v in data.items() if k != "seal"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def file_entry(written: WrittenFile, games: int, first_game_id: int, last_game_id: int) -> dict[str, Any]:
    """One `files` entry of a manifest, for a file a writer has just made durable."""
    return {"file": written.key, "games": games, "events": written.rows, "bytes": written.bytes,
            "first_game_id": first_game_id, "last_game_id": last_game_id, "sha256": written.sha256}


def publish(store: Store, manifest: Manifest) -> Manifest:
    """Seal and write the manifest: from this moment the run is complete and its files are in the lake."""
    sealed = manifest.sealed()
    layout.write_json(store, layout.meta_key(manifest.run_id, layout.MANIFEST_FILE), sealed.to_dict())
    return sealed


def manifest_problems(data: Any, run_id: str) -> list[str]:
    """What makes a manifest unusable (empty: it is well formed and its seal matches)."""
    if not isinstance(data, dict):
        return ["a manifest must be a JSON object"]
    problems = []
    if data.get("run_id") != run_id:
        problems.append(f"names run {data.get('run_id')!r} but lives in runs/{run_id}/")
    if data.get("kind", "simulated") not in KINDS:
        problems.append(f"unknown kind {data.get('kind')!r}; known: {', '.join(KINDS)}")
    if not isinstance(data.get("game"), str) or not data.get("game"):
        problems.append("no game")
    version = data.get("manifest_version", 1)
    if version >= 2 and data.get("seal") != compute_seal(data):
        problems.append("edited after the run was written: its seal does not match its content")
    files = data.get("files")
    if not isinstance(files, list):
        return [*problems, "no files list"]
    seen: set[str] = set()
    for entry in files:
        problem = _entry_problem(entry, run_id, str(data.get("game")), seen)
        if problem:
            problems.append(problem)
    return problems


def _entry_problem(entry: Any, run_id: str, game: str, seen: set[str]) -> str | None:
    if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
        return f"a files entry is not an object with a 'file': {entry!r}"
    name = entry["file"]
    folder, _, base = name.rpartition("/")
    allowed = {layout.data_folder_key(d, game, run_id) for d in layout.DATASETS}
    if folder not in allowed or not layout.PART_PATTERN.match(base):
        return f"lists {name!r}, which is not a part file of this run's own folders"
    if name in seen:
        return f"lists {name!r} twice"
    seen.add(name)
    if not isinstance(entry.get("sha256"), str) or not _SHA256.match(entry["sha256"]):
        return f"entry {name!r} has no valid sha256"
    return None


def manifest_ruleset(game: Game, manifest: dict[str, Any]) -> Ruleset:
    """The exact ruleset a run used, rebuilt from the TOML text kept in its manifest (digest checked)."""
    info = manifest["ruleset"]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{info['name']}.toml"
        path.write_text(info["text"], encoding="utf-8")
        ruleset = game.load_ruleset(str(path))
    if ruleset.digest != info["digest"]:
        raise ReplayError(f"run {manifest.get('run_id')}: manifest ruleset text has digest {ruleset.digest}, "
                          f"manifest says {info['digest']}")
    return ruleset


def created_now(finished: float) -> str:
    return datetime.fromtimestamp(finished, tz=UTC).isoformat(timespec="seconds")


def code_version() -> str:
    """The installed distribution's version, then `git describe` of the source tree when it is a checkout."""
    try:
        version = f"{DISTRIBUTION} {metadata.version(DISTRIBUTION)}"
    except metadata.PackageNotFoundError:
        version = f"{DISTRIBUTION} (not installed)"
    commit = _git_describe()
    return f"{version} git:{commit}" if commit else version


def _git_describe() -> str | None:
    """`git describe` of the checkout this code runs from; None for an installed wheel (no checkout of its own)."""
    source = Path(__file__).resolve().parent.parent
    if not (source / ".git").exists():  # site-packages inside some other repository must not report its commit
        return None
    try:
        result = subprocess.run(["git", "describe", "--always", "--dirty", "--tags"],
                                cwd=source, capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    commit = result.stdout.strip()
    return commit if result.returncode == 0 and commit else None

