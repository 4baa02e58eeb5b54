"""`balance ingest PATH...`: replay recorded games into the lake; quarantine the ones that fail (exit 2)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lake.layout import DEFAULT_LAKE
from recorded.ingest import ingest
from recorded.quarantine import quarantined

EXIT_OK, EXIT_USER, EXIT_DATA = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, help="recorded-game .json files or folders of them")
    parser.add_argument("--lake", type=Path, default=DEFAULT_LAKE, help=f"lake folder (default: {DEFAULT_LAKE})")
    parser.add_argument("--quarantined", action="store_true", help="list the quarantined games and why, then stop")


def run(args: argparse.Namespace) -> int:
    if args.quarantined:
        return _list_quarantine(args.lake)
    if not args.paths:
        print("balance ingest: give recorded-game files or folders (or --quarantined to list rejected games)",
              file=sys.stderr)
        return EXIT_USER
    report = ingest(args.paths, args.lake, on_wait=lambda why: print(why, file=sys.stderr))
    for line in report.already[:5]:
        print(line)
    if len(report.already) > 5:
        print(f"... and {len(report.already) - 5} more game(s) already in the lake")
    for error in report.rejected:
        print(f"QUARANTINED {error.message()}", file=sys.stderr)
    runs = ", ".join(f"{run_id} ({n})" for run_id, n in report.added) or "none"
    rate = report.games_added / report.seconds if report.seconds > 0 else 0.0
    print(f"{report.files} file(s): {report.games_added} game(s) added (runs: {runs}), "
          f"{len(report.already)} already in the lake, {len(report.rejected)} quarantined; "
          f"{report.seconds:.1f} s ({rate:.0f} games/s)")
    if report.rejected:
        print(f"see them again with `balance ingest --quarantined --lake {args.lake}`; fix the files and ingest again",
              file=sys.stderr)
        return EXIT_DATA
    return EXIT_OK


def _list_quarantine(lake: Path) -> int:
    entries = quarantined(lake)
    if not entries:
        print(f"no quarantined games in {lake}")
        return EXIT_OK
    for entry in entries:
        print(f"{entry['quarantined_at']}  {entry['message']}")
    print(f"{len(entries)} quarantined game(s) in {lake}/quarantine")
    return EXIT_OK
