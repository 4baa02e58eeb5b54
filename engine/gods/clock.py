"""Simulated real time: think-time sampling and who acts next.

Each player has a next-ready time. The next actor is the player whose
pending decision completes earliest; a player who had nothing to do acts at
the current clock as soon as something becomes possible. Exact ties go to
the lower `lot`, a random key drawn with every think time (a seeded lot).
Think times are chance outcomes: drawn in `setup` (the first, logged on
`tiles_dealt`) and in `decide` (the next), written into events.

A player's timing profile comes from its agent's name (`timing.<agent name>`
in the ruleset, else `timing.default`), fixed when the game starts.
"""

from __future__ import annotations

import random

from engine.gods.config import GodsConfig, Timing
from engine.gods.state import GodsState

LOT_BITS = 30
MIN_THINK_MS = 1


DEFAULT_PROFILE = "default"


def profile_of(config: GodsConfig, agent: str) -> str:
    """The timing profile of an agent name: its own if the ruleset has one, else the default."""
    return agent if agent in config.timing else DEFAULT_PROFILE


def profile_timing(config: GodsConfig, profile: str) -> Timing:
    """The timing of a profile name, or the default profile's."""
    return config.timing.get(profile) or config.timing[DEFAULT_PROFILE]


def sample_think(config: GodsConfig, profile: str, rng: random.Random) -> tuple[int, int]:
    """(think_ms, lot) for a player's next decision."""
    timing = profile_timing(config, profile)
    think = rng.lognormvariate(timing.mu, timing.sigma) if timing.sigma > 0 else timing.mean_ms
    return max(MIN_THINK_MS, round(think)), rng.getrandbits(LOT_BITS)


def action_time(state: GodsState, player: int) -> int:
    """When the player's pending decision happens: its ready time, never before the clock."""
    return max(state.ready[player], state.clock_ms)


def acting_order(state: GodsState) -> list[int]:
    """Players by when their decision completes, exact ties by lot."""
    return sorted(range(state.num_players), key=lambda p: (action_time(state, p), state.lot[p]))
