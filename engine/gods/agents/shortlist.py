"""`shortlist`: 4 Gods' `strong` at 2 players (issue 25): greedy's close choices, each judged on re-dealt worlds.

The reference search mostly agrees with greedy: of 9,350 of its decisions at
2 players, its choice was in greedy's best-value tie set 90.3% of the time and
within a point of greedy's best 98.3%. Where it differs, it is choosing among
greedy's close choices (where a tile goes, which region a prophet joins, which
god to claim). So this agent:

1. plays greedy's best unsearched when no other legal command comes within
   `MARGIN` points of it, or when it is a kind the search hardly ever plays
   against greedy (draws, discards, cities, waiting: UNSEARCHED) and leads
   outright; where every close command is of those kinds, greedy's choice
   among its best (ties at random, as greedy);
2. otherwise takes the shortlist (the commands within `MARGIN` of the best, at
   most `MOST`, greedy's order) and scores each on the same `WORLDS`
   determinisations (`InfoSet.sample`: it never reads the hidden facts) with
   the same draws (common random numbers): the command is planned, every plan
   in progress comes due, and the search's estimate gives the margin over the
   best opponent, as a logistic in the search's scale (`quick_estimate`: the
   reference's `evaluate`, exactly, computed faster);
3. plays the command with the best total, ties to greedy's value, then to the
   shortlist's order.

It learns nothing and takes every value from the ruleset in hand (greedy's
values and the estimate read it), so a what-if needs nothing more. At 3 and 4
players it was weaker than the reference search, so there `strong` is
`ismcts:100` on the compiled kernel (`GodsStrong`, STRONG_SEARCH). Measured strength and cost, and the levers
tried: docs/benchmarks.md, "4 Gods: `shortlist` at 2 players".
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from engine.core.chance import Chance
from engine.core.game import Game, InfoSet
from engine.gods.agents.greedy import greedy_value
from engine.gods.agents.quick_estimate import DecisionBoard, quick_evaluate
from engine.gods.agents.search import PROFILE
from engine.gods.commands import ClaimCity, Discard, Draw, PlaceCity, Wait

NAME = "shortlist"
WORLDS = 4
"""Determinisations per searched decision: with 2, 48.9% of 400 two-player games against the reference search; with
4, 52-53% (docs/benchmarks.md, issue 25)."""
MARGIN = 1.0
"""How far below greedy's best a command may be and still be looked at (98.3% of the reference's choices)."""
MOST = 3
"""At most this many commands looked at per decision (greedy's best first): 3 cost ~0.85 of 4 at 2 players."""
UNSEARCHED = (Draw, Discard, ClaimCity, PlaceCity, Wait)
"""Kinds the search never played below greedy's best where they alone were close (0 of 145 such shortlists,
4 worlds, 14 self-play games): played as greedy says (the choice among tied cities or discards included)."""


class ShortlistAgent:
    """Greedy's close choices, each planned on the same re-dealt worlds and scored by the search's estimate."""

    searches = True
    reads_view = True  # (it is given an information set, not a view)

    def __init__(self, name: str = NAME, worlds: int = WORLDS) -> None:
        self.name = name
        self.worlds = worlds
        self.decisions_searched = 0  # over the agent's life, for `balance bench`
        self.iterations_run = 0  # worlds times commands scored
        self.search_seconds = 0.0  # CPU time spent looking (process time)

    @property
    def iterations(self) -> int:
        """The budget: determinisations drawn per decision, at most."""
        return self.worlds

    @property
    def plays(self) -> str:
        """What this agent is whatever its name (4 Gods' `strong`)."""
        return f"{NAME}:{self.worlds}"

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Without an information set (a caller that only has the view) the agent cannot look."""
        raise TypeError("shortlist needs the driver's InfoSet: call search(), as engine.core.play_game does")

    def search(self, game: Game, info: InfoSet, legal: Sequence[Any], rng: random.Random) -> Any:
        """The command to play: greedy's own where it clearly leads, else the shortlist's best on re-dealt worlds."""
        if len(legal) == 1:
            return legal[0]
        view = info.view()
        values = [greedy_value(view, command) for command in legal]
        shortlist, unsearched = _screened(legal, values, rng)
        if unsearched is not None:
            return unsearched
        started = time.process_time()
        totals = [0.0] * len(shortlist)
        board = DecisionBoard(view.edges_at, view.groups_at)  # every world's, since nothing hidden lies on it
        for _ in range(self.worlds):
            seed = rng.getrandbits(64)
            world = info.sample(Chance(seed))
            last = len(shortlist) - 1
            for k, i in enumerate(shortlist):  # the last command may spend the world itself
                leaf = world if k == last else world.copy()
                totals[k] += _reward(game, leaf, legal[i], info.player, board, Chance(seed))
        self.search_seconds += time.process_time() - started
        self.decisions_searched += 1
        self.iterations_run += self.worlds * len(shortlist)
        top = max(range(len(shortlist)), key=lambda k: (totals[k], values[shortlist[k]], -k))
        return legal[shortlist[top]]


def _screened(legal: Sequence[Any], values: list[float], rng: random.Random) -> tuple[list[int], Any | None]:
    """The shortlist (legal indices, greedy's best first), or greedy's own command where there is nothing to look at
    (see the module docstring, point 1)."""
    order = sorted(range(len(legal)), key=lambda i: -values[i])
    best = values[order[0]]
    shortlist = [i for i in order[:MOST] if values[i] >= best - MARGIN]
    if len(shortlist) == 1 or (values[order[1]] < best and isinstance(legal[order[0]], UNSEARCHED)):
        return shortlist, legal[order[0]]
    if all(isinstance(legal[i], UNSEARCHED) for i in shortlist):
        ties = [i for i in shortlist if values[i] == best]
        return shortlist, legal[ties[int(rng.random() * len(ties))]]
    return shortlist, None


def _reward(game: Game, state: Any, command: Any, me: int, board: DecisionBoard, chance: Chance) -> float:
    """The searcher's reward once `command` is planned and every plan in progress has come due (the estimate)."""
    for event in game.decide(state, command, chance):
        state = game.evolve(state, event)
    scores = game.scores(state) if game.to_move(state) is None else quick_evaluate(state, me, board, in_place=True)
    margin = (scores[me] - max(s for p, s in enumerate(scores) if p != me)) / PROFILE.scale
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, margin))))


