"""The Caprices kernel held against the Python agents: decision by decision, and game by game.

State by state: at every decision of games played by random, greedy or strong (Python) agents, the kernel and
the Python code must give the same greedy value of each legal command (bit for bit), the same feature rows,
the same estimate of every assembly the view shows (the player's, and each other player's known and rallied
cards; with and without the memo's canonical form) and the same greedy and distilled decisions (greedy with a
copy of the agent's random stream, which must end in the same state). Game by game: `greedy` and `strong`
self-play on the kernel and in Python must log the same events, down to the sealed digest.

    python -m simulate.caprices_differential --games 200 --state-games 4000
    python -m simulate.caprices_differential --set setup.bonus_tokens=[60,40,30,20] --games 100
    python -m simulate.caprices_differential --joust --games 50
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.caprices.agents import kernel_agents
from engine.caprices.agents.distill import weights_for
from engine.caprices.agents.distilled import DistilledAgent
from engine.caprices.agents.estimate import estimate_total
from engine.caprices.agents.features import features
from engine.caprices.agents.greedy import _in_play, assembly_estimate, greedy_value
from engine.caprices.commands import Command
from engine.caprices.state import View
from engine.core.agents import GreedyAgent, RandomAgent
from engine.core.driver import ListSink, play_game
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from engine.registry import get_game
from simulate.variants import variant_from_sets, variant_ruleset

PLAYS = ("random", "greedy", "strong")
"""Who plays the games whose decisions are compared."""


class Mismatch(AssertionError):
    """The kernel and the Python code disagree (the message says where)."""


@dataclass
class Tally:
    """What was compared."""

    states: int = 0
    values: int = 0
    estimates: int = 0
    games: int = 0
    events: int = 0
    plays: dict[str, int] = field(default_factory=dict)


def _python_agent(name: str) -> Any:
    """The Python implementation under the name the kernel agent logs."""
    if name == "greedy":
        return GreedyAgent()
    if name == "random":
        return RandomAgent()
    return DistilledAgent(name)


def check_decision(game: Game, view: View, legal: Sequence[Command], rng: random.Random, tally: Tally,
                   weights: np.ndarray | None = None) -> None:
    """Every comparison at one decision (raises Mismatch); the distilled choice with `weights` (by default those
    `distilled` plays the ruleset with: a variant's are learnt on first use)."""
    rules = view.rules
    form = kernel_agents.kernel_rules(rules)
    if form is None:
        raise Mismatch(f"ruleset {rules.name}: the kernel does not play it")
    kernel = kernel_agents.kernel
    where = f"round {view.round}, player {view.player}, {len(legal)} commands"
    python_values = [greedy_value(view, c) for c in legal]
    kernel_values = kernel.greedy_values(form, view, legal)
    if python_values != kernel_values:
        raise Mismatch(f"{where}: greedy values {python_values} != kernel {kernel_values}")
    python_rows, kernel_rows = features(view, legal), kernel.features(form, view, legal)
    if python_rows.tobytes() != kernel_rows.tobytes():
        raise Mismatch(f"{where}: features differ at {np.argwhere(python_rows != kernel_rows).tolist()}")
    tally.values += len(legal)
    _check_estimates(form, view, tally)
    if len(legal) > 1:
        python_rng, kernel_rng = _copy(rng), _copy(rng)
        chosen = GreedyAgent().choose(game, view, legal, python_rng)
        if kernel.greedy_choice(form, view, legal, kernel_rng) is not chosen or \
                python_rng.getstate() != kernel_rng.getstate():
            raise Mismatch(f"{where}: greedy's choice or its draws differ")
        policy = kernel.Policy(form, weights_for(rules, game) if weights is None else weights)
        if policy.choose(view, legal) is not legal[int(np.argmax(python_rows @ policy.weights))]:
            raise Mismatch(f"{where}: distilled's choice differs")
    tally.states += 1


def _copy(rng: random.Random) -> random.Random:
    copied = random.Random()
    copied.setstate(rng.getstate())
    return copied


def _check_estimates(form: Any, view: View, tally: Tally) -> None:
    rules, kernel = view.rules, kernel_agents.kernel
    caprices = _in_play(view.caprices)
    assemblies = [(list(view.hand), view.rallied[view.player])]
    assemblies += [(list(known), rallied) for p, (known, rallied) in enumerate(zip(view.known, view.rallied))
                   if p != view.player]
    deck = rules.deck
    for hand, rallied in assemblies:
        memo = assembly_estimate(rules, hand, rallied, caprices)
        if kernel.estimate(form, hand, rallied, caprices, True) != memo:
            raise Mismatch(f"estimate of {hand} + rallied {rallied}: kernel differs from {memo}")
        raw = estimate_total([deck[c] for c in hand], caprices, rules, [deck[c] for c in rallied])
        if kernel.estimate(form, hand, rallied, caprices, False) != raw:
            raise Mismatch(f"estimate_total of {hand} + rallied {rallied}: kernel differs from {raw}")
        tally.estimates += 2


class Checking:
    """Plays as `inner` (a Python agent) and compares the kernel with Python at each of its decisions."""

    reads_view = True
    searches = False

    def __init__(self, inner: Any, tally: Tally, weights: np.ndarray | None = None) -> None:
        self.inner, self.tally, self.name, self.weights = inner, tally, inner.name, weights

    def choose(self, game: Game, view: View, legal: Sequence[Command], rng: random.Random) -> Command:
        check_decision(game, view, legal, rng, self.tally, self.weights)
        return self.inner.choose(game, view if self.inner.reads_view else None, legal, rng)


def check_states(game: Game, ruleset: Ruleset, plays: str, players: int, seeds: range, tally: Tally,
                 weights: np.ndarray | None = None) -> None:
    """Play the seeds with `plays` (Python) at every seat, comparing every decision."""
    for seed in seeds:
        agents = [Checking(_python_agent(plays), tally, weights) for _ in range(players)]
        play_game(game, ruleset, agents, seed, ListSink())
        tally.plays[plays] = tally.plays.get(plays, 0) + 1


def compare_games(game: Game, ruleset: Ruleset, name: str, players: int, seeds: range, tally: Tally) -> None:
    """Self-play of `name` on the kernel and in Python: the same events, seed by seed."""
    for seed in seeds:
        logs = []
        for make in (lambda: kernel_agents.AGENTS[name](), lambda: _python_agent(name)):
            sink = ListSink()
            play_game(game, ruleset, [make() for _ in range(players)], seed, sink)
            logs.append(sink.events)
        if logs[0] != logs[1]:
            first = next(i for i, (a, b) in enumerate(zip(*logs)) if a != b) if len(logs[0]) == len(logs[1]) else -1
            raise Mismatch(f"{name} {players}p seed {seed}: the logs differ (event {first})")
        tally.games += 1
        tally.events += len(logs[0])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulate.caprices_differential", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="whole games per agent and player count")
    parser.add_argument("--state-games", type=int, default=100,
                        help="games per kind of play (random, greedy, strong) and player count checked state by state")
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--seed", type=int, default=70_000)
    parser.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE")
    parser.add_argument("--joust", action="store_true", help="the Joust (greedy only: its strong is the search)")
    args = parser.parse_args(argv)
    if not kernel_agents.kernel_in_use():
        parser.error("the kernel is not built or is switched off")
    game = get_game("caprices-joust" if args.joust else "caprices")
    ruleset = game.load_ruleset(game.default_ruleset)
    if args.set:
        ruleset = variant_ruleset(game, ruleset, variant_from_sets(args.set))
    tally, started = Tally(), time.process_time()
    for players in (int(p) for p in args.players.split(",")):
        for plays in PLAYS if not args.joust else ("random", "greedy"):
            check_states(game, ruleset, plays, players, range(args.seed, args.seed + args.state_games), tally)
        for name in ("greedy", "strong") if not args.joust else ("greedy",):
            compare_games(game, ruleset, name, players, range(args.seed, args.seed + args.games), tally)
        print(f"{players}p done: {tally}", file=sys.stderr, flush=True)
    print(summary(f"{game.id} {ruleset.name}", tally, time.process_time() - started))
    return 0


def summary(what: str, tally: Tally, seconds: float) -> str:
    """One line: what was compared (any mismatch raised before)."""
    return (f"{what}: {tally.states:,} states ({tally.values:,} command values and feature rows, "
            f"{tally.estimates:,} estimates, greedy and distilled choices), {tally.games:,} whole games "
            f"({tally.events:,} events) compared; 0 mismatches; {seconds:.0f} CPU s")


if __name__ == "__main__":
    raise SystemExit(main())
