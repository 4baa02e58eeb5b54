"""`evolve`: apply one event to the state (in place), then settle finished decisions.

Handlers never fail and never draw random numbers: every chance outcome is in
the event. Each rule's file applies its own events (its `HANDLERS`);
consequences that follow from the rules alone (a completed groundwork queues
its god advances, a panorama queues a bonus tile) are pushed onto the `todo`
stack there, so replay rebuilds them exactly. Rows of older versions reach
here already upcast (upcast.py).
"""

from __future__ import annotations

from engine.core.events import Event
from engine.gardens import (
    actions,
    bonus_tiles,
    caprice,
    draw,
    end,
    groundworks,
    pagoda,
    panoramas,
    reallocate,
    tracks,
    turn,
    wild,
)
from engine.gardens import events as ev
from engine.gardens.state import Handlers, State
from engine.gardens.turn import count_turn, settle


def evolve(state: State, event: Event) -> State:
    """Apply one event and settle the decision stack."""
    state.legal_cache = None
    if state.turn_pending:
        count_turn(state)
    HANDLERS[type(event)](state, event)
    settle(state)
    return state


HANDLERS: Handlers = {
    **draw.HANDLERS, **pagoda.HANDLERS, **caprice.HANDLERS, **turn.HANDLERS, **actions.HANDLERS, **wild.HANDLERS,
    **reallocate.HANDLERS, **groundworks.HANDLERS, **tracks.HANDLERS, **panoramas.HANDLERS,
    **bonus_tiles.HANDLERS, **end.HANDLERS,
}
assert set(HANDLERS) == set(ev.EVENT_TYPES), "every event type has exactly one handler"  # noqa: S101
