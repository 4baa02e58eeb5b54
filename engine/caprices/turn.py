"""A turn: one draw decision, then a discard (after a recruit) or the takes of a replacement turn.

Seed: "each player takes a turn ... performing two actions: 1 - Draw a Card, 2 - Discard a Card"; "A
'replacing your normal turn' ability may only be used once per turn". A turn is a sequence of decisions by
the same player (`state.phase`: draw, discard, take); a command given in another step breaks `turn_phase`.
What every rule file's decision returns is typed here.
"""

from __future__ import annotations

from engine.caprices.state import DRAW, State
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event

Cards = tuple[int, ...]
"""The cards a command names (card ids)."""
Final = tuple[list[int], list[int]]
"""A player's hand and rallied cards."""
Decision = tuple[list[Event], bool, Final | None]
"""(events, whether the turn ends, the player's hand and rallied cards after the turn if it ends the game)."""


def need_phase(state: State, kind: str, phase: str) -> None:
    """IllegalCommand unless the turn is in `phase` (a second Bourgeoise/Noble turn names its own rule)."""
    if state.phase != phase:
        if phase == DRAW and state.action in ("bourgeoise", "noble") and kind in ("bourgeoise", "noble"):
            raise IllegalCommand("one_replacement_per_turn", "a Bourgeoise or Noble turn was already used this turn")
        raise IllegalCommand("turn_phase", f"{kind!r} is not possible in the {state.phase!r} step of the turn")


def last_turn(state: State) -> bool:
    """Whether the current turn is the game's last (only then is the final assembly needed, for scoring)."""
    return state.turns_in_round + 1 == state.num_players and state.deal_round() >= state.rules.rounds


def top_of_pile(state: State, chance: Chance) -> int:
    """The card that comes off the pile, drawn now from the unseen cards."""
    return chance.draw("deck", state.pile)[0]
