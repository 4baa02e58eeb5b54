"""Completing groundworks: when matched ones wait for resolution, and which panorama a completed card joins.

Called by `evolve` only (these are consequences of events, not decisions).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.gardens.state import State, satisfied


def queue_completions(state: State, player: int, cards: Iterable[int]) -> None:
    """Open the completion of those `cards` whose resources now match and that wait in no decision yet.

    Groundworks matched together wait in one ("complete", player, cards) decision and are
    resolved one at a time. One matched while another completion resolves is resolved at once
    (a decision on top) or, under `after_current`, joins the decision already waiting below.
    """
    config = state.config
    groundworks = state.players[player].groundworks
    matched = [c for c in cards if c in groundworks and satisfied(config, c, groundworks[c])]
    if not matched:
        return
    todo = state.todo
    frames = [i for i, frame in enumerate(todo) if frame[0] == "complete" and frame[1] == player]
    waiting = {card for i in frames for card in todo[i][2]}
    new = tuple(c for c in matched if c not in waiting)
    if not new:
        return
    if frames and config.matched_while_resolving == "after_current":
        todo[frames[0]] = ("complete", player, todo[frames[0]][2] + new)
    else:
        todo.append(("complete", player, new))


def panorama_slot(state: State, player: int, card: int) -> int:
    """Which of the player's panoramas a completed card joins (a new one if none has room)."""
    config = state.config
    c = config.cards[card]
    for i, (pid, size, cards) in enumerate(state.players[player].panoramas):
        if pid == c.panorama and len(cards) < size and all(config.cards[x].position != c.position for x in cards):
            return i
    return len(state.players[player].panoramas)
