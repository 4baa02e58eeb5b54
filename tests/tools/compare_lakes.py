"""Do two lakes hold the same games? `python tests/tools/compare_lakes.py LAKE_A LAKE_B`

For every run of either lake: the manifest (spec, ruleset digest, totals, every file's sha256, events and games,
recorded games' content hashes) must be equal, leaving out what says when, where and by which code it was
written (code_version, created_at, timings, the ruleset's and a recorded file's path, and so the seal, a hash
over all of them). Where a file's bytes differ, its rows are compared too, so the report says whether the
events or only their encoding changed. A ruleset whose text differs under the same digest (a changed note or
display name, no rule) is a remark, not a difference. Exit 0 when the lakes agree.
Used to show that a change of code layout left every event, seal and digest as it was.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

IGNORED = ("code_version", "created_at", "timings", "seal")


def comparable(manifest: dict[str, Any]) -> dict[str, Any]:
    """The manifest without the fields that name when, where and with which code it was written."""
    kept = {k: v for k, v in manifest.items() if k not in IGNORED}
    if isinstance(kept.get("ruleset"), dict):
        kept["ruleset"] = {k: v for k, v in kept["ruleset"].items() if k not in ("path", "text")}
    games = kept.get("extra", {}).get("games") if isinstance(kept.get("extra"), dict) else None
    if isinstance(games, list):  # a recorded game's source file, by name only (its checkout may be elsewhere)
        kept["extra"] = {**kept["extra"], "games": [{**g, "file": Path(g.get("file", "")).name} for g in games]}
    return kept


def ruleset_text(manifest: dict[str, Any]) -> str | None:
    ruleset = manifest.get("ruleset")
    return ruleset.get("text") if isinstance(ruleset, dict) else None


def rows(path: Path) -> list[dict[str, Any]]:
    table = pq.read_table(path)
    keys = [k for k in ("game_id", "seq", "event_type") if k in table.column_names]
    return table.sort_by([(k, "ascending") for k in keys]).to_pylist() if keys else table.to_pylist()


def compare(a: Path, b: Path) -> tuple[list[str], list[str]]:
    """(differences, remarks) between the two lakes' runs."""
    problems: list[str] = []
    remarks: list[str] = []
    runs_a = {p.name for p in (a / "runs").iterdir()}
    runs_b = {p.name for p in (b / "runs").iterdir()}
    for only, side in ((runs_a - runs_b, a), (runs_b - runs_a, b)):
        problems += [f"run {run} only in {side}" for run in sorted(only)]
    for run in sorted(runs_a & runs_b):
        ma = json.loads((a / "runs" / run / "manifest.json").read_text())
        mb = json.loads((b / "runs" / run / "manifest.json").read_text())
        for entry_a, entry_b in zip(ma.get("files", []), mb.get("files", [])):
            if entry_a.get("sha256") != entry_b.get("sha256"):
                same = rows(a / entry_a["file"]) == rows(b / entry_b["file"])
                problems.append(f"run {run}: {entry_a['file']} bytes differ"
                                + (" (same rows: an encoding change)" if same else " AND ITS ROWS DIFFER"))
        ca, cb = comparable(ma), comparable(mb)
        for key in sorted(set(ca) | set(cb)):
            if ca.get(key) != cb.get(key) and key != "files":
                problems.append(f"run {run}: manifest field {key!r} differs")
        if len(ma.get("files", [])) != len(mb.get("files", [])):
            problems.append(f"run {run}: {len(ma['files'])} files against {len(mb['files'])}")
        if ruleset_text(ma) != ruleset_text(mb) and ca.get("ruleset") == cb.get("ruleset"):
            remarks.append(f"run {run}: the ruleset's text differs under the same digest (a note or name)")
    return problems, remarks


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 1
    a, b = Path(sys.argv[1]), Path(sys.argv[2])
    problems, remarks = compare(a, b)
    runs = len(list((a / "runs").iterdir()))
    files = sum(len(json.loads(m.read_text()).get("files", [])) for m in (a / "runs").glob("*/manifest.json"))
    for line in [*problems, *(f"remark: {r}" for r in remarks)]:
        print(line)
    print(f"{runs} runs, {files} files compared: " + ("identical" if not problems else f"{len(problems)} differences"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
