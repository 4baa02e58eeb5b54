"""Reallocate: move resources storage -> groundwork, groundwork -> groundwork, storage -> supply.

Seed: discard a handcart card, then move any and all of your resources in
those three ways. Each move is one decision (`realloc`); the player stops
with `done`, or the reallocation ends by itself when no move is left
(turn.py). Under `groundwork.completion_check = "end_of_action"` what matches
is completed when the reallocation ends, else as soon as it matches.
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.groundworks import queue_completions
from engine.gardens.state import STORAGE, SUPPLY, Decisions, Handlers, State, pop_decision

Command = tuple[Any, ...]
DONE: Command = ("done",)


def realloc_legal(state: State, player: int) -> list[Command]:
    """Moves storage->groundwork, groundwork->groundwork, storage->supply, one resource each; or done.

    (Runs after every move of a reallocation, a third of a random game's decisions: kept lean, with
    plain loops rather than comprehensions; the order of the list is part of the game.)
    """
    p = state.players[player]
    groundworks, storage = p.groundworks, p.storage
    legal: list[Command] = [DONE]
    if not groundworks:  # (often: only storage -> supply)
        for r, count in enumerate(storage):
            if count:
                legal.append(("move", STORAGE, SUPPLY, r))
        return legal
    takers = _takers(state, player)  # per resource: groundworks that accept one more (in groundwork order)
    for r, count in enumerate(storage):
        if count:
            legal.append(("move", STORAGE, SUPPLY, r))
            for dst in takers[r]:
                legal.append(("move", STORAGE, dst, r))
    if len(groundworks) > 1:
        for src, held in groundworks.items():
            for r, count in enumerate(held):
                if count:
                    for dst in takers[r]:
                        if dst != src:
                            legal.append(("move", src, dst, r))
    return legal


def _takers(state: State, player: int) -> list[list[int]]:
    """For each resource, the player's groundworks that may receive one more now (same test as
    `groundworks.accepts`, for all resources at once)."""
    config = state.config
    blocked = {card for target, card in state.sabotage.values() if target == player} if state.sabotage else ()
    takers: list[list[int]] = [[], [], [], []]  # (`pagoda.resources` names exactly four)
    needs = config.needs
    for dst, placed in state.players[player].groundworks.items():
        if dst in blocked:
            continue
        if not config.only_needed:
            for wanted in takers:
                wanted.append(dst)
            continue
        for r, want in needs[dst]:
            if placed[r] < want:
                takers[r].append(dst)
    return takers


def realloc_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    """One move, or the end of the reallocation."""
    if command[0] == "done":
        return [ev.ReallocationFinished(player)]
    return [ev.ResourceMoved(player, state.config.resources[command[3]], command[1], command[2])]


def end_reallocation(state: State, player: int) -> None:
    """Under `end_of_action` the moves were one act: what matches now completes together."""
    if state.config.completion_check == "end_of_action":
        queue_completions(state, player, list(state.players[player].groundworks))


def _resource_moved(state: State, e: ev.ResourceMoved) -> None:
    p = state.players[e.player]
    r = state.config.resources.index(e.resource)
    if e.card == STORAGE:
        p.storage[r] -= 1
    else:
        p.groundworks[e.card][r] -= 1
    if e.target == SUPPLY:
        state.supply[r] += 1
        return
    p.groundworks[e.target][r] += 1
    if state.config.completion_check == "on_match":
        queue_completions(state, e.player, (e.target,))


def _reallocation_finished(state: State, e: ev.ReallocationFinished) -> None:
    """The player stopped; a v1 row of an end that came by itself finds no reallocation left (upcast.py)."""
    if pop_decision(state, "realloc", e.player):
        end_reallocation(state, e.player)


HANDLERS: Handlers = {ev.ResourceMoved: _resource_moved, ev.ReallocationFinished: _reallocation_finished}
DECISIONS: Decisions = {"realloc": (realloc_legal, realloc_decide)}
