"""Older Four Gardens logs read as today's: `evolve_logged`, and what each older version held.

`evolve` applies today's events only. A row of an older `schema_version`
first has its fields brought up to date by its class's `upcast` (events.py;
the lake reader `engine.core.logread.event_from_row` calls it); the lake's
reader then folds the log with `evolve_logged`, which also applies what only
older logs hold. What each older version held:

- cards_shuffled v1 (in a shuffled order) and v2 (sorted) listed the cards made
  into the deck; v3 lists none, as they follow from the state (every card at
  setup, the discard pile later) and the deck holds no order.
- caprice_tiles_shuffled v1 listed the stack in its order; v2 lists it sorted.
- action_taken v1: a rotate's turn and collection were events of their own
  (`pagoda_rotated`, retired, and `resources_collected`), so its `direction`
  and counts are None: the card is played here and those rows do the rest,
  because no single row holds the whole action.
- groundwork_completed v1 also logged the card's panorama, colour, size and
  position: the ruleset's, dropped.
- bonus_tile_taken v1 and card_drawn v1 logged the tile or card revealed in
  place of the one taken as a separate `caprice_tile_revealed` or
  `display_refilled` (both still current events): nothing was revealed *by*
  the v1 event itself.
- v1 logged every turn start, every end of the actions and of a reallocation
  and every turn end (`turn_ended`, retired). Today those follow by themselves
  and only a choice is logged: a v1 row of a step that happened by itself
  finds its decision already gone (`state.pop_decision` takes a decision only
  when it is there), and `turn_ended` applies nothing. A row alone cannot say
  whether it was a choice, so these are read with their fields unchanged.
"""

from __future__ import annotations

from engine.gardens import events as ev
from engine.gardens.actions import play_card
from engine.gardens.evolve import HANDLERS, make_evolve
from engine.gardens.pagoda import turn_floors
from engine.gardens.state import Handlers, State


def _action_taken(state: State, e: ev.ActionTaken) -> None:
    if e.action == "rotate" and e.direction is None:  # v1: the turn and the collection follow as rows of their own
        play_card(state, e)
    else:
        HANDLERS[ev.ActionTaken](state, e)


def _pagoda_rotated(state: State, e: ev.PagodaRotated) -> None:
    turn_floors(state, e.floor, e.direction)


def _turn_ended(state: State, e: ev.TurnEnded) -> None:
    """The turn had already passed by itself."""


LOGGED: Handlers = {
    **HANDLERS, ev.ActionTaken: _action_taken, ev.PagodaRotated: _pagoda_rotated, ev.TurnEnded: _turn_ended,
}
assert set(LOGGED) == set(ev.EVENT_TYPES), "every event a log may hold has exactly one handler"  # noqa: S101
evolve_logged = make_evolve(LOGGED)
