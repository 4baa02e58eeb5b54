"""Turn flow: the decision stack between events, which pending decisions are over, and how turns pass.

Seed: a turn is the main phase (actions.py) and then the draw back up to the
hand size (draw.py); players take turns in seat order; the game ends after
the round in which the end was triggered (end.py). With Foresight unused, a
turn begins with the choice to use it (caprice.py).

`settle` runs after every event. What follows from the rules alone happens
here without an event of its own, so the log holds only decisions and chance:
a main phase with no action point (and no Caprice tile) left ends, a draw ends
with a full hand, a reallocation with no move left ends, and a finished turn
passes to the next player (or to the scoring). Every such step is a
consequence of the events before it, so replay rebuilds it exactly.

Turn counting is deferred: the turn that has just passed is counted (`turn`,
and `round` when seat 0 starts again) by the *next* event, so every event's
envelope carries the turn and round it happened in (at a decision, the round
being played is `state.current_round`). A decision's events must therefore end
the turn, if at all, with their last event (tests/gardens/test_flow.py).
"""

from __future__ import annotations

from engine.gardens import events as ev
from engine.gardens.actions import main_done
from engine.gardens.bonus_tiles import bonus_options
from engine.gardens.draw import draw_done
from engine.gardens.end import end_reason
from engine.gardens.groundworks import completion_done
from engine.gardens.reallocate import end_reallocation, realloc_legal
from engine.gardens.state import Handlers, State, pop_decision


def settle(state: State) -> None:
    """Pop decisions that have nothing left to decide; pass the turn when it is over."""
    todo = state.todo
    while todo:
        frame = todo[-1]
        kind, player = frame[0], frame[1]
        if kind == "main":
            if state.actions_left > 0 or not main_done(state, player):
                return
        elif kind == "draw":
            if not draw_done(state, player, frame[2]):
                return
        elif kind == "realloc":
            legal = realloc_legal(state, player)
            if len(legal) > 1:
                state.legal_cache = legal  # computed anyway: the next decision reuses it
                return
            todo.pop()  # only "done" is left: the reallocation ends by itself
            end_reallocation(state, player)
            continue
        elif kind == "turn_end":
            close_turn(state, player)
            continue
        elif kind == "complete":
            if not completion_done(state, frame):
                return
        elif kind != "bonus" or bonus_options(state, player):
            return
        todo.pop()


def close_turn(state: State, player: int) -> None:
    """The turn is over: flip tiles used this turn, then open the next turn or the scoring."""
    state.todo.pop()
    tiles = state.players[player].tiles
    for tile in ("foresight", "blessing"):  # used this turn: face down from now on
        if tiles.get(tile) == "active":
            tiles[tile] = "down"
    nxt = (player + 1) % state.num_players
    state.turn_pending = True
    reason = end_reason(state, nxt)
    if not reason:
        open_turn(state, nxt)
        return
    state.end_reason = reason
    state.current = nxt  # (seat 0: the scoring's first event counts the round past the last)
    state.todo.append(("score", 0))


def open_turn(state: State, player: int) -> None:
    """A player's turn begins: their Sabotage is lifted; an unused Foresight is offered first."""
    state.current = player
    state.actions_left = state.config.actions
    p = state.players[player]
    if player in state.sabotage:  # "Remove the Sabotage at the start of your next turn"
        del state.sabotage[player]
        p.tiles["sabotage"] = "down"
    state.todo.extend([("turn_end", player), ("draw", player, -1), ("main", player)])
    if p.tiles.get("foresight") == "up":
        state.todo.append(("turn_start", player))


def count_turn(state: State) -> None:
    """The first event of a new turn counts it."""
    state.turn_pending = False
    state.turn += 1
    if state.current == 0:
        state.round += 1


def _turn_started(state: State, e: ev.TurnStarted) -> None:
    """A Foresight holder starts without it; a v1 row of any other turn finds no such choice (upcast.py)."""
    pop_decision(state, "turn_start", e.player)


HANDLERS: Handlers = {ev.TurnStarted: _turn_started}
