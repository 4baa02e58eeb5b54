"""The `lake_left_out` table: what the warehouse did not read, and why.

One row per run the lake catalogue did not admit (incomplete, in progress,
rejected) and per stray file, with the command that fixes it, so a report
can say which games its numbers do *not* include.
"""

from __future__ import annotations

from typing import Any

import duckdb
import pyarrow as pa

from lake.catalogue import LakeCatalogue
from lake.claim import resume_command, resume_hint

LEFT_OUT_SCHEMA = pa.schema([
    ("what", pa.string()), ("run_id", pa.string()), ("file", pa.string()), ("state", pa.string()),
    ("kind", pa.string()), ("game", pa.string()), ("files_present", pa.int64()), ("files_expected", pa.int64()),
    ("reason", pa.string()), ("fix", pa.string()),
])


def left_out_rows(cat: LakeCatalogue) -> list[dict[str, Any]]:
    """A row per run left out and per stray file."""
    lake = cat.store.url
    rows = []
    for run in cat.left_out():
        if run.state == "rejected":
            fix = (f"balance verify --lake {lake} --run {run.run_id}; "
                   f"then balance runs remove {run.run_id} --lake {lake}")
            reason = "; ".join(run.problems) or "rejected manifest"
        else:
            finish = resume_hint(run.run_id) or (resume_command(run.run_id, lake) if run.kind == "simulated"
                                                 else f"write run {run.run_id} again")
            fix = f"{finish}, or balance runs remove {run.run_id} --lake {lake}"
            reason = "no manifest: the run did not finish" if run.state != "in progress" else "being written"
        rows.append({"what": "run", "run_id": run.run_id, "file": None, "state": run.state, "kind": run.kind,
                     "game": run.game, "files_present": len(run.files), "files_expected": run.expected_files(),
                     "reason": reason, "fix": fix})
    for stray in cat.stray:
        rows.append({"what": "file", "run_id": None, "file": stray.key, "state": "stray", "kind": None,
                     "game": None, "files_present": None, "files_expected": None, "reason": stray.reason,
                     "fix": f"remove {stray.key} from {lake} (it is never read)"})
    return rows


def load_left_out(con: duckdb.DuckDBPyConnection, rows: list[dict[str, Any]]) -> None:
    con.register("left_out_arrow", pa.Table.from_pylist(rows, schema=LEFT_OUT_SCHEMA))
    con.execute("create or replace table lake_left_out as select * from left_out_arrow")
    con.unregister("left_out_arrow")


def warning_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Lines a command prints on stderr when the build left something out."""
    runs = [r for r in rows if r["what"] == "run"]
    files = [r for r in rows if r["what"] == "file"]
    lines = [f"warning: left out {r['state']} run {r['run_id']} ({r['files_present']} of "
             f"{r['files_expected'] if r['files_expected'] is not None else '?'} files): {r['reason']}; fix: {r['fix']}"
             for r in runs]
    if files:
        names = ", ".join(r["file"] for r in files[:5]) + (f" and {len(files) - 5} more" if len(files) > 5 else "")
        lines.append(f"warning: {len(files)} stray file(s) in the lake never read: {names} (see balance verify)")
    return lines
