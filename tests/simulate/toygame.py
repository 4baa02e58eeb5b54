"""A throw-away push-your-luck card game for testing the simulate layer (not registered).

Cards 1..size are shuffled (logged as `deck_shuffled`); in turn each player
draws the top card (`card_drawn`, added to their total) or stops for good
(`player_stopped`). The game ends when everybody stopped or the deck is out.
A total above the limit scores 0.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.core.game import GameFacts
from engine.core.ruleset import Ruleset, resolve_ruleset

RULESETS = Path(__file__).parent / "toy_rulesets"
TURN_MS = 1000


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """The deck was shuffled into this order (top first)."""

    TYPE = "deck_shuffled"
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A player drew the top card and added it to their total."""

    TYPE = "card_drawn"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class PlayerStopped(Event):
    """A player stopped drawing for the rest of the game."""

    TYPE = "player_stopped"
    player: int


@dataclass
class ToyState:
    """Everything about a toy game in progress."""

    limit: int
    totals: list[int]
    stopped: list[bool]
    deck: list[int] = field(default_factory=list)
    drawn: int = 0
    current: int = 0
    round: int = 0
    turn: int = 0
    clock_ms: int = 0


class ToyGame:
    """The toy game, implementing the `Game` protocol."""

    id = "toy"
    facts = GameFacts(player_counts=(2, 3, 4), max_events=100, score_bounds=(0.0, 100.0))
    columns = {"card": pa.int16()}
    event_types = (DeckShuffled, CardDrawn, PlayerStopped)
    default_ruleset = "default"

    def load_ruleset(self, name_or_path: str) -> Ruleset:
        """Resolve and check the toy's two keys."""
        ruleset = resolve_ruleset(self.id, RULESETS, name_or_path)
        for key in ("deck.size", "score.limit"):
            if not isinstance(ruleset.get(key), int):
                raise ruleset.error(key, "expected an integer")
        return ruleset

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> ToyState:
        return ToyState(ruleset["score.limit"], [0] * num_players, [False] * num_players, deck=list(
            range(1, ruleset["deck.size"] + 1)))

    def setup(self, state: ToyState, rng: random.Random) -> list[Event]:
        order = list(state.deck)
        rng.shuffle(order)
        return [DeckShuffled(tuple(order))]

    def to_move(self, state: ToyState) -> int | None:
        if all(state.stopped) or state.drawn >= len(state.deck):
            return None
        return state.current

    def legal_commands(self, state: ToyState, player: int) -> list[str]:
        return ["draw", "stop"]

    def decide(self, state: ToyState, command: Any, rng: random.Random) -> list[Event]:
        if command == "draw":
            return [CardDrawn(state.current, state.deck[state.drawn])]
        if command == "stop":
            return [PlayerStopped(state.current)]
        raise IllegalCommand("toy.commands", f"unknown command {command!r}; legal: draw, stop")

    def evolve(self, state: ToyState, event: Event) -> ToyState:
        if isinstance(event, DeckShuffled):
            state.deck = list(event.order)
            return state
        if isinstance(event, CardDrawn):
            state.totals[event.player] += event.card
            state.drawn += 1
        elif isinstance(event, PlayerStopped):
            state.stopped[event.player] = True
        state.turn += 1
        state.clock_ms += TURN_MS
        self._advance(state)
        return state

    def _advance(self, state: ToyState) -> None:
        """Pass the turn to the next player who has not stopped."""
        n = len(state.totals)
        for step in range(1, n + 1):
            nxt = (state.current + step) % n
            if not state.stopped[nxt]:
                if nxt <= state.current:
                    state.round += 1
                state.current = nxt
                return

    def view(self, state: ToyState, player: int) -> dict[str, Any]:
        remaining = sorted(state.deck[state.drawn:])
        return {"player": player, "totals": tuple(state.totals), "remaining": tuple(remaining), "limit": state.limit}

    def resample_hidden(self, state: ToyState, player: int, rng: random.Random) -> ToyState:
        copied = copy.deepcopy(state)
        rest = copied.deck[copied.drawn:]
        rng.shuffle(rest)
        copied.deck[copied.drawn:] = rest
        return copied

    def scores(self, state: ToyState) -> list[float]:
        return [float(t) if t <= state.limit else 0.0 for t in state.totals]

    def fingerprint(self, state: ToyState) -> Any:
        return (tuple(state.deck), state.drawn, tuple(state.totals), tuple(state.stopped), state.current,
                state.round, state.turn, state.clock_ms)

    def greedy_value(self, view: Any, command: Any) -> float:
        if command == "stop" or not view["remaining"]:
            return 0.0
        mean = sum(view["remaining"]) / len(view["remaining"])
        return 1.0 if view["totals"][view["player"]] + mean <= view["limit"] else -1.0


GAME = ToyGame()
