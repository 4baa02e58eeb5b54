"""The commands open at each pending decision: the table of decision kinds and `legal_commands`.

Commands are small tuples, e.g. ("lay", card), ("rotate", card, +1),
("place", resource, target), ("move", from, to, resource); the player is the
one the pending decision belongs to. Each decision kind on the `todo` stack
(state.py) has a legal-commands function and a decide function that turns a
legal command into events, both in the file of the rule it belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.events import Event
from engine.gardens import actions, bonus_tiles, caprice, draw, end, groundworks, panoramas, reallocate, tracks, wild
from engine.gardens.state import State

Command = tuple[Any, ...]

DECISIONS: dict[str, tuple[Callable[..., list[Command]], Callable[..., list[Event]]]] = {
    **actions.DECISIONS, **wild.DECISIONS, **reallocate.DECISIONS, **groundworks.DECISIONS, **tracks.DECISIONS,
    **panoramas.DECISIONS, **bonus_tiles.DECISIONS, **draw.DECISIONS, **end.DECISIONS, **caprice.DECISIONS,
}


def to_move(state: State) -> int | None:
    """Whoever owns the pending decision; None once the game has ended."""
    return state.todo[-1][1] if state.todo else None


def legal_commands(state: State, player: int) -> Sequence[Any]:
    """The commands open to `player` at the pending decision (computed once per state: `legal_cache`)."""
    if not state.todo or state.todo[-1][1] != player:
        return []
    if state.legal_cache is None:
        state.legal_cache = DECISIONS[state.todo[-1][0]][0](state, player)
    return state.legal_cache
