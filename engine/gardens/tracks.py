"""The god tracks: a step forward for a completed card's god, pushing opponents back at the end of a track.

Seed: a completed groundwork advances its god's marker one space (a wild-god
card lets you choose the track, each time it triggers: among the tracks the player is still on, or any as
`gods.wild_advance` says); past the end of a
track you instead push every opponent's marker on it back one; a marker
pushed off a track is removed for good. Offering and Recovery move markers
too (caprice.py); the points per space are scored at the end (scoring.py).
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.rules import WILD_GOD
from engine.gardens.state import Decisions, Handlers, State, pop_decision

Command = tuple[Any, ...]
FORCED_POPS = ("advance", "overflow", "lost")  # the causes that resolve an `advance` decision


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
    # the player's own event resolves the decision, so it comes last (turn.py: a turn may pass only then)
    events.append(ev.TrackMoved(player, name, end, end, "overflow" if cause == "advance" else cause, player))
    return events


def advance_legal(state: State, player: int) -> list[Command]:
    """The card's god, or for a wild god any track the player is still on (`gods.wild_advance`: or any track)."""
    god = state.todo[-1][2]
    if god != WILD_GOD:
        return [("advance", god)]
    track = state.players[player].track
    on = [g for g, space in enumerate(track) if space > 0 or state.config.wild_advance == "any_track"]
    return [("advance", g) for g in (on or range(len(track)))]


def advance_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    tracks = [list(p.track) for p in state.players]
    return advance_events(state, player, command[1], tracks, "advance")


def _track_moved(state: State, e: ev.TrackMoved) -> None:
    state.players[e.player].track[state.config.gods.index(e.god)] = e.to_space
    if e.cause in FORCED_POPS:
        pop_decision(state, "advance")


HANDLERS: Handlers = {ev.TrackMoved: _track_moved}
DECISIONS: Decisions = {"advance": (advance_legal, advance_decide)}
