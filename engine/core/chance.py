"""Where a game's chance outcomes come from: a seeded random stream, or a record of a real game.

Games take every chance outcome through `Chance.draw` at the moment it
happens (which card comes off the deck, which Caprice turns up), never by
shuffling a whole deck in advance: a physical deck has no seed, and a
playtest only knows the cards that were seen. In a simulation, `Chance`
draws uniformly at random. When a recorded game is replayed, a
`ScriptedChance` hands out the outcomes written in the record instead and
checks each one is possible at that moment (the card is still in the deck).

`Chance` is a `random.Random`, so a game may still draw other random numbers
(e.g. 4 Gods' think times) from it; a scripted source refuses those unless the
game reads them through a recorded-outcome method.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.errors import BalanceError

T = TypeVar("T")


class Chance(random.Random):
    """A seeded random stream that also draws named chance outcomes."""

    recorded = False  # True when the commands and outcomes come from a record of a real game (see ScriptedChance)

    def draw(self, what: str, pool: Sequence[T], count: int = 1, owner: int | None = None) -> list[T]:
        """`count` distinct items of `pool`, in the order they come out (uniform, without replacement).

        `what` names the kind of outcome ("card", "subject", "caprice" ...): a
        record gives its outcomes by kind, so the order between kinds is free.
        `owner` is the player the outcome is for, when several players' draws
        may be pending at once (4 Gods, in real time): a record's outcomes for
        one player are then never handed to another.
        """
        if count == 1:
            return [pool[int(self.random() * len(pool))]]  # the common case, without sample()'s set-up
        return self.sample(pool, count)


class ChanceError(BalanceError):
    """A recorded chance outcome does not fit the game at that moment; `code` names the case."""

    def __init__(self, code: str, detail: str, outcome: Outcome | None = None) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.outcome = outcome


@dataclass(frozen=True)
class Outcome:
    """One recorded chance outcome: its kind, the text as written, and the engine items it may denote.

    `candidates` lists the items in preference order: identical physical cards
    (two odd Ministers) are interchangeable, so a name may stand for several
    ids and the first one still in the pool is taken.
    """

    what: str
    text: str
    candidates: tuple[Any, ...]
    owner: int | None = None  # the player it was recorded for (None: whoever draws this kind next)
    step: str = ""  # where it was recorded, for messages (default: the step being replayed when drawn)


class ScriptedChance(Chance):
    """Hands out recorded outcomes to `draw`; every other random number is refused.

    Feed the outcomes recorded for one step with `give`, let the engine decide,
    then `leftover()` lists what the record gave but the rules never drew.
    """

    recorded = True

    def __init__(self) -> None:
        super().__init__(0)
        self.pending: list[Outcome] = []
        self.step = "setup"  # where the outcomes being drawn were recorded, for messages
        self.drawn: dict[Any, str] = {}  # every item handed out, and the step it came out at

    def give(self, outcomes: Sequence[Outcome]) -> None:
        self.pending.extend(outcomes)

    def leftover(self) -> list[Outcome]:
        """Outcomes given but not drawn (and clears them)."""
        left, self.pending = self.pending, []
        return left

    def draw(self, what: str, pool: Sequence[T], count: int = 1, owner: int | None = None) -> list[T]:
        chosen: list[T] = []
        steps: list[str] = []
        for _ in range(count):
            outcome = self._next(what, owner)
            item = next((c for c in outcome.candidates if c in pool and c not in chosen), None)
            if item is None:
                raise ChanceError("impossible_outcome", self._impossible(what, outcome), outcome)
            chosen.append(item)
            steps.append(outcome.step or self.step)
        for item, step in zip(chosen, steps):
            self.drawn[item] = step
        return chosen

    def _impossible(self, what: str, outcome: Outcome) -> str:
        earlier = [self.drawn[c] for c in outcome.candidates if c in self.drawn]
        since = f"; it already came out at {earlier[-1]}" if earlier else ""
        return f"{what} {outcome.text!r} cannot come out now{since}"

    def _next(self, what: str, owner: int | None) -> Outcome:
        for index, outcome in enumerate(self.pending):
            if outcome.what == what and (outcome.owner is None or outcome.owner == owner):
                return self.pending.pop(index)
        raise ChanceError("missing_outcome", f"the rules draw a {what} here but the record gives none")

    def random(self) -> float:
        raise ChanceError("unrecorded_chance", "this step draws a random number the record format cannot give")

    def getrandbits(self, k: int) -> int:
        raise ChanceError("unrecorded_chance", "this step draws random bits the record format cannot give")
