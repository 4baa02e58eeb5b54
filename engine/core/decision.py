"""What every game's `decide` checks first, in one place: the game is not over, and it is the player's turn.

Each game's `decide` calls `check_turn` before its own rules, so "game over" and "not your turn" read the same
in every game and are coded once; the rules that follow name the rule a command breaks (IllegalCommand.rule).
The decision loop (`driver._play_from`) only hands agents the legal commands, so in simulated play the check
always passes; it is there for commands from outside the legal list (a recorded game, a person, a test).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalCommand
from engine.core.game import Game


def check_turn(game: Game, state: Any, player: int | None) -> int:
    """The player to move; IllegalCommand `game_over` when nobody is, `turn_order` when `player` is not them.

    `player` None skips the turn check (a game whose commands do not name their player: the one to move gives it).
    """
    mover = game.to_move(state)
    if mover is None:
        raise IllegalCommand("game_over", "the game has ended")
    if player is not None and player != mover:
        raise IllegalCommand("turn_order", f"it is not player {player}'s turn (to move: {mover})")
    return mover
