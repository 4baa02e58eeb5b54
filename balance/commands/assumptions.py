"""`balance assumptions`: which assumed ruleset values move the answers.

    balance assumptions --game gods
    balance assumptions --game caprices --games 30 --players 4
    balance assumptions --game gods --only cities.placement --agents greedy

For every value the game's ruleset marks `assumed` that has an alternative (a
true/false switch, or a choice among readings: `engine/<game>/ruleset_schema.py`),
one arm plays the alternative against the ruleset as it is, on shared seeds
(game k of every arm is dealt alike), under the study's strongest self-play
(`simulate/study.toml`: search, else greedy) at a small fixed budget
(`simulate.assumptions`). The answer lists, per assumption, the headline
findings it moves beyond noise and their minimum effect (the study's flag
rule), most consequential first, and says "moves nothing" plainly; the index
shows the same (reports.findings.assumptions). `balance run` plays the study's
own screens (`[[assumptions]]` entries) with `play_screens`.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import pandas as pd

from balance.commands.compare import add_common_arguments, play_and_compare
from engine.registry import get_game
from lake.spec import parse_int_list, parse_name_list
from reports.findings.assumptions import effects
from reports.kit.notebook import play_lineups
from simulate import assumptions
from simulate.assumptions import Screen
from simulate.experiment import Experiment, ExperimentError, plan_arms, run_arms
from simulate.progress import Heartbeat
from simulate.study import load_study, strong_agents

GAMES = 20  # per player count per arm: a screen for large effects, not a measurement of small ones
BATCH_SIZE = 10  # games per part file: search games are dear, so both cores share an arm
SHOWN = 4  # moved measures printed per assumption


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common_arguments(parser, games_default=GAMES)
    parser.add_argument("--only", action="append", default=[], metavar="SECTION.KEY",
                        help="test only this assumed value (repeat for more; default: every one with an alternative)")


def strongest_play(game_id: str) -> str:
    """The study's strong agent for the game (its `[strong]` table, what its search self-play and asks play),
    else its strongest uniform line-up (search, else greedy, else random)."""
    strong = strong_agents()
    if game_id in strong:
        return strong[game_id]
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
    ruleset = assumptions.baseline_ruleset(game.id, args.ruleset)
    tested = assumptions.only(assumptions.alternatives(game.id, ruleset), args.only, ruleset)
    agents = parse_name_list(args.agents) if args.agents else (strongest_play(game.id),)
    source = "given by --agents" if args.agents else "the study's strongest self-play"
    players = parse_int_list(args.players, "--players") if args.players else game.facts.player_counts
    seed = 2026 if args.seed is None else args.seed
    found = assumptions.experiment(game.id, ruleset, tested, tuple(agents), tuple(players), args.games, seed,
                                   BATCH_SIZE, args.name)
    return found, source


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


def play_screens(screens: list[Screen], lake: str, workers: int | None) -> None:
    """The study's assumptions screens, each resumed like any run (its arms are compared when the warehouse is
    built); one line each: what it plays and how many games were played now."""
    for screen in screens:
        experiment = screen.experiment()
        arms = plan_arms(experiment)  # every alternative's ruleset is checked before any game is played
        t0 = time.perf_counter()
        with Heartbeat(f"assumptions {screen.game} ({experiment.ruleset})"):
            played = run_arms(arms, lake, workers=workers, progress=False)
        what = (f"{played:,} games played in {time.perf_counter() - t0:.1f}s" if played
                else "every arm already in the lake")
        print(f"assumptions {experiment.name}: {screen.game} ({experiment.ruleset}) {len(experiment.variants)} "
              f"assumed values against their alternative, {screen.agent} self-play at {list(screen.players)} "
              f"players, {screen.games} paired games per arm ({what})", flush=True)


def run(args: argparse.Namespace) -> int:
    experiment, source = experiment_from_args(args)
    outcome = play_and_compare(experiment, args)
    print_effects(experiment, source, outcome.diffs, outcome.games_played)
    if outcome.page is not None:
        print(f"page: {outcome.page}")
    return 0
