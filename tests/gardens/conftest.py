"""Helpers for scripted Four Gardens situations: a set-up table, then commands stepped one by one."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens.game import GAME
from engine.gardens.state import State
from engine.gardens.turn import open_turn


class Table:
    """A game after setup, stepped with explicit commands (decide, then evolve each event)."""

    def __init__(self, ruleset: str = "base", players: int = 2, seed: int = 1) -> None:
        self.ruleset = GAME.load_ruleset(ruleset)
        self.config = GAME.config(self.ruleset)
        self.rng = Chance(seed)
        self.state: State = GAME.initial_state(self.ruleset, players, seed)
        self.log: list[Event] = []
        for event in GAME.setup(self.state, self.rng):
            self.apply(event)

    def use_conflict_key(self, key: str) -> None:
        """Play on under another `groundwork.conflict_key` (the rest of the ruleset unchanged)."""
        self.use(conflict_key=key)

    def use(self, **fields: Any) -> None:
        """Play on with some rules values changed (Config fields, or caprice values by their key)."""
        caprice = {k: v for k, v in fields.items() if k in self.config.caprice_values}
        plain = {k: v for k, v in fields.items() if k not in caprice}
        if caprice:
            plain["caprice_values"] = {**self.config.caprice_values, **caprice}
        self.config = replace(self.config, **plain)
        self.state.config = self.config
        self.state.legal_cache = None

    def apply(self, event: Event) -> None:
        self.state = GAME.evolve(self.state, event)
        self.log.append(event)

    def step(self, *command: Any) -> list[Event]:
        """Decide and apply one command of the player to move; returns its events."""
        events = GAME.decide(self.state, tuple(command), self.rng)
        for event in events:
            self.apply(event)
        return events

    def legal(self) -> list[Any]:
        player = GAME.to_move(self.state)
        return list(GAME.legal_commands(self.state, player)) if player is not None else []

    @property
    def frame(self) -> tuple[Any, ...]:
        return self.state.todo[-1]

    def card(self, panorama: str, position: int, action: str | None = None, god: int | None = None) -> int:
        """The id of a card by panorama ('red-3'), position and optionally action or god."""
        for c in self.config.cards:
            if c.panorama == panorama and c.position == position and (action is None or c.action == action) \
                    and (god is None or c.god == god):
                return c.id
        raise LookupError(f"no card {panorama} #{position} {action} {god}")

    def give(self, player: int, *cards: int) -> None:
        """Put cards in a player's hand, taking them out of wherever they are."""
        s = self.state
        for card in cards:
            for pile in (s.deck, s.display, s.discard, *(p.hand for p in s.players)):
                if card in pile:
                    pile.remove(card)
            s.players[player].hand.append(card)
        s.legal_cache = None

    def groundwork(self, player: int, card: int, placed: tuple[int, ...] = (0, 0, 0, 0)) -> None:
        """Lay a card as an active groundwork with resources already on it."""
        self.give(player, card)
        p = self.state.players[player]
        p.hand.remove(card)
        p.groundworks[card] = list(placed)
        self.state.legal_cache = None

    def start_turn(self) -> None:
        """Into the main phase of the open turn (declining an unused Foresight)."""
        if self.frame[0] == "turn_start":
            self.step("start")
        assert self.frame[0] == "main"

    def turn_of(self, player: int) -> None:
        """Skip ahead: the pending decisions are dropped and `player`'s turn opens (as turn.open_turn does)."""
        self.state.todo.clear()
        open_turn(self.state, player)
        self.state.legal_cache = None

    def finish_turn(self) -> None:
        """End the main phase and draw from the deck until the turn has passed."""
        player = self.frame[1]
        if self.frame[0] == "main":
            self.step("end")
        while self.frame[0] == "draw" and self.frame[1] == player:
            self.step(*self.legal()[-1])

    def push(self, *frame: Any) -> None:
        """Put a pending decision on top (to script a situation directly)."""
        self.state.todo.append(tuple(frame))
        self.state.legal_cache = None

    def events_of(self, events: list[Event], type_: str) -> list[Event]:
        return [e for e in events if type_ == e.TYPE]


@pytest.fixture
def make_table() -> type[Table]:
    return Table


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def caprice() -> Table:
    return Table("gods-caprice", players=3)
