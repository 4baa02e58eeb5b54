"""Older Four Gardens event versions read as today's: the `upcast` of each event class that changed.

The lake reader (`engine.core.logread.event_from_row`) calls a class's
`upcast(fields, version)` for a row of an older `schema_version`, so `evolve`
sees only today's events. What each older version held:

- cards_shuffled v1 (in a shuffled order) and v2 (sorted) listed the cards made
  into the deck; v3 lists none, as they follow from the state (every card at
  setup, the discard pile later) and the deck holds no order.
- caprice_tiles_shuffled v1 listed the stack in its order; v2 lists it sorted.
- action_taken v1: a rotate's turn and collection were events of their own
  (`pagoda_rotated`, `resources_collected`), so `direction` and the counts
  are None; those two v1-only rows are still read and applied as logged
  (pagoda.py), because no single row holds the whole action.
- groundwork_completed v1 also logged the card's panorama, colour, size and
  position: the ruleset's, dropped.
- bonus_tile_taken v1 and card_drawn v1 logged the tile or card revealed in
  place of the one taken as a separate `caprice_tile_revealed` or
  `display_refilled` (both still current events): nothing was revealed *by*
  the v1 event itself.
- v1 logged every turn start, every end of the actions and of a reallocation
  and every turn end (`turn_ended`, retired). Today those follow by themselves
  and only a choice is logged: a v1 row of a step that happened by itself
  finds its decision already gone, and `turn_ended` applies nothing (turn.py).
  A row alone cannot say whether it was a choice, so these are read with
  their fields unchanged.
"""

from __future__ import annotations

from typing import Any


def cards_shuffled(fields: dict[str, Any], version: int) -> dict[str, Any]:
    return {**fields, "cards": ()}


def caprice_tiles_shuffled(fields: dict[str, Any], version: int) -> dict[str, Any]:
    return {**fields, "tiles": tuple(sorted(fields["tiles"]))}


def action_taken(fields: dict[str, Any], version: int) -> dict[str, Any]:
    return {**fields, "direction": None, "resources_collected": None, "resources_lost": None}


def groundwork_completed(fields: dict[str, Any], version: int) -> dict[str, Any]:
    return {"player": fields["player"], "card": fields["card"]}


def bonus_tile_taken(fields: dict[str, Any], version: int) -> dict[str, Any]:
    return {**fields, "revealed_tile": ""}


def card_drawn(fields: dict[str, Any], version: int) -> dict[str, Any]:
    return {**fields, "revealed": -1}
