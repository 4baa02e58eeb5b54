"""Gods: claiming the god of a landscape.

Seed: at any moment a player may claim one of the four gods, each tied to a
landscape type, and its followers; only then may it send prophets
(`prophets`) and claim cities (`cities`). One god per player, one player per
god; the god a player holds earns the landscape's bonuses (`scoring`).
"""

from __future__ import annotations

from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods.commands import ClaimGod, Command
from engine.gods.events import GodClaimed
from engine.gods.state import NOBODY, GodsState
from engine.gods.tiles import LANDSCAPES


def has_god(state: GodsState, player: int) -> bool:
    """Whether the player follows a god."""
    return state.player_god[player] != NOBODY


def god_commands(state: GodsState, player: int) -> list[Command]:
    """A claim of every free god, for a player who has none."""
    if has_god(state, player):
        return []
    return [ClaimGod(player, g) for g, owner in enumerate(state.god_of) if owner == NOBODY]


def check_claim_god(state: GodsState, c: ClaimGod, when: str) -> None:
    """The player has no god yet, and the landscape's god is free."""
    if has_god(state, c.player):
        raise IllegalCommand("one_god_each", f"player {c.player} already follows a god")
    if not 0 <= c.landscape < len(LANDSCAPES) or state.god_of[c.landscape] != NOBODY:
        raise IllegalCommand("god_taken", f"the god of landscape {c.landscape} is taken or unknown")


def claim_god_events(state: GodsState, c: ClaimGod) -> list[Event]:
    """The player follows the god (the plan says which)."""
    return [GodClaimed(c.player)]
