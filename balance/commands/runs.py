"""`balance runs`: the lake's runs and their state (complete, incomplete, in progress, rejected); remove one."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from balance import args as arg
from balance.output import add_json_flag, emit
from engine.core.errors import BalanceError
from lake.catalogue import CatalogedRun, LakeCatalogue, catalogue
from lake.layout import DEFAULT_LAKE
from lake.runs import remove_run, unlock_run

EXIT_OK, EXIT_USER = 0, 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lake", type=arg.lake, default=str(DEFAULT_LAKE),
                        help=f"lake folder or URL (default: {DEFAULT_LAKE})")
    add_json_flag(parser)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.add_parser("list", help="every run with its kind, game, state and files (the default)")
    remove = actions.add_parser("remove", help="delete a run: its manifest, claim and data files")
    remove.add_argument("run_id", type=arg.run_id)
    unlock = actions.add_parser("unlock", help="object-store lakes: clear the lock a killed writer left")
    unlock.add_argument("run_id", type=arg.run_id)
    for sub in (remove, unlock):
        sub.add_argument("--lake", type=arg.lake, default=argparse.SUPPRESS, help="lake folder or URL")
        add_json_flag(sub, default=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    if args.action == "remove":
        removed = remove_run(args.lake, args.run_id)
        if not removed:
            raise BalanceError(f"no run {args.run_id!r} in {args.lake}; `balance runs --lake {args.lake}` lists them")
        print(f"removed run {args.run_id}: {len(removed)} file(s) from {args.lake}")
        emit(args, {"lake": args.lake, "action": "remove", "run_id": args.run_id, "files": len(removed)})
        return EXIT_OK
    if args.action == "unlock":
        if not unlock_run(args.lake, args.run_id):
            raise BalanceError(f"run {args.run_id!r} has no object-store lock in {args.lake} (local locks end "
                               "with their process)")
        print(f"unlocked run {args.run_id}; resume it with --resume")
        emit(args, {"lake": args.lake, "action": "unlock", "run_id": args.run_id, "files": 0})
        return EXIT_OK
    cat = catalogue(args.lake)
    emit(args, {"lake": args.lake, "action": "list", "runs": [_run_document(run) for run in cat.runs.values()],
                "stray": [{"key": stray.key, "reason": stray.reason} for stray in cat.stray]})
    return _list(args.lake, cat)


def _run_document(run: CatalogedRun) -> dict[str, Any]:
    manifest = run.manifest or {}
    arm = manifest.get("extra", {}).get("experiment")
    return {"run_id": run.run_id, "kind": run.kind, "game": run.game, "state": run.state, "complete": run.complete,
            "files": len(run.files), "expected_files": run.expected_files(),
            "games": manifest.get("totals", {}).get("games") if run.complete else None,
            "experiment": arm if isinstance(arm, dict) else None, "problems": list(run.problems)}


def _list(lake: str, cat: LakeCatalogue) -> int:
    if not cat.runs and not cat.stray:
        print(f"no runs in {lake}", file=sys.stderr)
        return EXIT_USER
    print(f"{'run':34} {'kind':11} {'game':9} {'state':12} {'files':>11}  games")
    for run in cat.runs.values():
        expected = run.expected_files()
        files = f"{len(run.files)}/{expected}" if expected is not None and not run.complete else str(len(run.files))
        games = (run.manifest or {}).get("totals", {}).get("games", "-") if run.complete else "-"
        print(f"{run.run_id:34} {run.kind:11} {run.game or '?':9} {run.state:12} {files:>11}  {games}")
        arm = (run.manifest or {}).get("extra", {}).get("experiment")
        if isinstance(arm, dict):
            print(f"    experiment {arm.get('name')}, arm {arm.get('arm')}: {arm.get('change')}")
        for problem in run.problems:
            print(f"    {problem}")
    for stray in cat.stray:
        print(f"stray file {stray.key}: {stray.reason}")
    left = len(cat.left_out())
    if left or cat.stray:
        print(f"{left} run(s) not complete and {len(cat.stray)} stray file(s): the warehouse leaves them out; "
              "`balance verify` says how to fix each", file=sys.stderr)
    return EXIT_OK
