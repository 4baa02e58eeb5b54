"""Bonus tiles: the one a completed panorama earns, and what taking it does.

Seed (base game): one tile of your choice, never the same type twice:
Planning Tile expansion (+1 storage), Take Wilds (the highest value left: that
many wild placements at once, wild.py), Extra Rewards (the highest value
left: points at the end). The God's Caprice: take one of the face-up tiles
and reveal the next from the stack; Gift, Abundance, Offering and Recovery
then act at once (caprice.py), the others wait for their time.
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.state import Decisions, Handlers, State, pop_decision

Command = tuple[Any, ...]
IMMEDIATE = ("gift", "abundance", "offering", "recovery")  # Caprice tiles whose decision follows at once


def bonus_options(state: State, player: int) -> list[str]:
    """Bonus tiles this player may take now (never the same base type twice)."""
    if state.config.caprice:
        return list(state.tile_face_up)
    taken = state.players[player].bonus_types
    return [t for t, values in state.base_tiles.items() if values and t not in taken]


def bonus_legal(state: State, player: int) -> list[Command]:
    return [("bonus", tile) for tile in bonus_options(state, player)]


def bonus_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    """Take a base tile (its highest value left) or a face-up Caprice tile (then reveal the next)."""
    tile = command[1]
    if not state.config.caprice:
        return [ev.BonusTileTaken(player, tile, state.base_tiles[tile][0])]
    revealed = chance.draw("tile", state.tile_stack)[0] if state.tile_stack else ""
    return [ev.BonusTileTaken(player, tile, 0, revealed)]


def _bonus_tile_taken(state: State, e: ev.BonusTileTaken) -> None:
    pop_decision(state, "bonus")
    p = state.players[e.player]
    p.bonus_types.append(e.tile)
    if state.config.caprice:
        _caprice_tile_taken(state, e)
        return
    state.base_tiles[e.tile].pop(0)
    if e.tile == "planning":
        p.capacity += e.value
    elif e.tile == "extra_rewards":
        p.extra_rewards += e.value
    else:
        state.todo.extend([("wild", e.player, "take_wilds")] * e.value)


def _caprice_tile_taken(state: State, e: ev.BonusTileTaken) -> None:
    state.tile_face_up.remove(e.tile)
    if e.revealed_tile:
        state.tile_stack.remove(e.revealed_tile)
        state.tile_face_up.append(e.revealed_tile)
    state.players[e.player].tiles[e.tile] = "up"
    if e.tile in IMMEDIATE:
        state.todo.append((e.tile, e.player))


HANDLERS: Handlers = {ev.BonusTileTaken: _bonus_tile_taken}
DECISIONS: Decisions = {"bonus": (bonus_legal, bonus_decide)}
