"""`lookahead`: one ply on the turn's outcome, a cheap agent measured against the reference search (issue 25).

At a decision the game's search profile calls strategic, the agent draws one
determinisation of its information set (`InfoSet.sample`, so it never reads
the true hidden facts) and, for each legal command on that same world
(common random numbers: every command meets the same draws):

1. applies the command;
2. plays the rest of its own turn (its consecutive decisions) with the greedy
   agent;
3. scores the result with the game's search estimate (`SearchProfile.evaluate`,
   told who searches), or the final scores if the game ended: the margin of
   its own score over the best opponent's.

It plays the command with the largest margin; ties (58% of Four Gardens
decisions, 24% of Caprices ones, where several commands lead to the same
estimate) go to greedy's own value of the command, then to legal order.

`lookahead:SHARE` (0 < SHARE < 1) looks only at that share of the legal
commands, greedy's best first (rounded up, at least two): the rest are
never played out. Four Gardens' `strong` is `lookahead:0.5`, which kept the
reference search's strength at 0.065-0.078 of its price (issue 25).
Other decisions go to the profile's tactical agent, as in the search.
Unlike greedy, it judges a command by what the whole turn makes of it and by
the lead it gives, not by its own points alone; unlike the search it never
looks past its own turn. Its cost per decision is one determinisation and one
greedy turn per command looked at (`iterations_run` counts them), against the
reference search's fixed budget of iterations. Measured strength and cost
per game: docs/benchmarks.md, "Strong play at a tenth of the price".
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.chance import Chance
from engine.core.errors import UnknownName
from engine.core.game import Game, InfoSet, SearchProfile

NAME = "lookahead"
Kernel = Callable[[InfoSet, Sequence[Any], int, "float | None"], "tuple[int, int] | None"]
"""A game's compiled search of one strategic decision (`game.lookahead_kernel()`): (info, legal, world seed,
share) -> (the index of the command the Python search would play from that world seed, commands played out);
None when it cannot decide this one (the agent then searches in Python, from the same seed)."""
TIE = 1e-9
"""Margins this close are a tie (float sums in another order), broken by greedy's own value of the command."""


