"""The contract every game module fulfils, and the facts it declares."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pyarrow as pa

from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.ruleset import Ruleset


@dataclass(frozen=True)
class GameFacts:
    """Fixed facts a game declares; the conformance suite checks them."""

    player_counts: tuple[int, ...]
    max_events: int
    score_bounds: tuple[float, float]


class Game(Protocol):
    """Rules as pure-ish functions: `decide` validates, `evolve` applies.

    `evolve` may update the state in place and returns it; it never fails,
    never draws a random number and never reads a clock. `decide` never
    changes the state; chance outcomes it needs come from `chance.draw` at
    the moment they happen (so a recorded game can supply them) and are
    written into the events it returns.
    """

    id: str
    facts: GameFacts
    columns: dict[str, pa.DataType]
    event_types: tuple[type[Event], ...]
    default_ruleset: str

    def load_ruleset(self, name_or_path: str) -> Ruleset: ...

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> Any:
        """The state before setup; `agents` are the seats' agent names (e.g. for timing profiles)."""
        ...

    def setup(self, state: Any, chance: Chance) -> list[Event]: ...

    def to_move(self, state: Any) -> int | None: ...

    def legal_commands(self, state: Any, player: int) -> Sequence[Any]: ...

    def decide(self, state: Any, command: Any, chance: Chance) -> list[Event]: ...

    def evolve(self, state: Any, event: Event) -> Any: ...

    def view(self, state: Any, player: int) -> Any: ...

    def resample_hidden(self, state: Any, player: int, rng: random.Random) -> Any: ...

    def scores(self, state: Any) -> list[float]: ...

    def fingerprint(self, state: Any) -> Any: ...

    def greedy_value(self, view: Any, command: Any) -> float: ...
