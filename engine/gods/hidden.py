"""What one player cannot know, re-dealt: for search agents that sample the hidden state.

A player sees the world, its own hands, every discard area, how many tiles
each player holds, and when the others last finished an action. It does not
see the order of the bag, the other players' tiles in hand, what the others
are planning or when they will be done thinking. `resample_hidden` re-deals
the unseen tiles and gives every other player that is thinking a plausible
plan instead of its real one: a command drawn uniformly from its legal
commands on the re-dealt board, due after a think time drawn from its pace
profile for that action (and after now).
"""

from __future__ import annotations

import random

from engine.gods import rules
from engine.gods.clock import now, sample_think
from engine.gods.commands import ACTION_OF, DeclareEnd, Wait
from engine.gods.state import GodsState

MAX_DRAWS = 20  # think-time draws that must end after now before the elapsed time is ignored


def resample_hidden(state: GodsState, player: int, rng: random.Random) -> GodsState:
    """A copy with the bag, other players' hands and their plans in progress re-dealt."""
    clone = state.copy()
    others = [p for p in range(state.num_players) if p != player]
    # sorted first: the re-deal depends on what `player` sees and on `rng` only, not on the hidden order
    pool = sorted(clone.bag[clone.bag_top:] + [t for p in others for t in clone.hands[p]])
    rng.shuffle(pool)
    for p in others:
        count = len(clone.hands[p])
        clone.hands[p], pool = pool[:count], pool[count:]
    clone.bag = clone.bag[:clone.bag_top] + pool
    moment = now(state)
    thinking = [p for p in others if clone.plan[p] is not None]
    for p in thinking:  # forgotten first: what the others may plan must not depend on what they really plan
        clone.plan[p] = None
    clone.cache = {}
    for p in thinking:
        _replan(clone, p, moment, rng)
    return clone


def _replan(state: GodsState, player: int, moment: int, rng: random.Random) -> None:
    """A plausible plan in progress for `player`, due after `moment`."""
    choices = [c for c in rules.legal_commands(state, player) if not isinstance(c, DeclareEnd)] or [Wait(player)]
    command = choices[int(rng.random() * len(choices))]
    action = ACTION_OF[type(command)]
    start = state.plan_start[player]
    for _ in range(MAX_DRAWS):
        due = start + sample_think(state, player, action, rng)
        if due > moment:
            break
    else:
        due = moment + sample_think(state, player, action, rng)
    state.plan[player] = command
    state.ready[player] = due
    state.cache = {}
