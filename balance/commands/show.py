"""`balance show`: one game of the lake (or of a recorded-game file) turn by turn, in the designer's words.

Rebuilt from the game's events alone by folding them through the rules, so
simulated and recorded games show the same way. `--at SEQ` stops after that
event; `--png FILE` also draws the state there.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from balance import args as arg_types
from lake.layout import DEFAULT_LAKE
from show.source import ShowError, ShownGame, from_event_list, from_lake, from_record
from show.story import transcript

EXIT_OK = 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lake", type=arg_types.lake, default=str(DEFAULT_LAKE),
                        help=f"lake folder or object-store URL (default: {DEFAULT_LAKE})")
    parser.add_argument("--run", type=arg_types.run_id, help="the run holding the game (`balance runs` lists them)")
    parser.add_argument("--file", type=arg_types.input_file,
                        help="instead of the lake: a recorded-game JSON file or a balance event list")
    parser.add_argument("--game-id", type=int, default=None,
                        help="with --run: the game's id in the run, from 0, as the lake and warehouse store it")
    parser.add_argument("--number", type=int, default=None,
                        help="with --file: which game of the file, from 1, the number record and ingest messages "
                             "print ('game 2'); default 1")
    parser.add_argument("--at", type=int, default=None, help="stop after this event (its seq, from 0)")
    parser.add_argument("--hidden", action="store_true", help="also show what only its owner sees (hands)")
    parser.add_argument("--png", type=arg_types.output_file,
                        help="also draw the state (at --at, else the end) here; hands face down unless --hidden")


def load(args: argparse.Namespace) -> ShownGame:
    """The game the flags name (ShowError naming what is missing and what to do)."""
    if args.file is not None:
        if args.run is not None:
            raise ShowError("give --run (a game of the lake) or --file (a game file), not both")
        if args.game_id is not None:
            raise ShowError(f"--game-id names a game of a lake run; the games of {args.file} are numbered from 1, "
                            f"as record and ingest messages name them: give --number N (the first is --number 1)")
        if _is_event_list(args.file):
            return from_event_list(args.file)
        return from_record(args.file, 1 if args.number is None else args.number)
    if args.number is not None:
        raise ShowError("--number picks a game of a --file; a game of a run is --run RUN --game-id N (from 0)")
    if args.run is None:
        raise ShowError(f"which game? give --run RUN --game-id N (`balance runs --lake {args.lake}` lists the runs)")
    if args.game_id is None:
        raise ShowError(f"which game of run {args.run}? give --game-id N")
    shown = from_lake(args.lake, args.run, args.game_id)
    shown.lake = str(args.lake)
    return shown


def _is_event_list(path: Path) -> bool:
    with path.open("rb") as handle:
        return b'"balance-event-list"' in handle.read(200)


def run(args: argparse.Namespace) -> int:
    shown = load(args)
    text = transcript(shown, args.at, hidden=args.hidden)
    if args.png is not None:
        from show.pictures import save_png  # matplotlib only when a picture is asked for

        save_png(shown, args.png, args.at, hidden=args.hidden)
        text += f"\n(picture written to {args.png})\n"
    print(text, end="")
    return EXIT_OK
