"""`decide`: check a command against the pending decision and return its events.

The game must not be over (`engine.core.decision.check_turn`: rule
`game_over`); a command outside the legal list is refused naming the rule it
breaks. The events come from the decision's own decide function (commands.py).
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.decision import check_turn
from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.core.game import Game
from engine.gardens.commands import DECISIONS, legal_commands
from engine.gardens.groundworks import can_lay
from engine.gardens.state import State


def decide(game: Game, state: State, command: Any, chance: Chance) -> list[Event]:
    """The events of a legal command (the player is the one to move: commands do not name one)."""
    player = check_turn(game, state, None)
    kind = state.todo[-1][0]
    legal = state.legal_cache if state.legal_cache is not None else legal_commands(state, player)
    if command not in legal:
        raise IllegalCommand(rule_broken(state, player, kind, command), f"{command!r} at decision {kind!r}")
    return DECISIONS[kind][1](state, player, command, chance)


def rule_broken(state: State, player: int, kind: str, command: Any) -> str:
    """Name the rule a rejected command breaks (the common cases by name)."""
    if not isinstance(command, tuple) or not command:
        return "command_format"
    hand = state.players[player].hand
    if kind == "main" and command[0] == "lay" and len(command) == 2:
        if command[1] not in hand:
            return "card_not_in_hand"
        if len(state.players[player].groundworks) >= state.config.max_groundworks:
            return "groundwork_limit"
        if not can_lay(state, player, command[1]):
            return "same_panorama_number"
    if kind == "main" and state.actions_left <= 0 and command[0] != "end":
        return "no_action_points"
    if kind == "main" and len(command) > 1 and command[1] not in hand and command[0] != "sabotage":
        return "card_not_in_hand"
    return f"not_legal_at_{kind}"
