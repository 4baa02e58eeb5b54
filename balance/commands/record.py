"""`balance record`: an interactive recorder for a live playtest (saved after every move)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from prompt_toolkit import PromptSession

from engine.core.errors import BalanceError
from engine.registry import get_game
from recorded.recorder import new_record, record_game

EXIT_OK, EXIT_USER = 0, 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", help="caprices, gardens or gods")
    parser.add_argument("--players", type=int, help="player count")
    parser.add_argument("--names", help="the players' names in seat order, e.g. Alice,Bruno,Chloe")
    parser.add_argument("--ruleset", help="ruleset name or .toml path (default: the game's default)")
    parser.add_argument("--out", type=Path, help="the .json file to write (saved after every move)")
    parser.add_argument("--resume", type=Path, help="carry on recording this file")


def run(args: argparse.Namespace) -> int:
    if args.resume is not None:
        path, record = args.resume, None
    else:
        if not (args.game and args.players and args.out):
            raise BalanceError("give --game, --players and --out (or --resume FILE)")
        if args.out.exists():
            raise BalanceError(f"{args.out} exists; use --resume {args.out} to carry on, or another --out")
        get_game(args.game)
        names = [n.strip() for n in args.names.split(",")] if args.names else None
        path, record = args.out, new_record(args.game, args.players, names, args.ruleset)
    finished = record_game(path, record, PromptSession())
    if finished is None:
        print(f"saved {path}; carry on with `balance record --resume {path}`", file=sys.stderr)
        return EXIT_OK
    print(f"game over; saved {path}: load it with `balance ingest {path}`")
    return EXIT_OK
