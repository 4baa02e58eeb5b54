"""Discard a card: after a recruit, one card of the hand goes to the Recruitment Zone, and the turn ends.

Seed, "2 - Discard a Card": "you MUST discard a card from your hand to the Recruitment Zone. Note: You may
discard the card you have just drawn (except if you have just taken it from the Recruitment Zone)." Rallied
cards "cannot be discarded during your later turns". A Noble turn's second discard (`replacement_turns.py`)
is this same command; its takes follow instead of the end of the turn.
"""

from __future__ import annotations

from engine.caprices import events as ev
from engine.caprices.state import DISCARD, State
from engine.caprices.turn import Cards, Decision, last_turn, need_phase
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand


def discard(state: State, player: int, cards: Cards, chance: Chance) -> Decision:
    """Discard a card of the hand other than the one just taken from the Zone."""
    card = cards[0]
    if card in state.rallied[player]:
        raise IllegalCommand("rallied_cards_stay",
                             f"card {card} is rallied in front of player {player}; it stays there")
    need_phase(state, "discard", DISCARD)
    if card not in state.hands[player]:
        raise IllegalCommand("discard_from_hand", f"card {card} is not in player {player}'s hand")
    if card == state.just_taken:
        raise IllegalCommand("no_discard_of_card_just_recruited", f"card {card} was just taken from the Zone")
    if state.action == "noble":
        return [ev.CardDiscarded(player, card)], False, None
    final = ([c for c in state.hands[player] if c != card], state.rallied[player]) if last_turn(state) else None
    return [ev.CardDiscarded(player, card)], True, final
