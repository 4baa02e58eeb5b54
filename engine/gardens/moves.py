"""Shared rule steps used by several decisions: god track steps and dealing from the deck."""

from __future__ import annotations

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.state import State


def advance_events(state: State, player: int, god: int, tracks: list[list[int]], cause: str) -> list[Event]:
    """One step forward on a god track; at the end, push every opponent there back one instead
    (the pushes first, then the player's own `overflow`).

    `tracks` is a scratch copy updated as the steps are decided (for Offering's two steps).
    """
    name = state.config.gods[god]
    end = state.config.track_length
    space = tracks[player][god]
    if space == 0:
        return [ev.TrackMoved(player, name, 0, 0, "lost" if cause == "advance" else cause, player)]
    if space < end:
        tracks[player][god] = space + 1
        return [ev.TrackMoved(player, name, space, space + 1, cause, player)]
    events: list[Event] = []
    for other, track in enumerate(tracks):
        if other != player and track[god] > 0:
            track[god] -= 1
            events.append(ev.TrackMoved(other, name, track[god] + 1, track[god], "push", player))
    # the player's own event resolves the decision, so it comes last (flow.py: a turn may pass only then)
    events.append(ev.TrackMoved(player, name, end, end, "overflow" if cause == "advance" else cause, player))
    return events


def top_card(state: State, chance: Chance) -> tuple[list[Event], int]:
    """The top card of the deck (drawn now), reshuffling the discard pile first if the deck is empty."""
    if state.deck:
        return [], chance.draw("deck", state.deck)[0]
    pool = sorted(state.discard)
    return [ev.CardsShuffled((), "discard")], chance.draw("deck", pool)[0]


def refill_card(state: State, chance: Chance) -> tuple[list[Event], int]:
    """The card that refills one display slot (-1: none left), reshuffling the discard pile first if needed."""
    if state.deck:
        return [], chance.draw("display", state.deck)[0]
    if not state.discard:
        return [], -1
    pool = sorted(state.discard)
    return [ev.CardsShuffled((), "discard")], chance.draw("display", pool)[0]


def display_events(state: State, chance: Chance, count: int) -> list[Event]:
    """Lay up to `count` deck cards face up, reshuffling the discard pile when the deck runs out."""
    deck = state.deck
    if len(deck) >= count:
        return [ev.DisplayRefilled(tuple(chance.draw("display", deck, count)))]
    events: list[Event] = [ev.DisplayRefilled(tuple(chance.draw("display", deck, len(deck))))] if deck else []
    pool = sorted(state.discard)
    rest = min(count - len(deck), len(pool))
    if rest:
        events.append(ev.CardsShuffled((), "discard"))
        events.append(ev.DisplayRefilled(tuple(chance.draw("display", pool, rest))))
    return events
