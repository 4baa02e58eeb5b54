"""Explicit chance: the rules' chance draws become OpenSpiel chance nodes.

The rules take every chance outcome through `Chance.draw` inside `decide`
(engine/core/chance.py), and 4 Gods draws each think time with `gauss`. The
adapter runs `decide` with a `ProbeChance` holding the outcomes chosen so far:
the first draw beyond them raises `NeedChance`, which describes the chance
node (its outcomes and their probabilities). When OpenSpiel picks an outcome,
`decide` runs again from the same state (it never changes the state) with one
more outcome, until it returns its events. So a command's events are exactly
the rules' own, and the outcomes are ordinary entries of the history.

Outcomes:
- a draw of `count` items from a pool is `count` chance nodes, one item each,
  without replacement: outcome i is the i-th item still in the pool, in the
  order the rules pass the pool (uniform);
- a think time (4 Gods) of k steps of `think.resolution_ms` is outcome k - 1,
  with the probability the lognormal law of `engine/gods/clock.py` gives to
  rounding to k steps; the last outcome holds the tail beyond 6 log-space
  standard deviations (less than 1e-9 of the mass). The chosen outcome is
  turned back into the normal draw that yields exactly k steps.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.chance import Chance

T = TypeVar("T")
TAIL_SIGMAS = 6.0
"""Where the last think-time outcome starts, in log-space standard deviations above the mean."""


@dataclass(frozen=True)
class ThinkLaw:
    """A lognormal think time: exp(mu + sigma * z) ms, rounded to whole steps of `step_ms` (at least one)."""

    mu: float
    sigma: float
    step_ms: int

    def last_step(self) -> int:
        """The highest number of steps with its own outcome (it also holds the tail)."""
        return max(1, math.ceil(math.exp(self.mu + TAIL_SIGMAS * self.sigma) / self.step_ms))

    def outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) for k = 1 .. last_step steps (outcome k - 1), zero-probability ones left out."""
        last = self.last_step()
        edges = [0.0] + [self._below((k + 0.5) * self.step_ms) for k in range(1, last)] + [1.0]
        out = [(k, edges[k + 1] - edges[k]) for k in range(last)]
        return [(k, p) for k, p in out if p > 0.0]

    def normal_draw(self, outcome: int) -> float:
        """The standard normal value that `sample_think` turns into outcome + 1 steps."""
        return (math.log((outcome + 1) * self.step_ms) - self.mu) / self.sigma

    def _below(self, ms: float) -> float:
        return 0.5 * (1.0 + math.erf((math.log(ms) - self.mu) / (self.sigma * math.sqrt(2.0))))


@dataclass(frozen=True)
class ChanceNode:
    """What the rules are about to draw: the outcomes with their probabilities, and a label per outcome."""

    what: str
    outcomes: tuple[tuple[int, float], ...]
    items: tuple[Any, ...] = ()  # a draw's pool, in order (outcome i is items[i])

    def label(self, outcome: int) -> str:
        if self.items:
            return f"{self.what} {self.items[outcome]!r}"
        return f"{self.what} {outcome + 1} steps"


class NeedChance(Exception):
    """Raised by ProbeChance at the first draw beyond the outcomes given: the chance node to ask."""

    def __init__(self, node: ChanceNode) -> None:
        super().__init__(node.what)
        self.node = node


class ProbeChance(Chance):
    """Hands the given outcomes to the rules in order; the next draw raises NeedChance.

    `think_law` answers the law of the think time `gauss` is drawn for (None: the game draws none).
    Any other random number is refused: every chance the rules use must be an explicit node.
    """

    def __init__(self, given: Sequence[int], think_law: Callable[[], ThinkLaw] | None = None) -> None:
        # not seeded (random.Random.__init__): it draws no random number, and seeding cost 10 us a step
        self.gauss_next = None
        self.given = given
        self.used = 0
        self.think_law = think_law

    def draw(self, what: str, pool: Sequence[T], count: int = 1, owner: int | None = None) -> list[T]:
        left, chosen = list(pool), []
        for _ in range(count):
            outcome = self._next(lambda: _uniform(what, left))
            chosen.append(left.pop(outcome))
        return chosen

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        if self.think_law is None:
            raise TypeError("this game draws no think times: gauss() is not an explicit chance node")
        law = self.think_law()
        outcome = self._next(lambda: think_node(law))
        return mu + sigma * law.normal_draw(outcome)

    def random(self) -> float:
        raise TypeError("the rules drew a random number outside Chance.draw: it cannot be an explicit chance node")

    def _next(self, node: Callable[[], ChanceNode]) -> int:
        if self.used == len(self.given):
            raise NeedChance(node())
        self.used += 1
        return self.given[self.used - 1]


@functools.cache
def think_node(law: ThinkLaw) -> ChanceNode:
    """The chance node of a think time (remembered: a 4 Gods law has hundreds of outcomes, each an erf, and a
    game draws from a handful of laws, one per seat pace and action type)."""
    return ChanceNode("think", tuple(law.outcomes()))


def _uniform(what: str, pool: list[Any]) -> ChanceNode:
    p = 1.0 / len(pool)
    return ChanceNode(what, tuple((i, p) for i in range(len(pool))), tuple(pool))
