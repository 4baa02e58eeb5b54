"""`balance report`: execute the notebooks on the warehouse and write HTML reports."""

from __future__ import annotations

import argparse

from balance import args as arg
from lake.layout import DEFAULT_LAKE
from reports import DEFAULT_OUT
from reports.render import NOTEBOOKS_DIR, build_reports
from warehouse import DEFAULT_WAREHOUSE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--warehouse", type=arg.output_file, default=DEFAULT_WAREHOUSE,
        help=f"DuckDB warehouse (default: {DEFAULT_WAREHOUSE})"
    )
    parser.add_argument("--out", type=arg.output_folder, default=DEFAULT_OUT,
                        help=f"report folder (default: {DEFAULT_OUT}/)")
    parser.add_argument("--notebooks", type=arg.input_folder, default=NOTEBOOKS_DIR,
                        help="folder of jupytext notebooks")
    parser.add_argument("--lake", type=arg.lake, default=str(DEFAULT_LAKE),
                        help=f"the lake the warehouse was built from, for the example games' `balance show` commands "
                             f"(default: {DEFAULT_LAKE})")


def run(args: argparse.Namespace) -> int:
    progress = None if args.quiet else print  # -q: the `balance` logger's errors only
    reports = build_reports(args.warehouse, args.out, args.notebooks, log=progress, lake=args.lake)
    for report in reports:
        print(f"wrote {report.html}")
    return 0