SHORTLIST_PLAYERS = (2,)
"""Player counts at which 4 Gods' `strong` is the shortlist. At 2 players it won 52.5% of 400 games against the
reference search (57.2% with a city paying double, 51.8% with the mass bonus doubled) at 0.07 of its CPU; at 4
players, one among three reference searches, 15.0% of 200 (a fair share is 25%; with every close command searched,
up to 4, 23.0% of 400), so at 3 and 4 players `strong` is STRONG_SEARCH (docs/benchmarks.md, issue 25)."""
STRONG_SEARCH = "ismcts:100"
"""4 Gods' `strong` at 3 and 4 players: the default search with four times its budget, on the compiled kernel
(engine/gods/kernel: the Python search's decisions exactly, at a fraction of its price; docs/benchmarks.md, "4 Gods:
the compiled search")."""


class GodsStrong:
    """4 Gods' `strong`: the shortlist where it was measured at least as strong as the reference search (2 players),
    STRONG_SEARCH elsewhere."""

    searches = True
    reads_view = True

    def __init__(self, name: str, search: Any) -> None:
        self.name = name
        self.shortlist = ShortlistAgent(name)
        self.search_agent = search  # STRONG_SEARCH, under this name (so it keeps its timing profile)

    @property
    def plays(self) -> str:
        """What `strong` is: `shortlist:4@2p+ismcts:100` (the run record's `strong_plays`)."""
        counts = ",".join(map(str, SHORTLIST_PLAYERS))
        return f"{self.shortlist.plays}@{counts}p+{self.search_agent.plays}"

    @property
    def iterations(self) -> int:
        """The budget: determinisations per decision, at most (the search's, the larger)."""
        return max(self.shortlist.iterations, self.search_agent.iterations)

    @property
    def decisions_searched(self) -> int:
        return int(self.shortlist.decisions_searched + self.search_agent.decisions_searched)

    @property
    def iterations_run(self) -> int:
        return int(self.shortlist.iterations_run + self.search_agent.iterations_run)

    @property
    def search_seconds(self) -> float:
        return float(self.shortlist.search_seconds + self.search_agent.search_seconds)

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        raise TypeError("strong needs the driver's InfoSet: call search(), as engine.core.play_game does")

    def search(self, game: Game, info: InfoSet, legal: Sequence[Any], rng: random.Random) -> Any:
        """The shortlist's choice at SHORTLIST_PLAYERS player counts, else STRONG_SEARCH's."""
        agent = self.shortlist if len(info.view().hand_counts) in SHORTLIST_PLAYERS else self.search_agent
        return agent.search(game, info, legal, rng)
