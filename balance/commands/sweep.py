"""`balance sweep`: one ruleset value over a list of values, one arm per value on shared seeds.

    balance sweep --game caprices --param 'setup.bonus_tokens[0]' --values 10,20,30,40,50 --games 2000 --players 4
    balance sweep --game gods --param discard.limit_4p --values 6,8,10,12 --agents greedy,greedy-fast --players 4
    balance sweep experiments/gods-discard.toml

Each value is a TOML value (`--values "[6,5,4,3],[5,4,3,2]"` sweeps lists);
`key[i]` changes one item of a list. The page charts each chosen metric
against the value, with the paired interval of its difference from the
baseline ruleset.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

from balance.commands.compare import (
    add_common_arguments,
    experiment_from_args,
    outcome_document,
    play_and_compare,
    print_outcome,
)
from balance.output import emit
from simulate.experiment import ExperimentError, sweep_variants
from simulate.variants import Variant, parse_set
from warehouse.variant_metrics import METRICS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("experiment", nargs="?", help="an experiment file with a [sweep] table (experiments/*.toml)")
    add_common_arguments(parser)
    parser.add_argument("--param", help="the ruleset key to sweep, e.g. discard.limit_4p or 'setup.bonus_tokens[0]'")
    parser.add_argument("--values", help="comma-separated TOML values, e.g. 6,8,10,12")
    parser.add_argument("--metrics", help=f"metrics to chart (default: the main ones); known: {', '.join(METRICS)}")


def split_values(text: str) -> list[str]:
    """'6,8,[1,2]' -> ['6', '8', '[1,2]']: commas inside brackets, braces or quotes do not split."""
    parts, depth, quote, current = [], 0, "", ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        current += char
    parts.append(current.strip())
    return [p for p in parts if p]


def parse_values(param: str, text: str) -> tuple[Any, ...]:
    """The swept values, each checked to be a TOML value (errors name --values)."""
    return tuple(parse_set(f"{param}={raw}", "--values")[1] for raw in split_values(text))


def run(args: argparse.Namespace) -> int:
    args.experiment = Path(args.experiment) if args.experiment else None
    args.set, args.variant, args.variant_name = [], [], None
    extra: tuple[Variant, ...] = ()
    if args.param or args.values:
        if not (args.param and args.values):
            raise ExperimentError("a sweep needs both --param section.key and --values v1,v2,...")
        extra = sweep_variants(args.param, parse_values(args.param, args.values))
    metrics = tuple(m.strip() for m in (args.metrics or "").split(",") if m.strip())
    unknown = [m for m in metrics if m not in METRICS]
    if unknown:
        raise ExperimentError(f"--metrics: unknown metric {unknown[0]!r}; known: {', '.join(METRICS)}")
    experiment = experiment_from_args(args, kind="sweep", extra_variants=extra)
    if args.param:
        swept = tuple(variant.overrides[args.param] for variant in extra)
        experiment = replace(experiment, kind="sweep", param=args.param, values=swept,
                             metrics=metrics or experiment.metrics)
    if experiment.kind != "sweep" or not experiment.param:
        raise ExperimentError("nothing to sweep: pass --param and --values, or an experiment file with [sweep]")
    outcome = play_and_compare(experiment, args)
    emit(args, outcome_document(outcome))
    print_outcome(outcome)
    return 0
