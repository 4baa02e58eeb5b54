"""`balance compare`: a baseline ruleset and its variants on common random numbers, and what changed.

    balance compare --game caprices --set setup.bonus_tokens=[25,20,15,10] --games 4000 --players 4 --agents greedy
    balance compare --game gardens --variant cheaper-rewards.toml --variant my-rules.toml --games 500
    balance compare experiments/caprices-bonus.toml

Every `--set` together makes one variant; each `--variant FILE.toml` (a full
or partial ruleset) is one more. Every override is checked like a ruleset file
before any game is played.

`sweep` and `tune` share this command's flags (`add_common_arguments`) and
its play-build-compare step (`play_and_compare`). The answer is printed in
the designer's words, biggest changes first, for the changes beyond noise
after the multiple-comparison correction and at least the minimum that
matters (`simulate/study.toml [flags.min_effect]`).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from balance.output import add_json_flag, emit, records
from engine.registry import get_game
from lake.layout import DEFAULT_LAKE
from lake.spec import DEFAULT_RULESET, parse_int_list, parse_name_list
from reports import DEFAULT_OUT
from reports.kit.whatif import change_sentence, read_diffs
from reports.render import write_experiment_page
from simulate.experiment import Experiment, ExperimentError, load_experiment, plan_arms, run_arms
from simulate.variants import Variant, slug, variant_from_file, variant_from_sets
from warehouse import DEFAULT_WAREHOUSE
from warehouse.build import build

SHOWN = 8  # changes printed on the terminal; the page lists them all


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("experiment", nargs="?", type=Path,
                        help="an experiment file (experiments/*.toml); flags given override its spec")
    add_common_arguments(parser)
    parser.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                        help="change one ruleset value (a TOML value; repeat for more; together one variant)")
    parser.add_argument("--variant", action="append", default=[], type=Path, metavar="FILE.toml",
                        help="a variant ruleset file, full or partial (repeat for more variants)")
    parser.add_argument("--variant-name", help="name of the --set variant (default: the change itself)")


def add_common_arguments(parser: argparse.ArgumentParser, games_default: int | None = None) -> None:
    """The flags every what-if command takes (the shared spec, where data goes)."""
    parser.add_argument("--game", help="game id, e.g. caprices")
    parser.add_argument("--ruleset", help="the baseline ruleset: a name or .toml path (default: the game's own)")
    parser.add_argument("--games", type=int, default=games_default, help="games per player count in every arm")
    parser.add_argument("--players", help="player counts, e.g. 4 or 2,3,4 (default: every count the game allows)")
    parser.add_argument("--agents", help="agent line-up cycled over the seats, rotated per game (default: random)")
    parser.add_argument("--seed", type=int, help="the shared seed: game k of every arm uses the same one")
    parser.add_argument("--name", help="experiment name (default: derived from the game and the changes)")
    parser.add_argument("--lake", type=Path, default=DEFAULT_LAKE, help=f"lake folder (default: {DEFAULT_LAKE})")
    parser.add_argument("--warehouse", type=Path, default=DEFAULT_WAREHOUSE,
                        help=f"DuckDB warehouse rebuilt after the arms are played (default: {DEFAULT_WAREHOUSE})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"report folder (default: {DEFAULT_OUT}/)")
    parser.add_argument("--no-report", action="store_true", help="print the answer only, write no HTML page")
    parser.add_argument("--pool", action="store_true", default=None,
                        help="count the baseline arm's games in the study's own tables too (default: kept apart)")
    parser.add_argument("--workers", type=int, help="local worker processes (default: all cores)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_json_flag(parser)


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
        pool=args.pool if getattr(args, "pool", None) is not None else (base.pool if base else False),
    )


def _derived_name(game: str, ruleset: str, variants: list[Variant]) -> str:
    """`<game>-<hash of the changes>`: the same flags give the same experiment, so a re-run resumes."""
    text = "|".join([ruleset, *(f"{v.name}:{v.describe()}" for v in variants)])
    return slug(f"{game}-{hashlib.blake2b(text.encode(), digest_size=4).hexdigest()}")


@dataclass(frozen=True)
class Outcome:
    """What a what-if run produced: the experiment's rows of met_variant_diff and its page."""

    experiment: Experiment
    diffs: pd.DataFrame
    page: Path | None
    games_played: int


def play_and_compare(experiment: Experiment, args: argparse.Namespace) -> Outcome:
    """Check every arm, play them (resuming), rebuild the warehouse, read the comparison, write the page."""
    arms = plan_arms(experiment)  # every ruleset is checked before any game is played
    played = run_arms(arms, args.lake, workers=args.workers, progress=not args.no_progress)
    build(args.lake, args.warehouse)
    diffs = read_diffs(args.warehouse, experiment.name)
    page = None
    if not args.no_report:
        page = write_experiment_page(args.warehouse, experiment.name, experiment.kind, args.out, str(args.lake))
    return Outcome(experiment, diffs, page, played)


def print_outcome(outcome: Outcome, out: Any = None) -> None:
    """The answer on the terminal: per variant, what changed beyond noise, biggest first."""
    out = out or sys.stdout
    exp = outcome.experiment
    print(f"experiment {exp.name}: {exp.game}, {', '.join(map(str, exp.players))} players, agents "
          f"{'/'.join(exp.agents)}, {exp.games:,} games per player count per arm on shared seeds "
          f"({outcome.games_played:,} played now)", file=out)
    if outcome.diffs.empty:
        print("  no comparison rows: the arms share no metric", file=out)
    for variant, rows in outcome.diffs.groupby("variant", sort=False):
        flagged = rows[rows.flagged]
        change = rows.change.iloc[0]
        print(f"{variant} ({change}): {len(flagged)} of {len(rows)} measures changed beyond noise "
              "and by at least the minimum that matters", file=out)
        for row in flagged.head(SHOWN).itertuples():
            print(f"  {change_sentence(row)}", file=out)
        if len(flagged) > SHOWN:
            print(f"  ... and {len(flagged) - SHOWN} more on the page", file=out)
    if outcome.page is not None:
        print(f"page: {outcome.page}", file=out)


def outcome_document(outcome: Outcome) -> dict[str, Any]:
    """The `--json` document of compare and sweep: the experiment, and every measure of every variant."""
    exp = outcome.experiment
    variants = []
    for variant, rows in outcome.diffs.groupby("variant", sort=False):
        variants.append({"variant": variant, "change": rows.change.iloc[0], "measures": len(rows),
                         "changed": int(rows.flagged.sum()), "rows": records(rows.drop(columns=["change"]))})
    return {"experiment": {"name": exp.name, "kind": exp.kind, "game": exp.game, "ruleset": exp.ruleset,
                           "players": list(exp.players), "agents": list(exp.agents), "games": exp.games,
                           "seed": exp.seed, "param": exp.param, "values": list(exp.values)},
            "games_played": outcome.games_played, "page": outcome.page, "variants": variants}


def run(args: argparse.Namespace) -> int:
    outcome = play_and_compare(experiment_from_args(args), args)
    emit(args, outcome_document(outcome))
    print_outcome(outcome)
    return 0
