"""How long 4 Gods games go without progress: the data behind the ruleset's `end.idle_ms`.

    python -m simulate.gods_idle --games 1000 --agents random,greedy,strong --players 2,3,4

Self-play games of each agent at each player count, on the standard ruleset with the idle end off
(`end.idle_ms = 0`, as before the key existed), so the gaps are not cut short by the limit they are measured
for. Progress is what `events.PROGRESS` counts (a tile drawn, placed or discarded, a city marker placed); a gap
is a stretch of game time with none, from the start, between two, or from the last to the end. Per agent and
player count it prints the percentiles of each game's longest gap, how many games had one over 60, 300 and 900
s and how many of those were a holdout (in that gap at most one seat had anything to do but wait: the stall the
limit is for), the longest gap in which two or more seats could act, and the seeds of the longest games. A game
that hits the driver's event guard (it never ends) is counted apart, its gaps left out.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.core import make_agent, play_game
from engine.core.errors import ReplayError
from engine.gods.commands import Wait
from engine.gods.events import PROGRESS
from engine.gods.game import GAME
from simulate.variants import variant_from_sets, variant_ruleset

PERCENTILES = (50, 90, 99, 99.9, 100)
OVER_S = (60, 300, 900)  # games whose longest gap is over these many seconds are counted
NO_LIMIT = ["end.idle_ms=0"]


@dataclass(frozen=True)
class Gap:
    """A stretch without progress: how long (ms), and how many seats had a command besides waiting in it."""

    ms: int = 0
    acting: int = 0

    @property
    def holdout(self) -> bool:
        return self.acting <= 1


class GapWatch:
    """The longest gap of one game, and the longest in which two or more seats could act (a sink and an observer)."""

    def __init__(self) -> None:
        self.last = self.clock = 0
        self.acting: set[int] = set()
        self.longest = self.shared = Gap()

    def observe(self, state: Any, player: int, legal: Any, command: Any) -> None:
        if any(not isinstance(c, Wait) for c in legal):
            self.acting.add(player)

    def append(self, game_id: int, seq: int, event: Any, round_: int, turn: int, clock_ms: int) -> None:
        self.clock = clock_ms
        if type(event) in PROGRESS:
            self._close(clock_ms)

    def _close(self, at: int) -> None:
        gap = Gap(at - self.last, len(self.acting))
        self.longest = max(self.longest, gap, key=lambda g: g.ms)
        if not gap.holdout:
            self.shared = max(self.shared, gap, key=lambda g: g.ms)
        self.last, self.acting = at, set()

    def finish(self) -> tuple[Gap, Gap]:
        """(the longest gap, the longest shared one), the stretch from the last progress to the end included."""
        self._close(self.clock)
        return self.longest, self.shared


def longest_gaps(agent: str, players: int, games: int, seed: int, sets: list[str]
                 ) -> tuple[dict[int, tuple[Gap, Gap]], int]:
    """Each finished game's longest and longest shared gap by its seed, and how many games never ended."""
    ruleset = variant_ruleset(GAME, GAME.load_ruleset(GAME.default_ruleset), variant_from_sets(sets))
    gaps, stalled = {}, 0
    for k in range(games):
        watch = GapWatch()
        agents = [make_agent(agent, GAME) for _ in range(players)]
        try:
            play_game(GAME, ruleset, agents, seed + k, watch, k, observer=watch.observe)
        except ReplayError:
            stalled += 1
            continue
        gaps[seed + k] = watch.finish()
    return gaps, stalled


def line(label: str, gaps: list[tuple[Gap, Gap]], stalled: int) -> str:
    longest = [g.ms for g, _ in gaps]
    seconds = np.percentile(np.array(longest) / 1000, PERCENTILES) if gaps else [float("nan")] * len(PERCENTILES)
    shown = "  ".join(f"p{p:g} {s:.1f}" for p, s in zip(PERCENTILES, seconds, strict=True))
    over = "  ".join(f">{s} s: {sum(g.ms > s * 1000 for g, _ in gaps)} "
                     f"({sum(g.ms > s * 1000 and g.holdout for g, _ in gaps)} holdouts)" for s in OVER_S)
    shared = max((s.ms for _, s in gaps), default=0) / 1000
    return (f"{label:<10} {len(gaps):5} games  longest gap s: {shown}  {over}  longest shared gap {shared:.1f} s  "
            f"never ended: {stalled}")


def longest_seeds(gaps: dict[int, tuple[Gap, Gap]], count: int = 3) -> str:
    """The seeds of the games with the longest gaps, to look at."""
    top = sorted(gaps, key=lambda seed: -gaps[seed][0].ms)[:count]
    return ", ".join(f"seed {seed}: {gaps[seed][0].ms / 1000:.1f} s" for seed in top)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulate.gods_idle", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per agent and player count")
    parser.add_argument("--agents", default="random,greedy,strong")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                        help="change a ruleset value (the idle end is off unless one sets end.idle_ms)")
    args = parser.parse_args(argv)
    started = time.process_time()
    every: list[tuple[Gap, Gap]] = []
    stalls = 0
    for agent in args.agents.split(","):
        for players in map(int, args.players.split(",")):
            gaps, stalled = longest_gaps(agent, players, args.games, args.seed, NO_LIMIT + args.set)
            print(line(f"{agent} {players}p", list(gaps.values()), stalled), f"(longest: {longest_seeds(gaps)})",
                  flush=True)
            every += gaps.values()
            stalls += stalled
    print(line("all", every, stalls))
    print(f"{time.process_time() - started:.0f} CPU s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
