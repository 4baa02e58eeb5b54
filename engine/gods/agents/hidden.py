"""What one player cannot know, re-dealt: for search agents that sample the hidden state.

A player sees the world, its own hands, every discard area, how many tiles
each player holds, and when the others last finished an action. It does not
see the order of the bag, the other players' tiles in hand, what the others
are planning or when they will be done thinking. `resample_hidden` re-deals
the unseen tiles and gives every other player that is thinking a plausible
plan instead of its real one, drawn on the re-dealt board, due after a
think time drawn from its pace profile for that action (and after now). The plan is the one-ply greedy
choice of that player's re-dealt view three times in four, else a command
drawn uniformly from its legal commands (see GREEDY_SHARE): both depend on
what the searching player sees and on the rng only.
"""

from __future__ import annotations

import random

from engine.gods.agents.greedy import greedy_value
from engine.gods.clock import now, sample_think
from engine.gods.commands import ACTION_OF, DeclareEnd, Wait
from engine.gods.decide import legal_commands
from engine.gods.state import GodsState, view_of

MAX_DRAWS = 20  # think-time draws that must end after now before the elapsed time is ignored
GREEDY_SHARE = 0.75
"""How often a re-dealt plan is the one-ply greedy choice rather than any legal command (an opponent model: the
others mostly do something sensible; 4 Gods search with uniform plans lost 47% vs 54% of 100 games to greedy)."""


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
    """A plausible plan in progress for `player`, due after `moment`: mostly its greedy choice, else any."""
    choices = [c for c in legal_commands(state, player) if not isinstance(c, DeclareEnd)] or [Wait(player)]
    if rng.random() < GREEDY_SHARE and len(choices) > 1:
        view = view_of(state, player)
        values = [greedy_value(view, c) for c in choices]
        best = max(values)
        choices = [c for c, v in zip(choices, values) if v == best]
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
