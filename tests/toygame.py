"""A tiny push-your-luck card game for tests of the engine core and the simulate layer (not registered).

The deck is shuffled (`deck_shuffled`) and each player is dealt one hidden
card (`card_dealt`); in turn a player draws the top card (`card_drawn`,
hidden too) or stops for good (`player_stopped`). A hand over the limit
scores 0 and stops its player. The game ends when everybody has stopped or
the deck is empty. Rulesets live in `tests/data/`: `toy` for the core tests,
`default` for the simulate tests.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa

from engine.core import Event, GameFacts, IllegalCommand, Ruleset
from engine.core.game import SearchProfile
from engine.core.ruleset import resolve_ruleset

RULESETS = Path(__file__).parent / "data"
TURN_MS = 1000


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """The deck was shuffled into this order (top first)."""

    TYPE = "deck_shuffled"
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A player's hidden starting card."""

    TYPE = "card_dealt"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A player drew the top card into their hidden hand."""

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

    deck: list[int]
    hands: list[list[int]]
    stopped: list[bool]
    limit: int
    current: int = 0
    round: int = 0
    turn: int = 0
    clock_ms: int = 0


class ToyGame:
    """The toy game, implementing the `Game` protocol."""

    id = "toy"
    facts = GameFacts(player_counts=(2, 3, 4), max_events=60, score_bounds=(0, 15))
    columns = {"card": pa.int16()}
    event_types = (DeckShuffled, CardDealt, CardDrawn, PlayerStopped)
    default_ruleset = "default"
    ruleset_game = "toy"
    agents: dict[str, Any] = {}
    search = SearchProfile(evaluate=lambda state, searcher: _hand_scores(state), scale=2.0, horizon=10, iterations=50)

    def load_ruleset(self, name_or_path: str) -> Ruleset:
        """A ruleset by name from `tests/data/`, or by path."""
        return resolve_ruleset(self.id, RULESETS, name_or_path)

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> ToyState:
        return ToyState(list(ruleset["deck"]), [[] for _ in range(num_players)], [False] * num_players,
                        ruleset["limit"])

    def setup(self, state: ToyState, rng: random.Random) -> list[Event]:
        order = list(state.deck)
        rng.shuffle(order)
        events: list[Event] = [DeckShuffled(tuple(order))]
        return events + [CardDealt(p, order[p]) for p in range(len(state.hands))]

    def to_move(self, state: ToyState) -> int | None:
        if all(state.stopped) or not state.deck:
            return None
        return state.current

    def legal_commands(self, state: ToyState, player: int) -> list[str]:
        return ["draw", "stop"]

    def decide(self, state: ToyState, command: Any, rng: random.Random) -> list[Event]:
        if command == "draw":
            return [CardDrawn(state.current, state.deck[0])]
        if command == "stop":
            return [PlayerStopped(state.current)]
        raise IllegalCommand("unknown_command", f"{command!r} is not draw or stop")

    def evolve(self, state: ToyState, event: Event) -> ToyState:
        if isinstance(event, DeckShuffled):
            state.deck = list(event.order)
            return state
        if isinstance(event, CardDealt):
            _take(state, event.player, event.card)
            state.round = 1
            return state
        if isinstance(event, CardDrawn):
            _take(state, event.player, event.card)
            if sum(state.hands[event.player]) > state.limit:
                state.stopped[event.player] = True
        elif isinstance(event, PlayerStopped):
            state.stopped[event.player] = True
        state.turn += 1
        state.clock_ms += TURN_MS
        _advance(state)
        return state

    evolve_logged = evolve  # the toy has no older event versions

    def view(self, state: ToyState, player: int) -> tuple[Any, ...]:
        return (tuple(state.hands[player]), tuple(len(h) for h in state.hands), len(state.deck), tuple(state.stopped))

    def resample_hidden(self, state: ToyState, player: int, rng: random.Random) -> ToyState:
        clone = copy.deepcopy(state)
        pool = sorted([c for p, h in enumerate(clone.hands) if p != player for c in h] + clone.deck)
        rng.shuffle(pool)
        for p, hand in enumerate(clone.hands):
            if p != player:
                clone.hands[p] = [pool.pop() for _ in hand]
        clone.deck = pool
        return clone

    def scores(self, state: ToyState) -> list[float]:
        return _hand_scores(state)

    def fingerprint(self, state: ToyState) -> Any:
        return (state.deck, state.hands, state.stopped, state.current, state.round, state.turn, state.clock_ms)

    def greedy_value(self, view: tuple[Any, ...], command: Any) -> float:
        total = sum(view[0])
        return 1.0 if (command == "draw") == (total <= 8) else 0.0


def _hand_scores(state: ToyState) -> list[float]:
    return [float(sum(h)) if sum(h) <= state.limit else 0.0 for h in state.hands]


def _take(state: ToyState, player: int, card: int) -> None:
    """Take the top card into `player`'s hand; an altered `card` shows as a digest mismatch, not a crash."""
    state.deck.pop(0)
    state.hands[player].append(card)


def _advance(state: ToyState) -> None:
    """Pass the turn to the next player who has not stopped; a wrap-around starts a new round."""
    n = len(state.hands)
    for step in range(1, n + 1):
        candidate = (state.current + step) % n
        if not state.stopped[candidate]:
            if candidate <= state.current:
                state.round += 1
            state.current = candidate
            return


GAME = ToyGame()
