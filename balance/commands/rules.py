"""`balance rules --game G [--ruleset R]`: every key of a ruleset, its value, bounds and provenance.

What a `--set section.key=VALUE` (or a variant file) may change, with the
value the baseline has, what the key accepts, and where the value comes from
(`seed`, `public` or `assumed`, and its note).
"""

from __future__ import annotations

import argparse
import json

from engine.core.ruleset import key_lines
from engine.core.ruleset_schema import schema_of
from engine.registry import get_game

_SHOWN = 48  # a value longer than this (a deck, a condition table) is cut, its key says where to read it


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, help="game id, e.g. caprices")
    parser.add_argument("--ruleset", help="a ruleset name or .toml path (default: the game's own)")
    parser.add_argument("--key", default="", metavar="PREFIX", help="only keys starting with PREFIX, e.g. bonus.")


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    ruleset = game.load_ruleset(args.ruleset or game.default_ruleset)
    lines = [line for line in key_lines(ruleset, schema_of(game.ruleset_game)) if line.key.startswith(args.key)]
    print(f"{game.id} ruleset {ruleset.name} ({ruleset.path}), digest {ruleset.digest}: {len(lines)} key(s)")
    width = max((len(line.key) for line in lines), default=3)
    for line in lines:
        value = "(not set)" if line.value is None else _shown(line.value)
        print(f"{line.key:<{width}}  {value:<{_SHOWN}}  {line.source:<7}  {line.bounds}")
        if line.note and line.value is not None:
            print(f"{'':<{width}}  {line.note}")
    print("change one with --set KEY=VALUE (balance compare, sweep, tune) or in a ruleset file")
    return 0


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= _SHOWN else text[:_SHOWN - 3] + "..."
