"""`balance assumptions`: which assumed ruleset values move the answers.

    balance assumptions --game gods
    balance assumptions --game caprices --games 30 --players 4
    balance assumptions --game gods --only cities.placement --agents greedy

For every value the game's ruleset marks `assumed` that has an alternative (a
true/false switch, or a choice among readings: `engine/<game>/ruleset_schema.py`),
one arm plays the alternative against the ruleset as it is, on shared seeds
(game k of every arm is dealt alike), under the study's strongest self-play
(`simulate/study.toml`: search, else greedy) at a small fixed budget. The
answer lists, per assumption, the headline findings it moves beyond noise and
their minimum effect (the study's flag rule), most consequential first, and
says "moves nothing" plainly; the index shows the same (reports.findings.assumptions).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from typing import Any

import pandas as pd

from balance.commands.compare import add_common_arguments, play_and_compare
from engine.core.ruleset import Ruleset
from engine.core.ruleset_schema import DISPLAY_PREFIX, rule_for
from engine.registry import get_game, ruleset_schema
from lake.spec import DEFAULT_RULESET, parse_int_list, parse_name_list
from reports.findings.assumptions import KIND, effects
from reports.kit.notebook import play_lineups
from simulate.experiment import Experiment, ExperimentError
from simulate.study import load_study
from simulate.variants import Variant, slug

GAMES = 20  # per player count per arm: a screen for large effects, not a measurement of small ones
SHOWN = 4  # moved measures printed per assumption


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common_arguments(parser, games_default=GAMES)
    parser.add_argument("--only", action="append", default=[], metavar="SECTION.KEY",
                        help="test only this assumed value (repeat for more; default: every one with an alternative)")


def alternatives(game_id: str, ruleset: Ruleset) -> list[tuple[str, Any, Any]]:
    """(key, assumed value, alternative) for every assumed value the game plays whose schema rule offers another
    reading (display names and keys the game reads nowhere, `unplayed_keys`, are left out)."""
    schema = ruleset_schema(game_id)
    skipped = (DISPLAY_PREFIX, *getattr(get_game(game_id), "unplayed_keys", ()))
    found = []
    for key in sorted(ruleset.assumed()):
        rule = rule_for(schema, key)
        if key.startswith(skipped) or rule is None:
            continue
        value = ruleset[key]
        options = (not value,) if rule.kind == "bool" else rule.choices if rule.kind == "choice" else ()
        found += [(key, value, option) for option in options if option != value]
    return found


def strongest_play(game_id: str) -> str:
    """The study's strongest uniform line-up for the game (search, else greedy, else random)."""
    mixes = [spec.agents[0] for spec in load_study() if spec.game == game_id and len(set(spec.agents)) == 1]
    ranked = play_lineups(pd.DataFrame({"agent_mix": mixes}))
    if not ranked:
        raise ExperimentError(f"the study (simulate/study.toml) has no self-play of {game_id}; pass --agents")
    return ranked[0]


def experiment_from_args(args: argparse.Namespace) -> tuple[Experiment, str]:
    """The assumptions experiment, and where its play comes from (in words)."""
    if not args.game:
        raise ExperimentError("no game: pass --game (e.g. --game gods)")
    game = get_game(args.game)
    ruleset = game.load_ruleset(game.default_ruleset if (args.ruleset or DEFAULT_RULESET) == DEFAULT_RULESET
                                else args.ruleset)
    tested = alternatives(game.id, ruleset)
    if args.only:
        known = {key for key, _, _ in tested}
        unknown = [key for key in args.only if key not in known]
        if unknown:
            raise ExperimentError(f"--only {unknown[0]}: not an assumed value with an alternative in {ruleset.path}; "
                                  f"those are: {', '.join(sorted(known))}")
        tested = [t for t in tested if t[0] in args.only]
    if not tested:
        raise ExperimentError(f"{ruleset.path}: no assumed value with an alternative to test")
    agents = parse_name_list(args.agents) if args.agents else (strongest_play(game.id),)
    source = "given by --agents" if args.agents else "the study's strongest self-play"
    players = parse_int_list(args.players, "--players") if args.players else game.facts.player_counts
    variants = tuple(Variant(f"{key} = {_shown(alt)} (assumed: {_shown(value)})", {key: alt})
                     for key, value, alt in tested)
    seed = 2026 if args.seed is None else args.seed
    text = "|".join([ruleset.name, ruleset.digest, *agents, *map(str, players), str(args.games), str(seed),
                     *(v.name for v in variants)])
    name = args.name or slug(f"assumptions-{game.id}-{hashlib.blake2b(text.encode(), digest_size=4).hexdigest()}")
    experiment = Experiment(name=name, game=game.id, ruleset=ruleset.name, players=tuple(players),
                            agents=tuple(agents), games=args.games, variants=variants, seed=seed, kind=KIND,
                            question="Which assumed ruleset values move the answers?")
    return experiment, source


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def print_effects(experiment: Experiment, source: str, diffs: pd.DataFrame, played: int, out: Any = None) -> None:
    """Per assumption, most consequential first: the headline findings it moves and the biggest moves."""
    out = out or sys.stdout
    print(f"assumptions of {experiment.game} ({experiment.ruleset}): {len(experiment.variants)} assumed values "
          f"against their alternative; play: {'/'.join(experiment.agents)} self-play ({source}), "
          f"{experiment.games:,} games per player count ({', '.join(map(str, experiment.players))} players) "
          f"per arm on shared seeds ({played:,} played now)", file=out)
    if diffs.empty:
        print("  no comparison rows: the arms share no metric", file=out)
    for rank, effect in enumerate(effects(diffs), start=1):
        print(f"{rank}. {effect.variant}: {effect.summary()}", file=out)
        for sentence in effect.sentences()[:SHOWN]:
            print(f"     {sentence}", file=out)
        if len(effect.moved) > SHOWN:
            print(f"     ... and {len(effect.moved) - SHOWN} more on the page", file=out)


def run(args: argparse.Namespace) -> int:
    experiment, source = experiment_from_args(args)
    outcome = play_and_compare(experiment, args)
    print_effects(experiment, source, outcome.diffs, outcome.games_played)
    if outcome.page is not None:
        print(f"page: {outcome.page}")
    return 0
