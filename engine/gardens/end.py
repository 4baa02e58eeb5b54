"""Game end: when it is triggered, when it comes, and the scoring decision that ends the log.

Seed: the end is triggered when a player has completed 8/9/10 groundworks
with 4/3/2 players (`end.threshold_<n>p`); the round is then played to its
end. A ruleset's round cap (`end.max_rounds`) ends a game that never gets
there. The points are counted in scoring.py.
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.scoring import final_events
from engine.gardens.state import Decisions, Handlers, State, pop_decision

Command = tuple[Any, ...]


def count_completion(state: State, player: int) -> None:
    """One more completed groundwork; reaching the threshold triggers the end."""
    p = state.players[player]
    p.completed += 1
    if p.completed >= state.config.thresholds[state.num_players]:
        state.end_triggered = True


def end_reason(state: State, next_player: int) -> str:
    """Why the game ends before `next_player`'s turn ("" if it goes on): the round is over after a trigger,
    or the round cap is passed."""
    if state.end_triggered and next_player == 0:
        return "threshold"
    if state.round + (next_player == 0) > state.config.max_rounds:
        return "round_limit"
    return ""


def score_legal(state: State, player: int) -> list[Command]:
    return [("score",)]


def score_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    return final_events(state)


def _player_scored(state: State, e: ev.PlayerScored) -> None:
    """Kept as logged, so the sealed digest covers every score component."""
    state.scoring_events.append(e)


def _game_ended(state: State, e: ev.GameEnded) -> None:
    pop_decision(state, "score")


HANDLERS: Handlers = {ev.PlayerScored: _player_scored, ev.GameEnded: _game_ended}
DECISIONS: Decisions = {"score": (score_legal, score_decide)}
