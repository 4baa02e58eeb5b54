"""`balance compare`: a baseline ruleset and its variants on common random numbers, and what changed.

    balance compare --game caprices --set setup.bonus_tokens=[25,20,15,10] --games 4000 --players 4 --agents greedy
    balance compare --game gardens --variant cheaper-rewards.toml --variant my-rules.toml --games 500
    balance compare experiments/caprices-bonus.toml

Every `--set` together makes one variant; each `--variant FILE.toml` (a full
or partial ruleset) is one more. Every override is checked like a ruleset file
before any game is played.
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

from engine.registry import get_game
from lake.spec import DEFAULT_RULESET, parse_int_list, parse_name_list
from reports.whatif import add_common_arguments, play_and_compare, print_outcome
from simulate.experiment import Experiment, ExperimentError, load_experiment
from simulate.variants import Variant, slug, variant_from_file, variant_from_sets


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("experiment", nargs="?", type=Path,
                        help="an experiment file (experiments/*.toml); flags given override its spec")
    add_common_arguments(parser)
    parser.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                        help="change one ruleset value (a TOML value; repeat for more; together one variant)")
    parser.add_argument("--variant", action="append", default=[], type=Path, metavar="FILE.toml",
                        help="a variant ruleset file, full or partial (repeat for more variants)")
    parser.add_argument("--variant-name", help="name of the --set variant (default: the change itself)")


def experiment_from_args(args: argparse.Namespace, kind: str = "compare",
                         extra_variants: tuple[Variant, ...] = ()) -> Experiment:
    """The experiment from a file and/or flags (flags override the file's spec)."""
    base = load_experiment(args.experiment) if getattr(args, "experiment", None) else None
    game_id = args.game or (base.game if base else None)
    if game_id is None:
        raise ExperimentError("no game: pass --game (e.g. --game caprices) or an experiment file")
    game = get_game(game_id)
    variants = list(base.variants if base else ())
    if getattr(args, "set", None):
        variants.append(variant_from_sets(args.set, args.variant_name))
    variants.extend(variant_from_file(path, game) for path in getattr(args, "variant", []) or [])
    variants.extend(extra_variants)
    if not variants:
        raise ExperimentError("nothing to compare: pass --set section.key=VALUE or --variant FILE.toml")
    if base is None and args.games is None:
        raise ExperimentError("no number of games: pass --games N (games per player count in every arm)")
    players = parse_int_list(args.players, "--players") if args.players else (
        base.players if base else game.facts.player_counts)
    agents = parse_name_list(args.agents) if args.agents else (base.agents if base else ("random",))
    ruleset = args.ruleset or (base.ruleset if base else DEFAULT_RULESET)
    name = args.name or (base.name if base else _derived_name(game.id, ruleset, variants))
    return Experiment(
        name=name, game=game.id, ruleset=ruleset, players=tuple(players), agents=tuple(agents),
        games=args.games or (base.games if base else 0), variants=tuple(variants),
        seed=args.seed if args.seed is not None else (base.seed if base else 0), kind=base.kind if base else kind,
        question=base.question if base else "", param=base.param if base else None,
        values=base.values if base else (), metrics=base.metrics if base else (),
    )


def _derived_name(game: str, ruleset: str, variants: list[Variant]) -> str:
    """`<game>-<hash of the changes>`: the same flags give the same experiment, so a re-run resumes."""
    text = "|".join([ruleset, *(f"{v.name}:{v.describe()}" for v in variants)])
    return slug(f"{game}-{hashlib.blake2b(text.encode(), digest_size=4).hexdigest()}")


def run(args: argparse.Namespace) -> int:
    outcome = play_and_compare(experiment_from_args(args), args)
    print_outcome(outcome)
    return 0
