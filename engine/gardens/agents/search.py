"""What the search agent (`ismcts`) needs from Four Gardens: a cheap estimate of an unfinished game.

A player's estimate is its score so far (god track points, Extra Rewards,
favor) plus the expected worth of the work in progress: each active
groundwork is worth the track advances its completion would bring (one,
plus one per card already completed in its panorama: the seed's "rewards of
the previous cards"), in proportion to the resources already on it, and a
resource in storage that a groundwork still needs is worth a little. The
weights are the agent's heuristic, not rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.agents import make_agent
from engine.core.game import SearchProfile
from engine.core.lookahead import lookahead_agent
from engine.gardens.agents.kernel import greedy, lookahead_kernel
from engine.gardens.scoring import score
from engine.gardens.state import GardensView, Player, State

PROGRESS = 0.8
"""A filled groundwork is worth 0.8 of its completion (a discount for work not yet done)."""
LAID = 0.3
"""An empty laid groundwork is worth 0.3 of that; the rest grows with the resources on it."""
STORED = 0.15
"""Points per stored resource that some groundwork still needs."""


def evaluate(state: State, searcher: int | None = None) -> list[float]:
    """Each player's score so far plus the discounted worth of groundworks in progress (public: any searcher).

    Once the game has ended, work in progress is worth nothing: the estimate is the score.
    """
    if not state.todo:
        return [float(score(state, i)) for i in range(len(state.players))]
    return [score(state, i) + _in_progress(state, p) for i, p in enumerate(state.players)]


def _in_progress(state: State, p: Player) -> float:
    cards = state.config.cards
    step = _points_per_advance(state)
    worth = 0.0
    missing = [0] * len(p.storage)
    for card_id, placed in p.groundworks.items():
        card = cards[card_id]
        need = sum(card.cost)
        have = sum(min(a, b) for a, b in zip(placed, card.cost))
        earlier = sum(len(done) for pid, _size, done in p.panoramas if pid == card.panorama)
        worth += PROGRESS * (1 + earlier) * step * (LAID + (1 - LAID) * have / need)
        for r, (want, got) in enumerate(zip(card.cost, placed)):
            missing[r] += max(0, want - got)
    worth += STORED * sum(min(have, want) for have, want in zip(p.storage, missing))
    return worth


def _points_per_advance(state: State) -> float:
    """The mean gain of one track space over the track (1 point with the base game's linear track)."""
    points = state.config.points
    return (points[-1] - points[0]) / max(1, len(points) - 1)


STRATEGIC = frozenset({"main", "bonus"})
"""The decisions searched: which action (and card) to play, which bonus tile to take. The rest (where each
resource goes, which god a wild card feeds, which card to draw) are answered by the greedy agent."""


def strategic(view: GardensView) -> bool:
    """Whether the pending decision is one the search branches on."""
    return view.frame[0] in STRATEGIC


PROFILE = SearchProfile(evaluate=evaluate, scale=0.5, horizon=0, iterations=100, strategic=strategic, prior=1.0)
"""Scale: half a point of lead is a reward of 0.73 (sharp: the estimates of sibling actions differ by little).
Prior: the greedy ranking biases a node's first visits (without it ismcts:25 lost to greedy, 46.5%; with it
ismcts:25 won 71% and ismcts:100 75% of 100 two-player games, seats rotated; notes of issue 10)."""
"""Scale: a 3-point lead is a reward of 0.73. Horizon and budget: see README (bench)."""


SCREEN = 0.5
"""Four Gardens' `strong` is `lookahead:0.5`: it plays out only the best half of the commands by greedy's value."""


def _strong() -> Any:
    """Four Gardens' default strong agent: `lookahead:0.5` under the name `strong` (issue 25).

    Against the reference search (`ismcts-ref`, 100 iterations) it won 52.9% of 400 two-player games under the
    base rules and 58.1% under The God's Caprice, at 0.065-0.078 of its CPU per self-play game (docs/benchmarks.md,
    "Strong play at a tenth of the price"); playing out every command (`lookahead`) cost 0.115-0.144."""
    return lookahead_agent(PROFILE, _plain, "strong", screen=SCREEN, kernel=lookahead_kernel())


def _plain(name: str) -> Any:
    """strong's greedy (its turn finisher and tactical agent): the game's own, on the kernel when it is built."""
    return greedy() if name == "greedy" else make_agent(name)


def _strong_python() -> Any:
    """`strong` deciding in Python whether the kernel is built or not (to measure the kernel against)."""
    return lookahead_agent(PROFILE, make_agent, "strong-python", screen=SCREEN)


SEARCH_AGENTS: dict[str, Callable[[], Any]] = {"strong": _strong, "strong-python": _strong_python}
