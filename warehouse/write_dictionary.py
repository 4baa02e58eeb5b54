"""`python -m warehouse.write_dictionary --sample > docs/warehouse.md`: the data dictionary page (warehouse.dictionary).

`--sample` builds the sample lake's warehouse (warehouse.sample_lake: every model) in a temporary folder and
describes it; `--warehouse FILE` describes a built one. A module of its own because it builds a warehouse,
and the build writes the dictionary's comments: kept here, no module imports itself through the other.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from warehouse.build import build
from warehouse.dictionary import check_complete, describe, markdown
from warehouse.query import connect
from warehouse.sample_lake import write_sample_lake


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m warehouse.write_dictionary", description=__doc__.split("\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--warehouse", type=Path, help="a built warehouse file to describe")
    source.add_argument("--sample", action="store_true", help="build the sample lake's warehouse (every model) "
                                                              "in a temporary folder and describe it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = args.warehouse or _sample_warehouse(Path(folder))
        with connect(path, read_only=True) as con:
            problems = check_complete(con)
            if problems:
                print("\n".join(problems), file=sys.stderr)
                return 1
            sys.stdout.write(markdown(describe(con)))
    return 0


def _sample_warehouse(folder: Path) -> Path:
    warehouse = folder / "warehouse.duckdb"
    build(write_sample_lake(folder / "lake"), warehouse)
    return warehouse


if __name__ == "__main__":
    raise SystemExit(main())
