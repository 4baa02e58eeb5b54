"""The quarantine: recorded games (or whole files) `balance ingest` rejected, each with its reason.

One JSON entry per rejected game under `LAKE/quarantine/` (not lake data: the
catalogue and the warehouse never read it). An entry's name is bounded
whatever the record file is called (a short stem and a hash of the file's
full path and game), and it keeps at most `KEPT_BYTES` of the rejected
record: a bigger game or an unreadable file is kept as its first bytes with
its size and SHA-256, so a 50 MB truncated file costs a few KB and
`--quarantined` stays quick. An entry is cleared when the game (or, for a
file-level entry, the file) is ingested again without that problem. An entry
is written atomically (a temporary file renamed); the temporary file of an
ingest killed before its rename is never read, and the next ingest removes it.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lake import layout
from lake.store import TEMP_PREFIX
from recorded.errors import RecordError

QUARANTINE_DIR = "quarantine"
KEPT_BYTES = 64 * 1024  # a recorded game is a few KB; more is kept as an excerpt
EXCERPT_BYTES = 4 * 1024
_STEM_CHARS = 40  # entry names stay far below the 255-byte limit of a file name


def entry_path(lake: Path, file: str, game: int | None) -> Path:
    """Where the entry of a game of `file` (game None: the file as a whole) is kept."""
    key = hashlib.sha256(f"{Path(file).resolve()}#{game}".encode()).hexdigest()[:12]
    which = "file" if game is None else f"game{game}"
    return Path(lake) / QUARANTINE_DIR / f"{Path(file).stem[:_STEM_CHARS]}-{which}-{key}.json"


def quarantine(lake: Path, error: RecordError) -> Path:
    """Keep a rejected game (or unreadable file) with its reason."""
    path = entry_path(lake, error.file, error.game)
    entry = {
        "file": error.file, "game": error.game, "code": error.code, "message": error.message(),
        "move": error.move, "move_text": error.move_text, "legal": error.legal,
        "quarantined_at": datetime.now(tz=UTC).isoformat(timespec="seconds"),
        **_kept_record(error),
    }
    layout.write_json_atomic(entry, path)
    return path


def unquarantine(lake: Path, file: str, game: int | None) -> None:
    """Clear the entry of a game (or of the whole file) that now went in, or was found already in."""
    entry_path(lake, file, game).unlink(missing_ok=True)


def clear_killed_writes(lake: Path) -> None:
    """Remove the temporary entries of ingests killed before their rename. Call it holding the ingest lock:
    only an ingest writes the quarantine, so no temporary entry there belongs to a live writer."""
    for temp in (Path(lake) / QUARANTINE_DIR).glob(f"{TEMP_PREFIX}*"):
        temp.unlink(missing_ok=True)


def quarantined(lake: Path) -> list[dict[str, Any]]:
    """Every quarantined game with its reason, oldest first (an entry still being written is not one yet)."""
    folder = Path(lake) / QUARANTINE_DIR
    entries = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))
               if not p.name.startswith(TEMP_PREFIX)]
    return sorted(entries, key=lambda e: (e.get("quarantined_at", ""), e.get("file", ""), e.get("game") or 0))


def _kept_record(error: RecordError) -> dict[str, Any]:
    """`record`: the rejected game's JSON when it is known and small; else `record_excerpt` (the first bytes
    of the game, or of the file when the file itself is unreadable), `record_bytes` and `record_sha256`."""
    if error.record is not None:
        data = json.dumps(error.record, ensure_ascii=False).encode("utf-8")
        return {"record": error.record} if len(data) <= KEPT_BYTES else _excerpt(data[:EXCERPT_BYTES], data)
    try:
        with Path(error.file).open("rb") as handle:
            head = handle.read(EXCERPT_BYTES)
            digest, size = hashlib.sha256(head), len(head)
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
                size += len(block)
    except OSError:
        return {"record": None}
    return {"record_excerpt": head.decode("utf-8", errors="replace"), "record_bytes": size,
            "record_sha256": digest.hexdigest()}


def _excerpt(head: bytes, data: bytes) -> dict[str, Any]:
    return {"record_excerpt": head.decode("utf-8", errors="replace"), "record_bytes": len(data),
            "record_sha256": hashlib.sha256(data).hexdigest()}
