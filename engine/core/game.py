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
    log_order: str = "event_type"
    """How a part file's rows are ordered (`EventBuffer`): grouped by event type, which suits logs whose typed
    columns are each filled by a few event types, or "game" (game, then seq), which suits a log whose running
    clock grows with every event."""
    log_clock: bool = True
    """Whether the log stores each event's `clock_ms`. False where the clock follows from the events themselves
    (4 Gods: every moment is a sum of logged think times): the column is then null, and the readers that need
    the clock derive it (`stg_gods__events`) or take it from the replay (lake schema 2)."""
    log_counters: bool = True
    """Whether each row stores `seq`, `round`, `turn` and `player`. False: they are null and one string per game
    gives them (engine/core/shape.py; lake schema 3), ~1.1 bytes per event less for Four Gardens; readers put
    them back (`fill_counters`, the warehouse's `lake_events`). Needs rows grouped by event type."""


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


class InfoSet:
    """What a search agent is given instead of a bare view: its player's information set.

    It exposes only the player's view and `sample`, a full state in which
    everything hidden from the player is re-dealt by `game.resample_hidden`.
    A game whose `resample_hidden` depends only on the view (and the rng) so
    gives the agent nothing it could not see; the conformance suite checks that.
    """

    __slots__ = ("_game", "_state", "player", "decision")

    def __init__(self, game: Game, state: Any, player: int, decision: int) -> None:
        self._game = game
        self._state = state
        self.player = player
        self.decision = decision  # index of this decision in the game (public: everyone sees moves being made)

    def view(self) -> Any:
        """What the player sees."""
        return self._game.view(self._state, self.player)

    def sample(self, rng: random.Random) -> Any:
        """One determinisation: a state consistent with the view, hidden information drawn from `rng`."""
        return self._game.resample_hidden(self._state, self.player, rng)
