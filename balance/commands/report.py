"""`balance report`: execute the notebooks on the warehouse and write HTML reports."""

from __future__ import annotations

import argparse
from pathlib import Path

from balance import args as arg
from balance.report import DEFAULT_OUT, NOTEBOOKS_DIR, build_reports

DEFAULT_WAREHOUSE = Path("data/warehouse.duckdb")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--warehouse", type=arg.output_file, default=DEFAULT_WAREHOUSE,
        help=f"DuckDB warehouse (default: {DEFAULT_WAREHOUSE})"
    )
    parser.add_argument("--out", type=arg.output_folder, default=DEFAULT_OUT,
                        help=f"report folder (default: {DEFAULT_OUT}/)")
    parser.add_argument("--notebooks", type=arg.input_folder, default=NOTEBOOKS_DIR,
                        help="folder of jupytext notebooks")


def run(args: argparse.Namespace) -> int:
    reports = build_reports(args.warehouse, args.out, args.notebooks)
    for report in reports:
        print(f"wrote {report.html}")
    return 0
