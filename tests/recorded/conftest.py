"""Shared helpers: the committed playtests, a lake snapshot, and the CLI with the recorded-game commands."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

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
