"""What the search agent (`ismcts`) needs from 4 Gods: the score of an unfinished world, and `ismcts-fast`.

4 Gods is real time: a command is a plan that takes effect a think time
later. A player's estimate is therefore what it would score once the plans
in progress have come due (in the order they fall due, each carried out if
the board still allows it, as the rules would), on the board as it then
stands: its cities and the landscapes it leads (`scoring`, as at the end),
plus what is still open. The god bonuses go by a landscape's place in mass
and in groups, which swings by a whole step (10 -> 6 points) on one tile;
mid-game the estimate counts the bonus of the place it may expect, the gaps
to the other landscapes through a logistic whose spread shrinks as the world
fills; once the game has ended, the rules' bonuses. Each unused prophet is worth PROPHET_VALUE times
the share of the world still empty. Why: with the board-as-it-stands score,
trusting the estimate more made the search weaker (at scale 3, 36% against
greedy, n = 100); with the expected places 47.5% on the same seeds, and at
the chosen scale 57.5% (issue-10 notes).
The search only evaluates determinised worlds, where the others' plans are
the plausible ones `resample_hidden` drew, never their real ones.

Think times: a search player's come from its timing profile like any
agent's (`timing.<agent name>`, else `timing.default`); the time the search
itself computes is not game time. `ismcts-fast` is the same search under
another name, so that the ruleset gives it the faster `timing.ismcts-fast`
profile (the speed question under search play). `ismcts-skim` is a cheaper
candidate for issue 25's strong agent: the default search where greedy's top
choices are close, greedy's choice where one leads by `SKIM_MARGIN`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.agents import make_agent
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.game import SearchProfile
from engine.core.ismcts import IsmctsAgent
from engine.gods.board import CELLS, all_regions
from engine.gods.commands import Wait
from engine.gods.decide import carry_out
from engine.gods.evolve import evolve
from engine.gods.kernel.hook import compiled_search
from engine.gods.scoring import (
    city_points,
    landscape_bonus,
    landscape_groups,
    landscape_mass,
    largest_region_mass,
    region_points,
)
from engine.gods.state import NOBODY, GodsState

PROPHET_VALUE = 1.5
"""Points an unused prophet may still earn, on an empty world (scaled by the share of spaces still empty): greedy's
PROPHET_COST, so the search does not spend prophets on two-tile regions for an immediate point."""
MASS_SPREAD = 1.0
GROUP_SPREAD = 0.1
"""How far a landscape's mass (in edges) and group count may still move per empty space: the softness of its place."""


def evaluate(state: GodsState, searcher: int | None = None) -> list[float]:
    """Each player's expected score once the plans in progress have come due (see the module docstring); the same
    for any searcher (the plans in progress are the determinisation's)."""
    projected = plans_carried_out(state)
    config = projected.config
    regions = all_regions(projected.edges_at, projected.groups_at)
    mass = landscape_mass(projected) if config.mass_of == "total" else largest_region_mass(projected, regions)
    groups = landscape_groups(regions, config.groups_min_tiles)
    return estimate_from(projected, region_points(projected, regions), mass, groups)


SoftBonus = Callable[[list[int], tuple[int, ...], float], Sequence[float]]


def estimate_from(projected: GodsState, region: list[int], mass: list[int], groups: list[int],
                  soft_bonus: SoftBonus | None = None) -> list[float]:
    """`evaluate` once the regions are tallied: cities, regions, each prophet's worth and the god bonuses of the
    projected world (`soft_bonus`: `_soft_bonus` or an equal, remembered one)."""
    soft_bonus = soft_bonus or _soft_bonus
    empty = CELLS - projected.filled
    prophet = PROPHET_VALUE * empty / CELLS
    config = projected.config
    cities = city_points(projected)
    if projected.end_reason:  # places can no longer move: the rules' bonuses, and a prophet is worth nothing
        prophet = 0.0
        mass_bonus: Sequence[float] = [float(b) for b in landscape_bonus(mass, config.mass_bonus)]
        group_bonus: Sequence[float] = [float(b) for b in landscape_bonus(groups, config.groups_bonus)]
    else:
        mass_bonus = soft_bonus(mass, config.mass_bonus, 1.0 + MASS_SPREAD * empty)
        group_bonus = soft_bonus(groups, config.groups_bonus, 0.3 + GROUP_SPREAD * empty)
    values = [cities[p] + region[p] + prophet * projected.prophets_left[p] for p in range(projected.num_players)]
    for landscape, owner in enumerate(projected.god_of):
        if owner != NOBODY:
            values[owner] += mass_bonus[landscape] + group_bonus[landscape]
    return values


