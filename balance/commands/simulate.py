"""`balance simulate`: play a run spec into the Parquet lake (resumable)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from balance import args as arg
from engine.registry import get_game
from lake.claim import claimed_spec
from lake.layout import DEFAULT_LAKE, SPEC_FILE, meta_key
from lake.spec import RunSpec, SpecError, parse_int_list, parse_name_list
from lake.store import open_store
from simulate.runner import run as run_spec


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--spec", type=arg.input_file,
                        help="experiment TOML file with a [run] table; flags given override it")
    parser.add_argument("--game", help="game id, e.g. caprices")
    parser.add_argument("--games", type=arg.games, help="games per player count")
    parser.add_argument("--players", help="player counts, e.g. 4 or 2,3,4 (default: every count the game allows)")
    parser.add_argument("--agents", help="agent line-up cycled over the seats and rotated per game (default: random)")
    parser.add_argument("--seed", type=arg.seed, help="run seed; each game's seed derives from it (default: 0)")
    parser.add_argument("--ruleset", help="ruleset name or .toml path (default: the game's default ruleset)")
    parser.add_argument("--batch-size", type=arg.batch_size, help="games per part file (default: 500)")
    parser.add_argument("--run-id", type=arg.run_id, help="run id (default: <game>-<hash of the spec>)")
    parser.add_argument("--lake", type=arg.lake, default=str(DEFAULT_LAKE),
                        help=f"lake folder or object-store URL such as s3://bucket/lake (default: {DEFAULT_LAKE})")
    parser.add_argument("--workers", type=arg.workers, help="local worker processes (default: all cores)")
    parser.add_argument("--resume", action="store_true",
                        help="fill only the missing part files of this run (with --run-id alone: the spec it was "
                             "claimed with)")
    parser.add_argument("--wait", action="store_true",
                        help="wait for another process writing this run instead of refusing")
    parser.add_argument("--scheduler", help="Dask scheduler address; workers must see the lake path")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def spec_from_args(args: argparse.Namespace) -> RunSpec:
    """The run spec from --spec and/or flags; errors name the flag or file and key."""
    values: dict[str, Any] = {}
    where = "command line"
    claimed = _claimed_spec(args) if args.spec is None else None
    if claimed is not None:  # `--resume --run-id ID`: the spec the run id was claimed with
        values, where = claimed, f"{args.lake}/{meta_key(args.run_id, SPEC_FILE)} + command line"
    if args.spec is not None:
        from_file = RunSpec.from_toml(args.spec)
        values = from_file.to_dict()
        where = f"{args.spec} + command line"
        if from_file.run_id == f"{from_file.game}-{from_file.content_hash()}":
            values.pop("run_id")  # derived, not chosen: re-derive after flags override
    flags = {
        "game": args.game,
        "games": args.games,
        "players": parse_int_list(args.players, "--players") if args.players else None,
        "agents": parse_name_list(args.agents) if args.agents else None,
        "seed": args.seed,
        "ruleset": args.ruleset,
        "batch_size": args.batch_size,
        "run_id": args.run_id,
    }
    values.update({k: v for k, v in flags.items() if v is not None})
    if "game" not in values:
        raise SpecError(f"{where}: no game: pass --game (e.g. --game caprices) or --spec FILE")
    if "games" not in values:
        raise SpecError(f"{where}: no number of games: pass --games N (games per player count)")
    return spec_with_defaults(values, where)


def spec_with_defaults(values: dict[str, Any], where: str) -> RunSpec:
    """A run spec from `values` (a spec's keys; None is missing), the game's player counts, `random` and the
    game's ruleset filling in what is missing; errors name `where` and the key."""
    game = get_game(values["game"])
    filled = {"players": game.facts.player_counts, "agents": ("random",), "ruleset": game.default_ruleset,
              **{key: value for key, value in values.items() if value is not None}}
    return RunSpec.from_dict(filled, where=where)


def _claimed_spec(args: argparse.Namespace) -> dict[str, Any] | None:
    """With --resume and --run-id, the spec in the run's claim (`runs/<id>/spec.json`), if a simulated run has one."""
    if not args.resume or args.run_id is None:
        return None
    return claimed_spec(open_store(args.lake), args.run_id)


def run(args: argparse.Namespace) -> int:
    spec = spec_from_args(args)
    manifest = run_spec(
        spec, args.lake, workers=args.workers, resume=args.resume,
        progress=not args.no_progress, scheduler=args.scheduler, wait=args.wait,
    )
    totals, timings = manifest.totals, manifest.timings
    print(
        f"run {manifest.run_id}: {totals['games']} games, {totals['events']} events, {totals['files']} files "
        f"in {args.lake}; the invocation that completed it played {timings['games_played_now']} games in "
        f"{timings['seconds']:.1f} s ({timings['games_per_second_now']:.0f} games/s)"
    )
    print(f"manifest: {args.lake}/runs/{manifest.run_id}/manifest.json", file=sys.stderr)
    return 0
