"""Take a Wild: one resource of your choice from the supply onto a groundwork or into storage.

Seed: discard a wild card and take one resource of any type onto an active
groundwork or into storage if it has room. The same placement serves Take
Wilds (base bonus tile: that many at once) and Abundance (caprice.py: as many
as the storage has spaces, the excess back to the supply). Decisions: `wild`
(source: "wild" or "take_wilds") and `place` (Abundance's placements left).
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.groundworks import accepts, queue_completions
from engine.gardens.state import STORAGE, SUPPLY, Decisions, Handlers, State

Command = tuple[Any, ...]


def place_legal(state: State, player: int) -> list[Command]:
    """One resource of any type the supply has, onto a groundwork that can take it or storage."""
    config = state.config
    p = state.players[player]
    room = sum(p.storage) < p.capacity
    legal: list[Command] = []
    for r, left in enumerate(state.supply):
        if left <= 0:
            continue
        if room:
            legal.append(("place", r, STORAGE))
        for card, placed in p.groundworks.items():
            if accepts(state, player, card, placed, r):
                legal.append(("place", r, card))
    if not legal or config.caprice and state.todo[-1][0] == "place":
        legal.append(("place", -1, SUPPLY))  # nothing fits (or Abundance excess back to the supply)
    return legal


def place_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    """Take the chosen resource from the supply onto its target."""
    top = state.todo[-1]
    source = top[2] if top[0] == "wild" else "abundance"
    resource = state.config.resources[command[1]] if command[1] >= 0 else ""
    return [ev.ResourcePlaced(player, resource, command[2], source)]


def _resource_placed(state: State, e: ev.ResourcePlaced) -> None:
    p = state.players[e.player]
    if e.target != SUPPLY:
        r = state.config.resources.index(e.resource)
        state.supply[r] -= 1
        if e.target == STORAGE:
            p.storage[r] += 1
        else:
            p.groundworks[e.target][r] += 1
    top = state.todo.pop()
    last = not (top[0] == "place" and top[2] > 1)
    if not last:
        state.todo.append(("place", e.player, top[2] - 1))
    if state.config.completion_check == "on_match" or top[0] == "wild":
        if e.target >= 0:
            queue_completions(state, e.player, (e.target,))
    elif last:  # end_of_action: Abundance's placements are one act
        queue_completions(state, e.player, list(p.groundworks))


HANDLERS: Handlers = {ev.ResourcePlaced: _resource_placed}
DECISIONS: Decisions = {"wild": (place_legal, place_decide), "place": (place_legal, place_decide)}
