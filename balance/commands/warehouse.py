"""`balance warehouse build`: build the DuckDB warehouse from the Parquet lake."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from balance import args as arg
from lake.layout import DEFAULT_LAKE
from simulate.study import STUDY_FILE
from warehouse import DEFAULT_WAREHOUSE
from warehouse.build import DEFAULT_MEMORY_LIMIT, InvariantError, LakeError, build
from warehouse.faults import DiskFullError
from warehouse.flags import load_rules
from warehouse.left_out import warning_lines

EXIT_DATA = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    build_parser = actions.add_parser("build", help="staging views, fact and metric tables, invariant tests")
    build_parser.add_argument("--lake", type=arg.lake, default=str(DEFAULT_LAKE),
                              help=f"lake folder or URL (default: {DEFAULT_LAKE})")
    build_parser.add_argument(
        "--warehouse", type=arg.output_file, default=DEFAULT_WAREHOUSE,
        help=f"DuckDB file to write (default: {DEFAULT_WAREHOUSE})"
    )
    build_parser.add_argument("--study", type=Path, default=STUDY_FILE,
                              help="study file whose [flags] table sets the minimum effects (default: default study)")
    build_parser.add_argument("--full", action="store_true",
                              help="rebuild from every file (default: read only the runs added since the last build)")
    build_parser.add_argument("--memory-limit", type=arg.memory_size, default=DEFAULT_MEMORY_LIMIT,
                              help=f"DuckDB's memory budget; beyond it, work spills to disk (default: "
                                   f"{DEFAULT_MEMORY_LIMIT})")
    build_parser.add_argument("--skip-tests", action="store_true", help="do not run the zero-row invariant queries")
    build_parser.add_argument("--verbose", action="store_true", help="print each model and test as it is built")


def run(args: argparse.Namespace) -> int:
    log = (lambda msg: print(msg, file=sys.stderr)) if args.verbose else None
    try:
        result = build(args.lake, args.warehouse, run_tests=not args.skip_tests, log=log,
                       flag_rules=load_rules(args.study), full=args.full, memory_limit=args.memory_limit)
    except (LakeError, InvariantError) as exc:
        print(f"balance warehouse build: data rejected: {exc}", file=sys.stderr)
        return EXIT_DATA
    except DiskFullError as exc:
        print(f"balance warehouse build: {exc}", file=sys.stderr)
        return EXIT_DATA
    for line in warning_lines(result.left_out):
        print(line, file=sys.stderr)
    games = ", ".join(f"{game}: {n} games" for game, n in result.games.items()) or "no game logs: tile-value runs only"
    how = "full rebuild" if result.mode == "full" else "incremental"
    print(
        f"built {result.warehouse} in {result.seconds:.1f}s ({how}, read {result.runs_read} run(s); {games}); "
        f"{len(result.models)} models, "
        f"{len(result.tests)} invariant tests passed, skipped (input absent): {', '.join(result.skipped) or 'none'}"
    )
    return 0
