"""Warehouse benchmark: build time and a headline query time over a large lake.

A large lake is made cheaply from a real one: every part file of one source
run is copied (by DuckDB `COPY ... (FORMAT parquet, COMPRESSION zstd)`) under
new run ids until the target number of games is reached. The copies are
real engine games, only relabelled, so every invariant still holds.

    python -m warehouse.bench --source LAKE --run RUN_ID --games 1000000 --lake BIG --warehouse BIG.duckdb
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

from warehouse.build import build
from warehouse.query import connect, one_value

HEADLINE = "Caprice hit rate by slot and player count"
HEADLINE_SQL = Path(__file__).parent / "models" / "metrics" / "met_caprice_slot_hit_rate.sql"


def source_files(source: Path, game: str, run_id: str) -> list[Path]:
    """The part files of the source run."""
    files = sorted((source / "events" / f"game={game}" / f"run={run_id}").glob("part-*.parquet"))
    if not files:
        raise SystemExit(f"{source}: no part files for game {game!r} run {run_id!r}")
    return files


def make_big_lake(source: Path, game: str, run_id: str, games: int, lake: Path) -> int:
    """Copies of the source run under run ids `<run_id>-copy<k>`; returns the number of games written."""
    files = [f.as_posix() for f in source_files(source, game, run_id)]
    with connect() as con:
        per_copy = one_value(con, "select count(distinct game_id) from read_parquet(?)", [files])
        copies = math.ceil(games / per_copy)
        for k in range(copies):
            new_id = f"{run_id}-copy{k:04d}"
            target = lake / "events" / f"game={game}" / f"run={new_id}" / "part-00000.parquet"
            if target.exists():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            con.execute(
                f"copy (select * replace ('{new_id}' as run_id) from read_parquet(?)) "
                f"to '{target.as_posix()}' (format parquet, compression zstd, row_group_size 122880)",
                [files],
            )
    return copies * per_copy


def time_headline(warehouse: Path, repeats: int = 3) -> float:
    """Best-of-`repeats` seconds to compute the headline metric from the fact tables."""
    sql = HEADLINE_SQL.read_text(encoding="utf-8")
    macros = (Path(__file__).parent / "macros.sql").read_text(encoding="utf-8")
    best = math.inf
    with connect(str(warehouse), read_only=True) as con:
        con.execute(macros.replace("create or replace macro", "create or replace temp macro"))
        for _ in range(repeats):
            started = time.perf_counter()
            con.execute(sql).fetchall()
            best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    if sys.argv[1:2] == ["--headline"]:  # balance.million: the headline query on a built warehouse
        print(f"headline query ({HEADLINE}, from fact tables): {time_headline(Path(sys.argv[2])):.3f}s (best of 3)")
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, required=True, help="lake holding the source run")
    parser.add_argument("--game", default="caprices")
    parser.add_argument("--run", required=True, help="source run id")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--lake", type=Path, required=True, help="big lake to create (or reuse)")
    parser.add_argument("--warehouse", type=Path, required=True)
    args = parser.parse_args()
    started = time.perf_counter()
    written = make_big_lake(args.source, args.game, args.run, args.games, args.lake)
    print(f"lake: {written:,} games in {args.lake} ({time.perf_counter() - started:.1f}s to copy)")
    result = build(args.lake, args.warehouse)
    with connect(str(args.warehouse), read_only=True) as con:
        events = one_value(con, "select sum(n_events) from fct_games")
    print(f"warehouse build: {result.seconds:.1f}s for {sum(result.games.values()):,} games, {events:,} events")
    print(f"headline query ({HEADLINE}, from fact tables): {time_headline(args.warehouse):.2f}s (best of 3)")


if __name__ == "__main__":
    main()
