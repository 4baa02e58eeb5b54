"""`balance ask`: play batches at one strength until every seat asked about is tilted or fair, or a budget is spent.

Without --game it plays the study's `[[ask]]` entries (`simulate/study.toml`);
with --game, one ask from the flags. Verdicts come from anytime-valid
confidence sequences (`simulate.sequential`), so looking after every batch
keeps them valid; the minimum that matters and alpha are the study's
`[flags]`. Re-running the same ask resumes it: no game is played twice.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from balance import args as arg
from engine.registry import get_game
from lake.layout import DEFAULT_LAKE
from lake.spec import DEALS, SpecError, parse_int_list
from simulate import sequential
from simulate.ask import Ask, AskResult, games_to_decide, play_until_decided
from simulate.study import STUDY_FILE, load_asks, strong_agents
from warehouse.flags import FlagRules, load_rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--study", type=arg.input_file, default=STUDY_FILE,
                        help="study file: its [[ask]] entries (without --game) and its [flags]")
    parser.add_argument("--game", help="ask one question of this game instead of the study's entries")
    parser.add_argument("--players", help="player counts, e.g. 2,4 (default: every count the game allows)")
    parser.add_argument("--agent", help="the agent in every seat (default: the study's [strong] agent for the game)")
    parser.add_argument("--ruleset", help="ruleset name (default: the game's default ruleset)")
    parser.add_argument("--batch", type=arg.games, default=40, help="games per player count per round (default: 40)")
    parser.add_argument("--max-games", type=arg.games, default=400,
                        help="games per player count this ask may add (default: 400)")
    parser.add_argument("--max-minutes", type=arg.positive_float(24 * 60, "--max-minutes"), default=10.0,
                        help="stop starting rounds after this many minutes (default: 10)")
    parser.add_argument("--seed", type=arg.seed, default=0, help="the ask's seed; each round's derives from it")
    parser.add_argument("--deals", choices=DEALS, default="independent",
                        help="duplicate: play every deal once per seat rotation (docs/verdicts.md; default: "
                             "independent)")
    parser.add_argument("--batch-size", type=arg.batch_size, default=10, help="games per part file (default: 10)")
    parser.add_argument("--lake", type=arg.lake, default=str(DEFAULT_LAKE),
                        help=f"lake folder or URL (default: {DEFAULT_LAKE})")
    parser.add_argument("--workers", type=arg.workers, help="local worker processes (default: all cores)")


def run(args: argparse.Namespace) -> int:
    rules = load_rules(args.study)
    asks = [_from_flags(args)] if args.game else load_asks(args.study)
    if not asks:
        raise SpecError(f"{args.study}: no [[ask]] entries; pass --game to ask one question")
    play_asks(asks, rules, args.lake, args.workers)
    return 0


def play_asks(asks: list[Ask], rules: FlagRules, lake: str, workers: int | None) -> None:
    """Play each ask until decided under the study's minimum and alpha, and print its verdicts."""
    minimum = rules.min_effect.get("seat_win_rate", 0.0)
    for ask in asks:
        ask = dataclasses.replace(ask, min_effect=minimum, alpha=rules.alpha)
        result = play_until_decided(ask, lake, workers=workers)
        for line in describe(ask, result):
            print(line, flush=True)


def _from_flags(args: argparse.Namespace) -> Ask:
    game = get_game(args.game)
    agent = args.agent or _strong_agent(args.study, args.game)
    players = parse_int_list(args.players, "--players") if args.players else game.facts.player_counts
    return Ask(args.game, args.ruleset or game.default_ruleset, tuple(players), agent, args.batch,
               args.max_games, args.max_minutes, args.seed, args.batch_size, deals=args.deals)


def _strong_agent(study: Path, game: str) -> str:
    strong = strong_agents(study)
    if game not in strong:
        raise SpecError(f"{study}: no [strong] agent for {game}; pass --agent NAME")
    return strong[game]


def describe(ask: Ask, result: AskResult) -> list[str]:
    """Per player count, each seat's verdict in the designer's words, and what an undecided one would take."""
    alpha = ask.alpha / max(result.family_cells, 1)
    deals = " as duplicate deals" if ask.deals == "duplicate" else ""
    lines = [f"{ask.game} ({ask.ruleset}) under {ask.agent}{deals}: stopped after {result.rounds} rounds "
             f"({result.stopped}); "
             f"fair means within ±{ask.min_effect * 100:.0f} points of the fair share"]
    for players in ask.players:
        parts = []
        for seat in range(players):
            wins, games = result.counts.get((players, seat), (0.0, 0))
            verdict = result.verdicts[(players, seat)]
            lo, hi = _sequence(result, (players, seat), alpha)
            rate = wins / games if games else float("nan")
            text = f"seat {seat + 1} {verdict} {rate:.1%} ({lo:.1%}–{hi:.1%}, {games:,} games)"
            if verdict == sequential.UNDECIDED:
                needed = games_to_decide(result.seen, (players, seat), ask, alpha)
                text += (f", about {max(needed - games, 0):,} more games would decide it" if needed is not None
                         else f", {sequential.BEYOND_REACH}")
            parts.append(text)
        lines.append(f"  {players} players: " + "; ".join(parts))
    return lines


def _sequence(result: AskResult, cell: tuple[int, int], alpha: float) -> tuple[float, float]:
    """The interval the verdict read: the betting sequence once there are duplicate deals, else the mixture's."""
    players = cell[0]
    if result.seen.duplicate:
        return sequential.streams_sequence(result.seen.streams(cell), alpha)
    wins, games = result.counts.get(cell, (0.0, 0))
    return sequential.rate_sequence(wins, games, 1 / players, alpha)
