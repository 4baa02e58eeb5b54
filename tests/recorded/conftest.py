"""Shared helpers: the committed playtests, a lake snapshot, and the CLI with the recorded-game commands."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from balance.cli import main
from recorded.ingest import ingest

DATA = Path(__file__).parent / "data"
PLAYTESTS = {game: DATA / f"{game}-playtest.json" for game in ("caprices", "gardens", "gods")}


def playtest(game: str) -> dict[str, Any]:
    """A fresh copy of a committed playtest record (tests edit it into bad files)."""
    return json.loads(PLAYTESTS[game].read_text(encoding="utf-8"))


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def lake_snapshot(lake: Path) -> dict[str, str]:
    """Every file of the lake's events/ and runs/ with its SHA-256 (what 'the lake unchanged' compares)."""
    files = [p for folder in ("events", "runs") for p in sorted((lake / folder).rglob("*")) if p.is_file()]
    return {str(p.relative_to(lake)): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


@pytest.fixture
def lake(tmp_path: Path) -> Path:
    """A lake that already holds the gardens playtest (so 'unchanged' means something)."""
    lake = tmp_path / "lake"
    assert ingest([PLAYTESTS["gardens"]], lake).games_added == 1
    return lake


def rejected(lake: Path, path: Path) -> Any:
    """Ingest one bad file: exit 2, nothing written to events/ or runs/, exactly one error (returned)."""
    before = lake_snapshot(lake)
    assert main(["ingest", str(path), "--lake", str(lake)]) == 2
    assert lake_snapshot(lake) == before
    report = ingest([path], lake)
    assert len(report.rejected) == 1 and report.games_added == 0
    return report.rejected[0]
