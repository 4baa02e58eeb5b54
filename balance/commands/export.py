"""`balance export`: write chosen games of the lake as a recorded-game file (ingest reads it back)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.core.errors import BalanceError
from lake.layout import DEFAULT_LAKE, write_json_atomic
from recorded.export import export_lake, records_file

EXIT_OK, EXIT_USER = 0, 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, required=True, help="the .json file to write (- for standard output)")
    parser.add_argument("--lake", type=Path, default=DEFAULT_LAKE, help=f"lake folder (default: {DEFAULT_LAKE})")
    parser.add_argument("--game", help="only runs of this game (caprices, gardens, gods)")
    parser.add_argument("--run", help="only this run id")
    parser.add_argument("--ids", help="only these game ids of the run(s), e.g. 0,5,7")
    parser.add_argument("--first", type=int, help="at most this many games")


def run(args: argparse.Namespace) -> int:
    ids = _ids(args.ids)
    if args.first is not None and args.first < 1:
        raise BalanceError("--first must be at least 1")
    records = list(export_lake(args.lake, args.game, args.run, args.first, ids))
    if not records:
        print(f"balance export: no games matched in {args.lake} (check --game, --run, --ids)", file=sys.stderr)
        return EXIT_USER
    data = records_file(records)
    if str(args.out) == "-":
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        write_json_atomic(data, args.out)
        print(f"wrote {len(records)} game(s) to {args.out}")
    return EXIT_OK


def _ids(text: str | None) -> set[int] | None:
    if text is None:
        return None
    try:
        return {int(part) for part in text.split(",") if part.strip()}
    except ValueError:
        raise BalanceError(f"--ids {text!r}: give game ids separated by commas, e.g. 0,5,7") from None
