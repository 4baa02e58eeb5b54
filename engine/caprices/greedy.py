"""The greedy agent's one-ply evaluation: the exact score of the known cards after a command.

Cards still to come are unknown, so a blind take (top of the pile, or a take
still owed by a Bourgeoise/Noble turn) is valued at the mean printed value of
the deck: a rough, cheap stand-in for the expected gain of an unseen card.
"""

from __future__ import annotations

from functools import lru_cache

from engine.caprices.cards import Rules
from engine.caprices.scoring import score_total
from engine.caprices.state import Command, View

RALLY_EDGE = 0.5
"""A rallied card is kept without a discard, so it beats recruiting the same card."""


@lru_cache(maxsize=8)
def _blind_value(rules: Rules) -> float:
    return sum(v for _, v in rules.deck) / len(rules.deck)


def greedy_value(view: View, command: Command) -> float:
    """Value of the player's assembly once `command` is done (one ply)."""
    rules = view.rules
    own = list(view.hand) + list(view.rallied[view.player])
    kind, cards = command.kind, command.cards
    blind = 0.0
    if kind in ("recruit", "rally", "take"):
        own.append(cards[0])
    elif kind in ("discard", "bourgeoise", "noble"):
        for card in cards:
            own.remove(card)
        if kind != "discard":
            blind = 2 * _blind_value(rules)
    elif kind in ("draw_deck", "take_deck"):
        blind = _blind_value(rules)
    if kind == "take" or kind == "take_deck":
        blind += (view.takes_left - 1) * _blind_value(rules)
    caprices = tuple((cid, bonus) for cid, slot, bonus in view.caprices if slot > 0)
    deck = rules.deck
    score = score_total([deck[c] for c in own], caprices, rules)
    return score + blind + (RALLY_EDGE if kind == "rally" else 0.0)