class LookaheadAgent:
    """The legal command whose own turn, finished by greedy, leaves the largest lead on the search's estimate."""

    searches = True
    reads_view = True  # (it is given an information set, not a view)

    def __init__(self, profile: SearchProfile, finish: Any, tactical: Any, name: str = NAME,
                 screen: float | None = None, kernel: Kernel | None = None) -> None:
        self.name = name
        self.kernel = kernel  # the game's compiled search of a decision (the same command, cheaper), or None
        self.profile = profile
        self.screen = screen  # the share of the legal commands looked at, greedy's best first (None: all)
        self.finish = finish  # plays the rest of the turn after each candidate command
        self.tactical = tactical
        self.decisions_searched = 0  # over the agent's life, for `balance bench`
        self.iterations_run = 0  # determinisations drawn (one per candidate command)
        self.search_seconds = 0.0  # CPU time spent looking (process time)

    @property
    def plays(self) -> str:
        """What this agent is whatever its name (Four Gardens' `strong`): `lookahead` or `lookahead:SHARE`."""
        return NAME if self.screen is None else f"{NAME}:{self.screen:g}"

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Without an information set (a caller that only has the view) the agent cannot look ahead."""
        raise TypeError("lookahead needs the driver's InfoSet: call search(), as engine.core.play_game does")

    def search(self, game: Game, info: InfoSet, legal: Sequence[Any], rng: random.Random) -> Any:
        """The command to play (a single legal command is played without a look)."""
        if len(legal) == 1:
            return legal[0]
        view = info.view()
        strategic = self.profile.strategic
        if strategic is not None and not strategic(view):
            return self.tactical.choose(game, view, legal, rng)
        started = time.process_time()
        world_seed = rng.getrandbits(64)  # one world and one stream of draws, shared by every candidate
        found = self.kernel(info, legal, world_seed, self.screen) if self.kernel is not None else None
        if found is not None:
            index, played = found
            self.search_seconds += time.process_time() - started
            self.decisions_searched += 1
            self.iterations_run += played
            return legal[index]
        values: dict[int, float] = {}  # greedy's value of a command, by legal index (only as far as needed)
        looked = self._looked_at(game, view, legal, values)
        margins = [self._margin(game, info, legal[i], world_seed) for i in looked]
        self.search_seconds += time.process_time() - started
        self.decisions_searched += 1
        self.iterations_run += len(looked)
        best = max(margins)
        tied = [i for i, margin in zip(looked, margins) if margin >= best - TIE]
        if len(tied) == 1:
            return legal[tied[0]]
        for i in tied:
            if i not in values:
                values[i] = game.greedy_value(view, legal[i])
        return legal[max(tied, key=lambda i: (values[i], -i))]

    def _looked_at(self, game: Game, view: Any, legal: Sequence[Any], values: dict[int, float]) -> list[int]:
        """The legal indices to play out: all, or the screen's share by greedy's value (ties: legal order)."""
        if self.screen is None:
            return list(range(len(legal)))
        values.update((i, game.greedy_value(view, command)) for i, command in enumerate(legal))
        keep = max(2, math.ceil(self.screen * len(legal)))
        return sorted(sorted(values, key=lambda i: -values[i])[:keep])

    def _margin(self, game: Game, info: InfoSet, command: Any, world_seed: int) -> float:
        """The searcher's estimated lead once `command` and the rest of its turn are played on the shared world."""
        chance = Chance(world_seed)
        state = _apply(game, info.sample(chance), command, chance)
        me = info.player
        while (player := game.to_move(state)) == me:
            legal = game.legal_commands(state, me)
            chosen = self.finish.choose(game, game.view(state, me), legal, chance) if len(legal) > 1 else legal[0]
            state = _apply(game, state, chosen, chance)
        scores = game.scores(state) if player is None else self.profile.evaluate(state, me)
        return scores[me] - max(score for other, score in enumerate(scores) if other != me)


def _apply(game: Game, state: Any, command: Any, chance: Chance) -> Any:
    for event in game.decide(state, command, chance):
        state = game.evolve(state, event)
    return state


def make_lookahead(name: str, game: Game | None, make_plain: Any) -> LookaheadAgent:
    """`lookahead[:SHARE]` for `game`, which must declare a search profile (its estimate is what the agent scores)."""
    profile = game.search if game is not None else None
    if game is None or profile is None:
        where = f"game {game.id!r}" if game is not None else "a game-less agent"
        raise UnknownName(f"agent {name!r}: lookahead needs a game with a search profile, not {where}")
    factory = getattr(game, "lookahead_kernel", None)  # a game with a compiled lookahead offers it
    kernel = factory() if factory is not None else None
    return lookahead_agent(profile, functools.partial(make_plain, game=game), name, parse_screen(name), kernel)


def parse_screen(name: str) -> float | None:
    """The share in `lookahead:SHARE` (None for plain `lookahead`); a share outside (0, 1) is refused by name."""
    _, colon, share = name.partition(":")
    if not colon:
        return None
    try:
        screen = float(share)
    except ValueError:
        screen = math.nan
    if not 0 < screen < 1:
        raise UnknownName(f"agent {name!r}: SHARE in lookahead:SHARE is the share of the legal commands looked "
                          f"at, a number between 0 and 1 (e.g. lookahead:0.5), not {share!r}")
    return screen


def lookahead_agent(profile: SearchProfile, make_plain: Any, name: str, screen: float | None = None,
                    kernel: Kernel | None = None) -> LookaheadAgent:
    """The agent for `profile` under `name` (also for a game's own table of agents: Four Gardens' `strong`);
    `make_plain(name)` builds its greedy and tactical agents; `screen` and `kernel` as in `LookaheadAgent`."""
    return LookaheadAgent(profile, make_plain("greedy"), make_plain(profile.tactical), name, screen, kernel)
