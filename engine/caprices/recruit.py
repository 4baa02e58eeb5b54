"""Recruit a Subject: a face-up card from the Recruitment Zone or the top card of the draw pile (a discard follows).

Seed, "1 - Draw a Card": "Recruit a face-up Subject card from the Recruitment Zone, or the top card of the
draw pile." Modelling decisions (ruleset notes): the empty pile cannot be drawn from, and the draw is
compulsory (`turns.draw`): a player passes (turn action `pass`) only when they can draw nothing.
"""

from __future__ import annotations

from engine.caprices import events as ev
from engine.caprices.commands import Command, legal_commands
from engine.caprices.state import DRAW, State
from engine.caprices.turn import Cards, Decision, last_turn, need_phase, top_of_pile
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand


def recruit(state: State, player: int, cards: Cards, chance: Chance) -> Decision:
    """Take a face-up card from the Zone into the hand."""
    need_phase(state, "recruit", DRAW)
    card = cards[0]
    if card not in state.zone:
        raise IllegalCommand("recruit_from_zone", f"card {card} is not face up in the Recruitment Zone")
    return [ev.TurnTaken(player, "recruit"), ev.CardRecruited(player, card, "zone")], False, None


def draw_deck(state: State, player: int, cards: Cards, chance: Chance) -> Decision:
    """Take the top card of the pile into the hand (drawn now from the unseen cards)."""
    need_phase(state, "draw_deck", DRAW)
    if not state.pile_size():
        raise IllegalCommand("draw_pile_empty", "the draw pile is empty; recruit from the Zone instead")
    card = top_of_pile(state, chance)
    return [ev.TurnTaken(player, "recruit"), ev.CardRecruited(player, card, "deck")], False, None


def pass_turn(state: State, player: int, cards: Cards, chance: Chance) -> Decision:
    """Pass: allowed only when nothing can be drawn (`legal_commands` offers the pass alone)."""
    if legal_commands(state, player) != [Command(player, "pass")]:
        raise IllegalCommand("pass_only_when_stuck", "passing is allowed only when no card can be drawn")
    final = (state.hands[player], state.rallied[player]) if last_turn(state) else None
    return [ev.TurnTaken(player, "pass")], True, final
