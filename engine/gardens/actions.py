"""The main phase: the four actions a card pays for, with the turn's action points.

Seed: each turn you have 3 action points to spend on the same or different
actions, each costing a hand card (played or discarded): Lay Groundwork
(groundworks.py), Rotate and Collect (pagoda.py), Take a Wild (wild.py),
Reallocate (reallocate.py). Every card can be laid or used to reallocate;
some also rotate or give a wild. Blessing, Sabotage and Helping Hand are used
here too (caprice.py). With no point left the phase ends by itself (turn.py).

Commands: ("lay", card), ("rotate", card, +1|-1), ("wild", card),
("reallocate", card), ("end",) and the Caprice tiles' own.
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.caprice import main_tile_commands, main_tile_decide
from engine.gardens.groundworks import lay, panorama_copies, slots_taken
from engine.gardens.pagoda import rotate_and_collect, rotate_events
from engine.gardens.state import Decisions, Handlers, State, pop_decision

Command = tuple[Any, ...]


def main_legal(state: State, player: int) -> list[Command]:
    """The four actions for each hand card, plus ending the turn and any Caprice tile use."""
    config = state.config
    p = state.players[player]
    legal: list[Command] = []
    if state.actions_left > 0:
        card_commands = config.card_commands
        if len(p.groundworks) < config.max_groundworks:
            slot_keys, taken, copies = config.slot_keys, slots_taken(state, player), panorama_copies(state, player)
            for card in p.hand:
                if taken.get(slot_keys[card], 0) < copies:
                    legal.append(("lay", card))
                legal.extend(card_commands[card])
        else:
            for card in p.hand:
                legal.extend(card_commands[card])
    if config.may_end_early or not legal:
        legal.append(("end",))
    if config.caprice:
        legal.extend(main_tile_commands(state, player))
    return legal


def main_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    """Events of one main-phase command."""
    kind = command[0]
    if kind == "end":
        return [ev.ActionsEnded(player)]
    if kind == "lay":
        return [ev.ActionTaken(player, "lay", command[1])]
    if kind == "rotate":
        return rotate_events(state, player, command[1], command[2])
    if kind in ("wild", "reallocate"):
        return [ev.ActionTaken(player, kind, command[1])]
    return main_tile_decide(state, player, command, chance)


def main_done(state: State, player: int) -> bool:
    """No action point left and no Caprice tile to use: ending is the only choice, so it happens."""
    return state.actions_left <= 0 and not (state.config.caprice and main_tile_commands(state, player))


def play_card(state: State, e: ev.ActionTaken) -> None:
    """The card and an action point are spent: the card is laid, or discarded for its action."""
    state.players[e.player].hand.remove(e.card)
    state.actions_left -= 1
    if e.action == "lay":
        lay(state, e.player, e.card)
    else:
        state.discard.append(e.card)


def _action_taken(state: State, e: ev.ActionTaken) -> None:
    play_card(state, e)
    if e.action == "wild":
        state.todo.append(("wild", e.player, "wild"))
    elif e.action == "reallocate":
        state.todo.append(("realloc", e.player))
    elif e.action == "rotate":
        rotate_and_collect(state, e.player, e.card, e.direction)  # type: ignore[arg-type]  # today's rows hold it


def _actions_ended(state: State, e: ev.ActionsEnded) -> None:
    """The player stopped; a v1 row of an end that came by itself finds no main phase left (upcast.py)."""
    pop_decision(state, "main", e.player)


HANDLERS: Handlers = {ev.ActionTaken: _action_taken, ev.ActionsEnded: _actions_ended}
DECISIONS: Decisions = {"main": (main_legal, main_decide)}
