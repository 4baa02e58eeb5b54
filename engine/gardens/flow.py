"""The decision stack between events: which pending decisions are over, and how turns pass.

Called by `evolve` after every event. What follows from the rules alone happens
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

from typing import Any

from engine.gardens.caprice import main_tile_commands
from engine.gardens.commands import realloc_legal
from engine.gardens.completion import queue_completions
from engine.gardens.state import State, bonus_options


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
            if not _draw_done(state, player, frame[2]):
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
        elif not _finished(state, frame):
            return
        todo.pop()


def main_done(state: State, player: int) -> bool:
    """No action point left and no Caprice tile to use: ending is the only choice, so it happens."""
    return state.actions_left <= 0 and not (state.config.caprice and main_tile_commands(state, player))


def end_reallocation(state: State, player: int) -> None:
    """Under `end_of_action` the moves were one act: what matches now completes together."""
    if state.config.completion_check == "end_of_action":
        queue_completions(state, player, list(state.players[player].groundworks))


def close_turn(state: State, player: int) -> None:
    """The turn is over: flip tiles used this turn, then open the next turn or the scoring."""
    state.todo.pop()
    tiles = state.players[player].tiles
    for tile in ("foresight", "blessing"):  # used this turn: face down from now on
        if tiles.get(tile) == "active":
            tiles[tile] = "down"
    nxt = (player + 1) % state.num_players
    state.turn_pending = True
    if state.end_triggered and nxt == 0:
        state.end_reason = "threshold"
    elif state.round + (nxt == 0) > state.config.max_rounds:
        state.end_reason = "round_limit"
    else:
        open_turn(state, nxt)
        return
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


def _finished(state: State, frame: tuple[Any, ...]) -> bool:
    kind, player = frame[0], frame[1]
    if kind == "complete":
        groundworks = state.players[player].groundworks
        return not any(card in groundworks for card in frame[2])
    if kind == "bonus":
        return not bonus_options(state, player)
    return False


def _draw_done(state: State, player: int, remaining: int) -> bool:
    if remaining >= 0:  # Foresight: take exactly this many more from the display
        return remaining == 0 or not state.display
    full = len(state.players[player].hand) >= state.config.hand_size
    if remaining == -2:  # Blessing's top-up after Foresight: from the display only
        return full or not state.display
    return full or not (state.display or state.deck or state.discard)


def after_foresight(state: State, player: int) -> int:
    """What the draw does once Foresight's cards are taken: stop (0) or Blessing's top-up to the hand size."""
    mode = state.config.caprice_values["foresight_blessing_draw"]
    if mode == "none" or state.players[player].tiles.get("blessing") != "active":
        return 0
    return -2 if mode == "display" else -1
