"""`evolve`: apply one event to the state (in place), then settle finished decisions.

Handlers never fail and never draw random numbers: every chance outcome is in
the event. Each rule's file applies its own events (its `HANDLERS`);
consequences that follow from the rules alone (a completed groundwork queues
its god advances, a panorama queues a bonus tile) are pushed onto the `todo`
stack there, so replay rebuilds them exactly. Only today's events apply here:
a log is read with upcast.py's `evolve_logged`, which also knows older rows.
"""

from __future__ import annotations

from collections.abc import Callable

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
from engine.gardens.state import Handlers, State
from engine.gardens.turn import count_turn, settle


def make_evolve(handlers: Handlers) -> Callable[[State, Event], State]:
    """An `evolve` over these handlers (today's events here; upcast.py adds what older logs hold)."""

    def evolve(state: State, event: Event) -> State:
        """Apply one event and settle the decision stack."""
        state.legal_cache = None
        if state.turn_pending:
            count_turn(state)
        handlers[type(event)](state, event)
        settle(state)
        return state

    return evolve


HANDLERS: Handlers = {
    **draw.HANDLERS, **pagoda.HANDLERS, **caprice.HANDLERS, **turn.HANDLERS, **actions.HANDLERS, **wild.HANDLERS,
    **reallocate.HANDLERS, **groundworks.HANDLERS, **tracks.HANDLERS, **panoramas.HANDLERS,
    **bonus_tiles.HANDLERS, **end.HANDLERS,
}
evolve = make_evolve(HANDLERS)
