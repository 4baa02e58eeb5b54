"""`balance tune`: search one or two ruleset values that bring a metric into a target range.

    balance tune --game caprices --param 'setup.bonus_tokens[0]=20,25,30,35,40' \
        --target slot_hit_rate=0.20..0.45 --levels 'slot 1,slot 2,slot 3,slot 4' --budget 6000 --agents greedy

Successive halving on shared seeds: every candidate (each value, or each pair
of values for two `--param`) plays the same games in a round; the half
farthest from the target range is dropped and the survivors play twice as
many fresh games in the next round, until one is left or the budget (games,
baseline arms included) is spent. A candidate's distance is its worst level's
distance outside the range (0 when every level is inside), judged on the
round's estimates; the best one is reported with its 95% intervals.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import math
from dataclasses import dataclass, replace
from typing import Any

import pandas as pd

from balance.commands.compare import add_common_arguments, play_and_compare
from balance.commands.sweep import parse_values
from balance.output import emit, records
from engine.registry import get_game
from lake.spec import DEFAULT_RULESET, parse_int_list, parse_name_list
from simulate.experiment import Experiment, ExperimentError
from simulate.variants import Variant, default_name, slug
from warehouse.variant_metrics import METRICS

MIN_GAMES = 20  # per candidate and round: below this a rate's interval says nothing


@dataclass(frozen=True)
class Target:
    """The metric, the levels it must hold at, and the range."""

    metric: str
    low: float
    high: float
    levels: tuple[str, ...] = ()

    def distance(self, values: pd.Series) -> float:
        """How far the worst level is outside the range (0 when all are inside)."""
        outside = [max(self.low - v, v - self.high, 0.0) for v in values]
        return max(outside) if outside else math.inf


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common_arguments(parser)
    parser.add_argument("--param", action="append", default=[], metavar="SECTION.KEY=V1,V2,...",
                        help="a ruleset key and its candidate values (one or two --param)")
    parser.add_argument("--target", required=True, metavar="METRIC=LOW..HIGH",
                        help=f"the metric and its range, e.g. slot_hit_rate=0.20..0.45; known: {', '.join(METRICS)}")
    parser.add_argument("--levels", help="the levels that must be in range, e.g. 'slot 1,slot 2' (default: all)")
    parser.add_argument("--budget", type=int, default=4000, help="games the search may play in all (default: 4000)")


def parse_target(text: str, levels: str | None) -> Target:
    metric, _, span = text.partition("=")
    low, _, high = span.partition("..")
    if metric not in METRICS:
        raise ExperimentError(f"--target: unknown metric {metric!r}; known: {', '.join(METRICS)}")
    try:
        lo, hi = float(low), float(high)
    except ValueError:
        raise ExperimentError(f"--target {text!r}: write METRIC=LOW..HIGH, e.g. slot_hit_rate=0.20..0.45") from None
    if not lo <= hi:
        raise ExperimentError(f"--target {text!r}: LOW must not exceed HIGH")
    return Target(metric, lo, hi, tuple(s.strip() for s in (levels or "").split(",") if s.strip()))


def candidates(params: list[str]) -> list[dict[str, Any]]:
    """Every combination of the parameters' values."""
    if not 1 <= len(params) <= 2:
        raise ExperimentError("tune searches one or two parameters: pass --param KEY=V1,V2,... once or twice")
    axes = []
    for text in params:
        key, sep, values = text.partition("=")
        if not sep or not values:
            raise ExperimentError(f"--param {text!r}: write section.key=v1,v2,...")
        axes.append([(key.strip(), v) for v in parse_values(key.strip(), values)])
    return [dict(combo) for combo in itertools.product(*axes)]


