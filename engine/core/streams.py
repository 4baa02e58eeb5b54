"""Random streams keyed by what is drawn and where, so two branches of a game keep drawing alike.

Common random numbers compare continuations of one position (take tile A
here, or tile B) with the same seed. With one stream for chance and one per
seat, the branches share their draws only until the first difference: one
extra draw in one branch shifts every later draw, and the rest of the two
games is as unlike as two independent games. Here draws are tied to their
purpose instead of their position in a sequence:

- a chance outcome (`Chance.draw`: a card off the deck, a tile turned up) takes
  the items of the pool in the order of fixed per-item priorities, hash(seed,
  item, how often this item came out before): the rollout's own "virtual deck
  order". Both branches turn up the same cards in the same order, skipping
  only what one of them has already drawn, even after they diverge. (Sorting by
  iid priorities is a uniform draw; a card that comes back after a reshuffle
  gets a fresh priority, so a second pass is independent of the first.)
- any other random number, and every agent's draws, come from streams re-keyed
  at each decision by (seat, the game's `where` of the decision, e.g. round and
  decision kind, and how many such decisions that seat has had there).

Only rollouts use this (`play_out(..., streams=...)`); `play_game` keeps its
plain streams.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from engine.core.chance import Chance

T = TypeVar("T")
Where = Callable[[Any, int], Hashable]


def _number(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def turn_of(state: Any, player: int) -> Hashable:
    """The default place of a decision: the game's round (every game's state has one)."""
    return state.round


class KeyedRandom(random.Random):
    """A Random re-keyed by name; seeding is deferred to the first draw (most decisions draw nothing)."""

    def __init__(self, key: str) -> None:
        super().__init__(0)
        self.pending: str | None = key

    def rekey(self, name: str) -> None:
        """Draws from now on come from the stream called `name`."""
        self.pending = name

    def random(self) -> float:
        if self.pending is not None:
            self._seed_pending()
        return super().random()

    def getrandbits(self, k: int) -> int:
        if self.pending is not None:
            self._seed_pending()
        return super().getrandbits(k)

    def _seed_pending(self) -> None:
        super().seed(_number(str(self.pending)))
        self.pending = None


class CoupledChance(KeyedRandom, Chance):
    """Chance whose named draws follow fixed per-item priorities (see the module docstring)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key
        self.drawn: dict[Any, int] = {}  # item -> times it came out in this rollout
        self.priority: dict[tuple[Any, int], int] = {}

    def draw(self, what: str, pool: Sequence[T], count: int = 1, owner: int | None = None) -> list[T]:
        """The `count` items of `pool` with the lowest priorities, lowest first."""
        chosen = sorted(pool, key=self._priority)[:count]
        for item in chosen:
            self.drawn[item] = self.drawn.get(item, 0) + 1
        return chosen

    def _priority(self, item: Any) -> int:
        key = (item, self.drawn.get(item, 0))
        value = self.priority.get(key)
        if value is None:
            value = self.priority[key] = _number(f"{self.key}:{item!r}:{key[1]}")
        return value


class DecisionStreams:
    """Per-seat, per-purpose streams for one rollout; `at(state, player)` gives (chance, agent) streams."""

    def __init__(self, seed: int, where: Where = turn_of) -> None:
        self.seed = seed
        self.where = where
        self.chance = CoupledChance(f"{seed}:chance")
        self.agent = KeyedRandom(f"{seed}:agent")
        self.seen: dict[Hashable, int] = {}

    def at(self, state: Any, player: int) -> tuple[CoupledChance, random.Random]:
        """Re-key both streams for this decision (the chance draws' priorities carry on across decisions)."""
        place = (player, self.where(state, player))
        occurrence = self.seen.get(place, 0)
        self.seen[place] = occurrence + 1
        self.chance.rekey(f"{self.seed}:chance:{place!r}:{occurrence}")
        self.agent.rekey(f"{self.seed}:agent:{place!r}:{occurrence}")
        return self.chance, self.agent
