"""Duplicate deals: one deal replayed with the players' positions rotated, so the luck of the deal cancels.

A seat's edge is its position: seat 0 moves first (Caprices, Four Gardens) or
wins the ties of the tie order it drew (4 Gods). In self-play every seat holds
the same agent, so "rotating the agents" changes nothing; what a duplicate deal
rotates is what the deal gave each seat. Rotation r of a deal plays the same
seed with seat s receiving everything setup dealt to seat (s + r) mod P in
rotation 0 (its hand, its tie rank) and drawing its decisions from that
seat's agent stream, while the shared part of the table (row, display, pagoda,
bag, deck) and the turn order stay as they are. Over the P rotations each
dealt "player" (hand and stream) sits once in every position, so a hand good
enough to win from anywhere adds one win to every seat instead of to the one
it was dealt to.

Each game names what its setup deals to a player: `Game.dealt` maps a setup
event type to the fields that go with the player (the rest, such as a 4 Gods
seat's timing profile, belongs to the seat's agent and stays). Chance is drawn
exactly as in rotation 0, so the draws after setup come from the same stream.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.errors import BalanceError
from engine.core.events import Event

DealtFields = Mapping[type[Event], tuple[str, ...]]
"""A setup event type -> its fields that a duplicate deal hands to another seat (the event has a `player`)."""


class NoDuplicateDeals(BalanceError):
    """The game does not say what its setup deals to each player, so its deals cannot be rotated."""


def dealt_fields(game: Any) -> DealtFields:
    """The game's `dealt` mapping, or a clear error naming the game."""
    fields = getattr(game, "dealt", None)
    if not fields:
        raise NoDuplicateDeals(f"game {getattr(game, 'id', game)!r} does not name what its setup deals to a player "
                               "(Game.dealt), so it cannot be played as duplicate deals; use deals = 'independent'")
    return fields


def rotate_deal(events: Sequence[Event], rotation: int, num_players: int, fields: DealtFields) -> list[Event]:
    """The setup events with seat s given the dealt fields of seat (s + rotation) mod P."""
    rotation %= num_players
    if rotation == 0:
        return list(events)
    dealt: dict[tuple[type[Event], int], Event] = {
        (type(e), e.player): e for e in events if type(e) in fields}  # type: ignore[attr-defined]
    rotated = []
    for event in events:
        names = fields.get(type(event))
        if names is None:
            rotated.append(event)
            continue
        source = dealt[(type(event), (event.player + rotation) % num_players)]  # type: ignore[attr-defined]
        rotated.append(dataclasses.replace(event, **{name: getattr(source, name) for name in names}))  # type: ignore[type-var]
    return rotated


def stream_seat(seat: int, rotation: int, num_players: int) -> int:
    """Whose agent stream seat `seat` draws from in `rotation` (the stream goes with the dealt player)."""
    return (seat + rotation) % num_players
