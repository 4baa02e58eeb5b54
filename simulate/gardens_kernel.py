"""The big differential run of the Four Gardens kernel: millions of states, hundreds of whole games.

    python -m simulate.gardens_kernel --games 40 --whole 30 [--set KEY=VALUE ...] [--every 25]

For both rulesets and 2, 3 and 4 players: every decision of `--games` self-play games each of random, greedy and
strong play is checked rule by rule (engine.gardens.kernel.differential.check_state: the state read back, legal
commands, greedy values, estimate, re-deal, state after the command played and one other), and every `--every`-th
decision agent by agent (greedy's and strong's choice in C and in Python); then `--whole` self-play games each of
greedy and strong are played on the kernel and in Python and their event logs compared. `--set` (repeatable, as
for simulate.head_to_head) plays a what-if variant of both rulesets. Prints the counts and every mismatch (the
first few in full); exit status 1 if there is any.

    python -m simulate.gardens_kernel --floor 20

instead measures what is left of a self-play game once its agents cost nothing: the commands of `--floor` strong
games replayed through the driver (no agent), CPU s per game, without logging (NullSink, as `balance bench`)
and logging every event (EventBuffer, as a run does), beside strong's own game on the kernel.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine.core.agents import make_agent
from engine.core.buffer import EventBuffer
from engine.core.driver import EventSink, NullSink, play_game
from engine.core.ruleset import Ruleset
from engine.gardens.game import GAME
from engine.gardens.kernel.differential import PLAYERS, RULESETS, Tally, check_state, observed_games, whole_games
from simulate.variants import variant_from_sets, variant_ruleset


def run(tally: Tally, ruleset: Ruleset, games: int, whole: int, every: int, seed: int) -> None:
    for players in PLAYERS:
        started = time.process_time()
        for agent in ("random", "greedy", "strong"):
            states = observed_games(ruleset, players, agent, games, seed)
            for k, (state, player, legal, command, where) in enumerate(states):
                check_state(tally, state, player, legal, command, where, seed + k, decisions=k % every == 0)
        for agent in ("greedy", "strong"):
            whole_games(tally, ruleset, players, agent, whole, seed)
        print(f"{ruleset.name} {players}p: {tally.total():,} comparisons so far, {len(tally.mismatches)} mismatches "
              f"({time.process_time() - started:.0f} CPU s)", file=sys.stderr, flush=True)


class Script:
    """Plays the commands it is given, in order (a replay of a recorded game: no agent cost)."""

    name = "script"
    searches = False
    reads_view = False

    def __init__(self, commands: list[Any]) -> None:
        self.commands = iter(commands)

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: Any) -> Any:
        return next(self.commands)


def _strong_game(ruleset: Ruleset, players: int, seed: int) -> list[Any]:
    """The commands of one self-play game of strong (on the kernel)."""
    played: list[Any] = []
    play_game(GAME, ruleset, [make_agent("strong", GAME) for _ in range(players)], seed, NullSink(),
              observer=lambda state, player, legal, command: played.append(command))
    return played


def floor(games: int, seed: int) -> None:
    """CPU s per game: strong on the kernel, and its commands replayed without and with logging."""
    print("| ruleset | players | strong (kernel) s/game | replayed, NullSink s/game | replayed, EventBuffer s/game |")
    print("|---|---|---|---|---|")
    for name in RULESETS:
        ruleset = GAME.load_ruleset(name)
        for players in PLAYERS:
            seconds = [0.0, 0.0, 0.0]
            for g in range(games):
                started = time.process_time()
                played = _strong_game(ruleset, players, seed + g)
                seconds[0] += time.process_time() - started
                sinks: tuple[EventSink, EventSink] = (NullSink(), EventBuffer(GAME.columns))
                for k, sink in enumerate(sinks):
                    started = time.process_time()
                    play_game(GAME, ruleset, [Script(played)] * players, seed + g, sink)
                    seconds[k + 1] += time.process_time() - started
            figures = " | ".join(f"{s / games:.4f}" for s in seconds)
            print(f"| {name} | {players} | {figures} |", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per ruleset, player count and agent checked "
                        "at every decision (default: 40)")
    parser.add_argument("--whole", type=int, default=30, help="whole games per ruleset, player count and agent "
                        "compared event by event (default: 30)")
    parser.add_argument("--every", type=int, default=25, help="agent decisions checked at every N-th state")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                        help="a what-if ruleset value for both rulesets (repeat for more)")
    parser.add_argument("--floor", type=int, default=0, metavar="GAMES",
                        help="instead: the cost of the game without agents (see above)")
    args = parser.parse_args(argv)
    if args.floor:
        floor(args.floor, args.seed)
        return 0
    tally = Tally()
    for name in RULESETS:
        ruleset = GAME.load_ruleset(name)
        if args.set:
            ruleset = variant_ruleset(GAME, ruleset, variant_from_sets(args.set))
        run(tally, ruleset, args.games, args.whole, args.every, args.seed)
    counts = ", ".join(f"{kind} {count:,}" for kind, count in sorted(tally.compared.items()))
    print(f"compared: {counts}; total {tally.total():,}; mismatches: {len(tally.mismatches)}")
    for kind, where, detail in tally.mismatches[:5]:
        print(f"MISMATCH {kind} at {where}:\n  {detail[:2000]}")
    return 1 if tally.mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
