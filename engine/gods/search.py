"""What the search agent (`ismcts`) needs from 4 Gods: the score of an unfinished world, and `ismcts-fast`.

4 Gods is real time: a command is a plan that takes effect a think time
later. A player's estimate is therefore what it would score once the plans
in progress have come due (in the order they fall due, each carried out if
the board still allows it, as the rules would), on the board as it then
stands (`scoring.score_all`: cities, landscapes it leads, the god bonuses).
The search only evaluates determinised worlds, where the others' plans are
the plausible ones `resample_hidden` drew, never their real ones.

Think times: a search player's come from its timing profile like any
agent's (`timing.<agent name>`, else `timing.default`); the time the search
itself computes is not game time. `ismcts-fast` is the same search under
another name, so that the ruleset gives it the faster `timing.ismcts-fast`
profile (the speed question under search play).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.ismcts import SearchProfile
from engine.gods.actions import carry_out
from engine.gods.commands import Wait
from engine.gods.evolve import evolve
from engine.gods.scoring import score_all
from engine.gods.state import GodsState


def evaluate(state: GodsState) -> list[float]:
    """Each player's score once the plans in progress have come due."""
    return [float(s.total) for s in score_all(plans_carried_out(state))]


def plans_carried_out(state: GodsState) -> GodsState:
    """A copy in which every plan in progress comes due in time order (a plan the board no longer allows fails)."""
    pending = sorted((state.ready[p], state.tie_rank[p], p) for p, plan in enumerate(state.plan)
                     if plan is not None and not isinstance(plan, Wait))
    if not pending:
        return state
    projected = state.copy()
    chance = Chance(0)  # a draw in progress takes tiles from the determinised bag, the same ones at every call
    for _, _, player in pending:
        try:
            events = carry_out(projected, projected.plan[player], chance)
        except IllegalCommand:
            continue
        for event in events:
            projected = evolve(projected, event)
    return projected


PROFILE = SearchProfile(evaluate=evaluate, scale=10.0, horizon=0, iterations=100, prior=1.0)
"""Scale: a 10-point lead (two cities) is a reward of 0.73. Budget and prior: see README (bench) and the notes."""


def _fast_search() -> Any:
    from engine.core.agents import make_agent  # the registry of agents imports this module's game
    from engine.gods.game import GAME

    agent = make_agent("ismcts", GAME)
    agent.name = "ismcts-fast"
    return agent


SEARCH_AGENTS: dict[str, Callable[[], Any]] = {"ismcts-fast": _fast_search}
