"""Simulated real time: think times, who plans next and which plan comes due.

Every player is either planning (no plan: it looks at the board and commits
to an action) or thinking about the action it committed to, which comes due
at `ready[p]`. What happens next is the earliest `ready`: a plan coming due,
or a player planning. A think time is a chance outcome drawn in `decide` and
logged on `action_planned`: lognormal with the mean of the action type
(`think.<action>` in the ruleset) times the player's pace, in whole steps of
`think.resolution_ms`. Two moments in the same step go in the game's tie
order: a random order of the seats drawn at setup and logged once per
player (`tie_rank` on `tiles_dealt`), so no event needs a tie-break key.

A player's pace profile comes from its agent's name (`timing.<agent name>`
in the ruleset, else `timing.default`), fixed when the game starts.
"""

from __future__ import annotations

import math
import random

from engine.gods.rules import Rules, Timing
from engine.gods.state import GodsState

DEFAULT_PROFILE = "default"


def profile_of(config: Rules, agent: str) -> str:
    """The timing profile of an agent name: its own if the ruleset has one, else the default."""
    return agent if agent in config.timing else DEFAULT_PROFILE


def profile_timing(config: Rules, profile: str) -> Timing:
    """The timing of a profile name, or the default profile's."""
    return config.timing.get(profile) or config.timing[DEFAULT_PROFILE]


def mean_think_ms(config: Rules, profile: str, action: str) -> float:
    """The mean think time of an action type at a profile's pace."""
    return config.think_ms[action] * profile_timing(config, profile).pace


def sample_think(state: GodsState, player: int, action: str, rng: random.Random) -> int:
    """A think time for `action` at the player's pace, in whole steps of `think.resolution_ms` (at least one)."""
    config = state.config
    timing = profile_timing(config, state.profile[player])
    mean = config.think_ms[action]
    # lognormal: exp of a normal draw (gauss: the quicker of the two normal samplers)
    think = math.exp(timing.mu(mean) + timing.sigma * rng.gauss()) if timing.sigma > 0 else mean * timing.pace
    step = config.think_resolution_ms
    return max(1, round(think / step)) * step


def next_player(state: GodsState) -> int:
    """The player whose plan comes due (or who plans) first: earliest `ready`, then tie order (cached)."""
    key = ("next", state.version)
    player = state.cache.get(key)
    if player is None:
        player = state.cache[key] = first(state.ready, state.tie_rank)
    return player  # type: ignore[no-any-return]


def first(ready: list[int], tie_rank: list[int]) -> int:
    """The seat with the earliest ready time, the lower tie rank among equal times."""
    return min(range(len(ready)), key=lambda p: (ready[p], tie_rank[p]))


def now(state: GodsState) -> int:
    """The moment of the next decision: the next player's ready time, never before the clock."""
    return max(state.ready[next_player(state)], state.clock_ms)
