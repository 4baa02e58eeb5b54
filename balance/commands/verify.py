"""`balance verify`: replay every game in the lake and check its digest (exit 2 on any problem)."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import asdict

from balance import args as arg
from balance.output import add_json_flag, emit
from lake.layout import DEFAULT_LAKE
from lake.verify import verify

EXIT_OK, EXIT_USER, EXIT_DATA = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lake", type=arg.lake, default=str(DEFAULT_LAKE),
                        help=f"lake folder or URL (default: {DEFAULT_LAKE})")
    parser.add_argument("--run", type=arg.run_id, help="verify only this run id (default: every run)")
    parser.add_argument("--workers", type=arg.workers, help="processes checking files in parallel (default: all cores)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar (shown on a terminal)")
    add_json_flag(parser)


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    report = verify(args.lake, args.run, workers=args.workers, progress=sys.stderr.isatty() and not args.no_progress)
    seconds = time.perf_counter() - started
    emit(args, {"lake": args.lake, "ok": report.ok and bool(report.runs), "runs": report.runs, "files": report.files,
                "games": report.games, "events": report.events, "rows": report.rows, "seconds": round(seconds, 3),
                "problems": [asdict(problem) for problem in report.problems]})
    if not report.runs and (args.run or not report.problems):
        what = f"no run {args.run!r}" if args.run else "no runs"
        print(f"balance verify: {what} in {args.lake}; check --lake DIR (default {DEFAULT_LAKE}) and --run",
              file=sys.stderr)
        return EXIT_USER
    summary = (f"{len(report.runs)} run(s), {report.files} file(s), {report.games} game(s), "
               f"{report.events} event(s){f', {report.rows} tile-value row(s)' if report.rows else ''} checked in "
               f"{args.lake} in {seconds:.1f} s "
               f"({report.games / max(seconds, 1e-9):,.0f} games/s)")
    if report.ok:
        what = "every game replays to its sealed digest" if report.games else "every file matches its manifest"
        print(f"ok: {summary}; {what}")
        return EXIT_OK
    print(f"REJECTED: {summary}; {len(report.problems)} problem(s):", file=sys.stderr)
    print("file / game / seq / problem", file=sys.stderr)
    for problem in report.problems:
        print(problem.line(), file=sys.stderr)
    return EXIT_DATA