def _soft_bonus(amounts: list[int], bonuses: tuple[int, ...], spread: float) -> list[float]:
    """The bonus each landscape may expect: its place interpolated by a logistic of the gaps (final within `spread`)."""
    out = []
    for i, amount in enumerate(amounts):
        ahead = sum(1.0 / (1.0 + math.exp(max(-30.0, min(30.0, (amount - other) / spread))))
                    for j, other in enumerate(amounts) if j != i)
        place = int(ahead)
        frac = ahead - place
        low = bonuses[place] if place < len(bonuses) else 0
        high = bonuses[place + 1] if place + 1 < len(bonuses) else 0
        out.append((1 - frac) * low + frac * high)
    return out


def plans_carried_out(state: GodsState, in_place: bool = False) -> GodsState:
    """A copy in which every plan in progress comes due in time order (a plan the board no longer allows fails);
    `in_place`: the state itself (a caller's own throwaway copy, spared a second one)."""
    pending = sorted((state.ready[p], state.tie_rank[p], p) for p, plan in enumerate(state.plan)
                     if plan is not None and not isinstance(plan, Wait))
    if not pending:
        return state
    projected = state if in_place else state.copy()
    chance = Chance(0)  # a draw in progress takes tiles from the determinised bag, the same ones at every call
    for _, _, player in pending:
        try:
            events = carry_out(projected, projected.plan[player], chance)
        except IllegalCommand:
            continue
        for event in events:
            projected = evolve(projected, event)
    return projected


def _compiled(agent: IsmctsAgent) -> Any | None:
    """The compiled search (engine/gods/kernel) for a search agent: the same decisions, cheaper."""
    return compiled_search(agent, evaluate)


PROFILE = SearchProfile(evaluate=evaluate, scale=10.0, horizon=0, iterations=25, prior=1.0, widening=1.0,
                        compiled=_compiled)
"""Scale: a 10-point lead (two cities) is a reward of 0.73. Budget: 25 iterations, the cheapest measured to beat
greedy beyond noise (63.5%, 56.6-69.9%, 200 games at 2 players); 100 beat 25 head to head (59.6%) but was not
told apart from it against greedy, at four times the cost (README, search agents)."""


def _fast_search() -> IsmctsAgent:
    """The bare `ismcts` agent (the profile's budget, random rollouts, its tactical agent) named `ismcts-fast`."""
    return IsmctsAgent("ismcts-fast", PROFILE.iterations, make_agent("random"), make_agent(PROFILE.tactical), PROFILE)


SKIM_MARGIN = 1.0
"""`ismcts-skim` plays greedy's best unsearched when it leads the second by a point or more: 29% of the reference
search's decisions, where the reference itself chose it 93% of the time (1,256 decisions of 8 self-play games at
2 players; docs/benchmarks.md, issue 25)."""


def _skim_search() -> IsmctsAgent:
    """The default search, searching only where greedy's top choices are close and stopping once decided."""
    return IsmctsAgent("ismcts-skim", PROFILE.iterations, make_agent("random"), make_agent(PROFILE.tactical),
                       PROFILE, stop_early=True, decisive_margin=SKIM_MARGIN)


SEARCH_AGENTS: dict[str, Callable[[], Any]] = {"ismcts-fast": _fast_search, "ismcts-skim": _skim_search}
