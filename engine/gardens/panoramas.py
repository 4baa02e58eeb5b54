"""Panoramas: the set a completed card joins, and completing a whole set (then a bonus tile: bonus_tiles.py).

Seed: landscape cards of one colour and size form a panorama; the order in
which they are completed does not matter. A card joins the first of the
player's unfinished panoramas of its kind that lacks its position, or starts
a new one; a panorama with all its cards is completed.
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.state import Decisions, Handlers, State, pop_decision

Command = tuple[Any, ...]


def panorama_slot(state: State, player: int, card: int) -> int:
    """Which of the player's panoramas a completed card joins (a new one if none has room)."""
    config = state.config
    c = config.cards[card]
    for i, (pid, size, cards) in enumerate(state.players[player].panoramas):
        if pid == c.panorama and len(cards) < size and all(config.cards[x].position != c.position for x in cards):
            return i
    return len(state.players[player].panoramas)


def join_panorama(state: State, player: int, card: int) -> list[int]:
    """Put a completed card into its panorama (a `panorama` decision if that completes it); the panorama's cards."""
    p = state.players[player]
    index = panorama_slot(state, player, card)
    done = state.config.cards[card]  # its panorama and size are the ruleset's
    if index == len(p.panoramas):
        p.panoramas.append([done.panorama, done.size, []])
    cards: list[int] = p.panoramas[index][2]
    cards.append(card)
    if len(cards) == done.size:
        state.todo.append(("panorama", player, index))
    return cards


def panorama_legal(state: State, player: int) -> list[Command]:
    return [("panorama",)]


def panorama_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    pid, size, cards = state.players[player].panoramas[state.todo[-1][2]]
    return [ev.PanoramaCompleted(player, pid, state.config.cards[cards[0]].colour, size)]


def _panorama_completed(state: State, e: ev.PanoramaCompleted) -> None:
    pop_decision(state, "panorama")
    p = state.players[e.player]
    p.largest_panorama = max(p.largest_panorama, e.size)
    state.todo.append(("bonus", e.player))


HANDLERS: Handlers = {ev.PanoramaCompleted: _panorama_completed}
DECISIONS: Decisions = {"panorama": (panorama_legal, panorama_decide)}
