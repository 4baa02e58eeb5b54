"""Simulated real time: think times, who plans next and which plan comes due.

Every player is either planning (no plan: it looks at the board and commits
to an action) or thinking about the action it committed to, which comes due
at `ready[p]`. The next player to plan is the one with the earliest
`ready` (seat order breaks the only exact ties there are: everybody starts
planning at 0). A think time is a chance outcome drawn in `decide` and
logged on `action_planned`: lognormal with the mean of the action type
(`think.<action>` in the ruleset) times the player's pace. Draws that would
make two plans fall due in the same millisecond are drawn again, so two
actions never happen at once and no tie-break key has to be logged.

A player's pace profile comes from its agent's name (`timing.<agent name>`
in the ruleset, else `timing.default`), fixed when the game starts.
"""

from __future__ import annotations

import math
import random

from engine.gods.config import GodsConfig, Timing
from engine.gods.state import GodsState

MIN_THINK_MS = 1
DEFAULT_PROFILE = "default"


def profile_of(config: GodsConfig, agent: str) -> str:
    """The timing profile of an agent name: its own if the ruleset has one, else the default."""
    return agent if agent in config.timing else DEFAULT_PROFILE


def profile_timing(config: GodsConfig, profile: str) -> Timing:
    """The timing of a profile name, or the default profile's."""
    return config.timing.get(profile) or config.timing[DEFAULT_PROFILE]


def mean_think_ms(config: GodsConfig, profile: str, action: str) -> float:
    """The mean think time of an action type at a profile's pace."""
    return config.think_ms[action] * profile_timing(config, profile).pace


def sample_think(state: GodsState, player: int, action: str, rng: random.Random, start: int | None = None) -> int:
    """A think time for `action` starting at `start` (default: now) that makes no two plans fall due together."""
    config = state.config
    timing = profile_timing(config, state.profile[player])
    begin = now(state) if start is None else start
    taken = state.ready[:player] + state.ready[player + 1:]
    mu = timing.mu(config.think_ms[action])
    while True:
        if timing.sigma > 0:  # lognormal: exp of a normal draw (gauss: the quicker of the two normal samplers)
            think = max(MIN_THINK_MS, round(math.exp(mu + timing.sigma * rng.gauss())))
        else:
            think = max(MIN_THINK_MS, round(config.think_ms[action] * timing.pace))
        if begin + think not in taken:
            return think
        if timing.sigma == 0:  # a fixed think time cannot be drawn again: take the next free millisecond
            while begin + think in taken:
                think += 1
            return think


def next_player(state: GodsState) -> int:
    """The player whose plan comes due (or who plans) first: earliest `ready`, then seat (cached per version)."""
    key = ("next", state.version)
    player = state.cache.get(key)
    if player is None:
        ready = state.ready
        player = state.cache[key] = ready.index(min(ready))  # the lowest seat among equal times
    return player  # type: ignore[no-any-return]


def now(state: GodsState) -> int:
    """The moment of the next decision: the next player's ready time, never before the clock."""
    return max(state.ready[next_player(state)], state.clock_ms)