def score_round(rows: pd.DataFrame, target: Target) -> pd.DataFrame:
    """Per candidate: its distance from the range, and each level's value with its interval."""
    part = rows[(rows.metric == target.metric) & rows.num_players.isna()]
    if target.levels:
        missing = set(target.levels) - set(part.level)
        if missing:
            raise ExperimentError(f"--levels: {sorted(missing)[0]!r} is not a level of {target.metric}; "
                                  f"levels: {', '.join(sorted(set(part.level)))}")
        part = part[part.level.isin(target.levels)]
    scored = [{"variant": variant, "distance": target.distance(group.value),
               "levels": "; ".join(f"{r.level} {_amount(target, r.value)} ({_amount(target, r.value_lo)}-"
                                   f"{_amount(target, r.value_hi)})" for r in group.itertuples())}
              for variant, group in part.groupby("variant")]
    return pd.DataFrame(scored).sort_values(["distance", "variant"]).reset_index(drop=True)


def _amount(target: Target, value: float) -> str:
    return METRICS[target.metric].amount(value)


def run(args: argparse.Namespace) -> int:
    if args.game is None:
        raise ExperimentError("no game: pass --game (e.g. --game caprices)")
    game = get_game(args.game)
    target = parse_target(args.target, args.levels)
    pool = candidates(args.param)
    players = parse_int_list(args.players, "--players") if args.players else game.facts.player_counts
    digest = hashlib.blake2b("|".join([*args.param, args.target]).encode(), digest_size=3).hexdigest()
    name = args.name or slug(f"tune-{game.id}-{digest}")[:20]
    base = Experiment(name=name, game=game.id, ruleset=args.ruleset or DEFAULT_RULESET, players=tuple(players),
                      agents=parse_name_list(args.agents) if args.agents else ("random",), games=MIN_GAMES,
                      variants=(), seed=args.seed or 0, kind="tune", question=f"tune {args.target}",
                      pool=bool(args.pool))
    rounds = max(1, math.ceil(math.log2(len(pool))))
    spent, survivors, history = 0, pool, []
    for round_no in range(rounds):
        games = max(MIN_GAMES, args.budget // rounds // ((len(survivors) + 1) * len(players)))
        if spent + games * (len(survivors) + 1) * len(players) > args.budget and round_no > 0:
            break
        experiment = replace(base, name=f"{name}-r{round_no}", games=games, seed=base.seed + round_no,
                             variants=tuple(Variant(default_name(c), c, where="--param") for c in survivors))
        outcome = play_and_compare(experiment, argparse.Namespace(**{**vars(args), "no_report": True}))
        spent += games * (len(survivors) + 1) * len(players)
        scores = score_round(outcome.diffs, target)
        history.append((round_no, games, scores))
        keep = max(1, math.ceil(len(survivors) / 2))
        by_name = {default_name(c): c for c in survivors}
        survivors = [by_name[v] for v in scores.variant.head(keep)]
        print(f"round {round_no + 1}: {len(scores)} candidates x {games:,} games per player count on shared seeds; "
              f"kept {', '.join(scores.variant.head(keep))}")
        if len(survivors) == 1:
            break
    _print_best(history, target, spent, args.budget)
    emit(args, {"experiment": name, "game": game.id, "players": list(players),
                "target": {"metric": target.metric, "low": target.low, "high": target.high,
                           "levels": list(target.levels)},
                "rounds": [{"round": round_no + 1, "games": games, "candidates": records(scores)}
                           for round_no, games, scores in history],
                "best": records(history[-1][2].head(1))[0], "games_spent": spent, "budget": args.budget})
    return 0


def _print_best(history: list[tuple[int, int, pd.DataFrame]], target: Target, spent: int, budget: int) -> None:
    round_no, games, scores = history[-1]
    best = scores.iloc[0]
    verdict = "inside the range" if best.distance == 0 else (
        f"closest: {_amount(target, best.distance)} outside the range at its worst level")
    print(f"best: {best.variant} ({verdict}; target {target.metric} in {_amount(target, target.low)}-"
          f"{_amount(target, target.high)}); {best.levels}; from round {round_no + 1} ({games:,} games per player "
          f"count); games spent: {spent:,} of a budget of {budget:,}")
