"""`balance events`: print or write the event catalogue generated from the code."""

from __future__ import annotations

import argparse

from balance import args as arg
from lake.event_catalogue import catalogue_markdown


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", help="only this game (default: every registered game)")
    parser.add_argument("--write", type=arg.output_file, metavar="PATH",
                        help="write the catalogue to PATH, e.g. docs/events.md")


def run(args: argparse.Namespace) -> int:
    text = catalogue_markdown([args.game] if args.game else None)
    if args.write is None:
        print(text, end="")
        return 0
    args.write.parent.mkdir(parents=True, exist_ok=True)
    args.write.write_text(text, encoding="utf-8")
    print(f"wrote {args.write}")
    return 0
