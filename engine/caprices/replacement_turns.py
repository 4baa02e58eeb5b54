"""Bourgeoise and Noble turns: they replace the normal turn, discarding to take cards (no rally that way).

Seed: "Bourgeoise: replaces your normal turn. Discard 2 Bourgeoises to take 2 cards of your choice from the
draw pile and/or the Recruitment Zone"; "Noble: replaces your normal turn. Discard 1 Noble and any other
Subject card to take 2 cards from the Recruitment Zone only"; "A 'replacing your normal turn' ability may
only be used once per turn" (`turn.need_phase`). A Noble turn discards its Noble, then the other card as a
separate decision (`discard.py`), then takes. Modelling decisions (ruleset): a take from the pile is its top
card, blind; whether a card discarded this turn may be taken back is `turns.replacement_discards_takeable`;
how many cards each turn takes is `turns.bourgeoise_takes` / `turns.noble_takes`.
"""

from __future__ import annotations

from engine.caprices import events as ev
from engine.caprices.state import DRAW, TAKE, State
from engine.caprices.turn import Cards, Decision, last_turn, need_phase, top_of_pile
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event


def bourgeoise(state: State, player: int, cards: Cards, chance: Chance) -> Decision:
    """Discard two Bourgeoises from the hand; the takes follow."""
    need_phase(state, "bourgeoise", DRAW)
    castes = state.rules.castes
    if len(cards) != 2 or cards[0] == cards[1] or any(
            c not in state.hands[player] or castes[c] != "bourgeoise" for c in cards):
        raise IllegalCommand("bourgeoise_turn_needs_two_bourgeoises", "discard 2 different Bourgeoises from hand")
    if len(state.zone) + state.pile_size() < state.rules.bourgeoise_takes:
        raise IllegalCommand("bourgeoise_turn_needs_cards", "not enough cards in the Zone and pile to take")
    return _replacement(player, "bourgeoise", cards), False, None


def noble(state: State, player: int, cards: Cards, chance: Chance) -> Decision:
    """Discard a Noble now; the other card is the next decision (a discard), then the takes."""
    need_phase(state, "noble", DRAW)
    if len(cards) != 1 or cards[0] not in state.hands[player] or state.rules.castes[cards[0]] != "noble":
        raise IllegalCommand("noble_turn_needs_a_noble", "a Noble turn discards a Noble from hand first")
    if len(state.zone) < state.rules.noble_takes:
        raise IllegalCommand("noble_takes_from_zone_only", "not enough cards in the Recruitment Zone to take")
    return _replacement(player, "noble", cards), False, None


def _replacement(player: int, action: str, cards: Cards) -> list[Event]:
    return [ev.TurnTaken(player, action), *(ev.CardDiscarded(player, c) for c in cards)]


def take(state: State, player: int, cards: Cards, chance: Chance) -> Decision:
    """One take of a replacement turn from the Zone."""
    need_phase(state, "take", TAKE)
    card = cards[0]
    if card not in takeable(state):
        raise IllegalCommand("take_from_zone", f"card {card} cannot be taken from the Zone this turn")
    return _taken(state, player, card, "zone")


def take_deck(state: State, player: int, cards: Cards, chance: Chance) -> Decision:
    """One take of a Bourgeoise turn from the top of the pile (drawn now from the unseen cards)."""
    need_phase(state, "take", TAKE)
    if state.action != "bourgeoise":
        raise IllegalCommand("noble_takes_from_zone_only", "a Noble turn takes from the Recruitment Zone only")
    if not state.pile_size():
        raise IllegalCommand("draw_pile_empty", "the draw pile is empty; take from the Zone instead")
    return _taken(state, player, top_of_pile(state, chance), "deck")


def _taken(state: State, player: int, card: int, source: str) -> Decision:
    done = state.takes_left == 1
    final = (state.hands[player] + [card], state.rallied[player]) if done and last_turn(state) else None
    return [ev.CardRecruited(player, card, source)], done, final


def takeable(state: State) -> list[int]:
    """The Zone cards a take may name: all, or (the standard ruleset) those not discarded this turn."""
    if state.rules.replacement_discards_takeable:
        return list(state.zone)
    return [c for c in state.zone if c not in state.turn_discards]
