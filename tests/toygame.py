"""A tiny push-your-luck game that exercises the engine core in tests.

Each player is dealt one hidden card; on a turn a player draws the top card
or stops. A hand over the limit scores 0. The game ends when everybody has
stopped or the deck is empty.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from engine.core import Event, GameFacts, IllegalCommand, Ruleset, load_ruleset

RULESET = Path(__file__).parent / "data" / "toy.toml"


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """The draw pile's order after the shuffle."""

    TYPE = "deck_shuffled"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A player took the top card."""

    TYPE = "card_drawn"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A player's hidden starting card."""

    TYPE = "card_dealt"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class PlayerStopped(Event):
    """A player stopped drawing."""

    TYPE = "player_stopped"
    player: int


@dataclass
class ToyState:
    deck: list[int]
    hands: list[list[int]]
    stopped: list[bool]
    limit: int
    current: int = 0
    round: int = 0
    turn: int = 0
    clock_ms: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class ToyGame:
    id = "toy"
    facts = GameFacts(player_counts=(2, 3), max_events=60, score_bounds=(0, 15))
    columns = {"card": pa.int16(), "cards": pa.list_(pa.int16())}
    event_types = (DeckShuffled, CardDealt, CardDrawn, PlayerStopped)
    default_ruleset = "toy"

    def load_ruleset(self, name_or_path: str) -> Ruleset:
        return load_ruleset(RULESET if name_or_path == "toy" else name_or_path, "toy")

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> ToyState:
        return ToyState([], [[] for _ in range(num_players)], [False] * num_players, ruleset["limit"])

    def setup(self, state: ToyState, rng: random.Random) -> list[Event]:
        deck = list(self.load_ruleset("toy")["deck"])
        rng.shuffle(deck)
        events: list[Event] = [DeckShuffled(tuple(deck))]
        return events + [CardDealt(p, deck[p]) for p in range(len(state.hands))]

    def to_move(self, state: ToyState) -> int | None:
        if all(state.stopped) or not state.deck:
            return None
        return state.current

    def legal_commands(self, state: ToyState, player: int) -> list[str]:
        return ["draw", "stop"]

    def decide(self, state: ToyState, command: str, rng: random.Random) -> list[Event]:
        player = state.current
        if command == "draw":
            return [CardDrawn(player, state.deck[0])]
        if command == "stop":
            return [PlayerStopped(player)]
        raise IllegalCommand("unknown_command", f"{command!r} is not draw or stop")

    def evolve(self, state: ToyState, event: Event) -> ToyState:
        if isinstance(event, DeckShuffled):
            state.deck = list(event.cards)
            return state
        if isinstance(event, CardDealt):
            state.deck.remove(event.card)
            state.hands[event.player].append(event.card)
            state.round = 1
            return state
        if isinstance(event, CardDrawn):
            state.deck.remove(event.card)
            state.hands[event.player].append(event.card)
            if sum(state.hands[event.player]) > state.limit:
                state.stopped[event.player] = True
        elif isinstance(event, PlayerStopped):
            state.stopped[event.player] = True
        state.turn += 1
        self._advance(state)
        return state

    def _advance(self, state: ToyState) -> None:
        n = len(state.hands)
        for step in range(1, n + 1):
            candidate = (state.current + step) % n
            if not state.stopped[candidate]:
                state.current = candidate
                return

    def view(self, state: ToyState, player: int) -> tuple[Any, ...]:
        return (tuple(state.hands[player]), tuple(len(h) for h in state.hands), len(state.deck), tuple(state.stopped))

    def resample_hidden(self, state: ToyState, player: int, rng: random.Random) -> ToyState:
        clone = copy.deepcopy(state)
        pool = [c for p, h in enumerate(clone.hands) if p != player for c in h] + clone.deck
        rng.shuffle(pool)
        for p, hand in enumerate(clone.hands):
            if p != player:
                clone.hands[p] = [pool.pop() for _ in hand]
        clone.deck = pool
        return clone

    def scores(self, state: ToyState) -> list[float]:
        return [float(sum(h)) if sum(h) <= state.limit else 0.0 for h in state.hands]

    def fingerprint(self, state: ToyState) -> Any:
        return (state.deck, state.hands, state.stopped, state.current, state.turn)

    def greedy_value(self, view: tuple[Any, ...], command: str) -> float:
        total = sum(view[0])
        return 1.0 if (command == "draw") == (total <= 8) else 0.0


GAME = ToyGame()
