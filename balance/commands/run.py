"""`balance run`: the default study end to end (simulate, play its asks until decided and its assumptions screens,
build the warehouse, report).

Run ids derive from each study entry's content and runs are resumed, so
re-running finishes an interrupted study and never duplicates games.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

from balance import args as arg
from balance.commands.ask import play_asks
from balance.commands.assumptions import play_screens
from lake.layout import DEFAULT_LAKE
from reports import DEFAULT_OUT
from reports.findings.precision import headline_half_widths
from reports.kit.verdicts import decided_counts
from reports.render import build_reports
from simulate.progress import Heartbeat
from simulate.runner import RunConflict
from simulate.runner import run as run_spec
from simulate.study import STUDY_FILE, load_asks, load_screens, load_study
from simulate.tile_run import run_step as tile_value_step
from simulate.tile_run import study_steps as tile_value_steps
from warehouse import DEFAULT_WAREHOUSE
from warehouse.build import build
from warehouse.flags import load_rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--study", type=arg.input_file, default=STUDY_FILE, help="study file of [[run]] specs")
    parser.add_argument("--scale", type=arg.positive_float(1000, "--scale"), default=1.0,
                        help="multiply every entry's game count (e.g. 0.1 to try)")
    parser.add_argument("--lake", type=arg.lake, default=str(DEFAULT_LAKE),
                        help=f"lake folder or URL (default: {DEFAULT_LAKE})")
    parser.add_argument("--warehouse", type=arg.output_file, default=DEFAULT_WAREHOUSE,
                        help="DuckDB file to write")
    parser.add_argument("--out", type=arg.output_folder, default=DEFAULT_OUT,
                        help=f"report folder (default: {DEFAULT_OUT}/)")
    parser.add_argument("--workers", type=arg.workers, help="local worker processes (default: all cores)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    parser.add_argument("--scheduler", help="Dask scheduler address: simulate on a cluster (see docs/scaling.md)")


def run(args: argparse.Namespace) -> int:
    specs = load_study(args.study, args.scale)
    started = time.perf_counter()
    for spec in specs:
        t0, began = time.perf_counter(), time.time()
        try:
            manifest = run_spec(spec, args.lake, workers=args.workers, resume=True, progress=not args.no_progress,
                                scheduler=args.scheduler)
        except RunConflict as exc:
            # the study's run ids derive from its entries, not from the ruleset files' content
            raise RunConflict(
                f"{exc}\n{args.lake} holds this study's runs made under other rules or agents (a ruleset file, "
                f"the study or what `strong` plays changed since): move {args.lake} away, or pass --lake NEWDIR, "
                "and run again; mixing the two would report games played under other rules or by other agents as one"
            ) from None
        # a run already complete returns its stored manifest, whose counts describe the run that made it
        # (its start time is rounded to the millisecond, hence the tolerance)
        fresh = manifest.timings.get("started_unix", 0) >= began - 0.002
        played = manifest.timings.get("games_played_now", 0) if fresh else 0
        what = (f"{played:,} played now in {time.perf_counter() - t0:.1f}s" if played
                else "all already in the lake, nothing played")
        print(f"{spec.run_id}: {spec.game} players {list(spec.players)} agents {list(spec.agents)}, "
              f"{manifest.totals['games']:,} games ({what})", flush=True)
    play_asks(load_asks(args.study, args.scale), load_rules(args.study), str(args.lake), args.workers)
    play_screens(load_screens(args.study, args.scale), str(args.lake), args.workers)
    for step in tile_value_steps(args.study, args.scale):
        t0 = time.perf_counter()
        with Heartbeat(f"tile values {step.ruleset} {step.players}p") as beat:
            run_id, _, measured = tile_value_step(
                step, args.lake, workers=args.workers or os.cpu_count() or 1,
                progress=step_progress(beat))
        print(f"tile values {run_id}: {step.ruleset} {step.players}p agents {step.lineup_label()}, {step.games} games "
              f"x {step.rollouts} rollouts, {step.pairs} owning pairs per tile "
              f"({'measured' if measured else 'already in the lake'}) in {time.perf_counter() - t0:.1f}s")
    simulated = time.perf_counter()
    print(f"building the warehouse {args.warehouse} from {args.lake}", flush=True)
    with Heartbeat("warehouse") as beat:
        result = build(args.lake, args.warehouse, log=beat, flag_rules=load_rules(args.study))
    print(f"built {result.warehouse} in {result.seconds:.1f}s; {len(result.tests)} invariant tests passed")
    for line in [*headline_half_widths(args.warehouse), *decided_counts(args.warehouse)]:
        print(line)
    built = time.perf_counter()
    progress = None if getattr(args, "quiet", False) else print  # one line per page, bars or not; -q: none
    for report in build_reports(args.warehouse, args.out, log=progress, lake=str(args.lake)):
        print(f"wrote {report.html}")
    done = time.perf_counter()
    print(f"balance run: {done - started:.0f}s (simulate {simulated - started:.0f}s, "
          f"warehouse {built - simulated:.0f}s, reports {done - built:.0f}s)")
    return 0


def step_progress(beat: Heartbeat) -> Callable[[str, int, int], None]:
    """A tile-value step's progress (what, done, total) shown on the heartbeat line."""
    return lambda what, done, total: beat(f"{what} {done}/{total}")
