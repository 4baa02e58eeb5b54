"""The greedy agent's one-ply evaluation: the estimated score of the known cards after a command.

The estimate (`estimate.py`) scores one greedily built Knight/Minister choice
exactly instead of searching them all: 3-6x cheaper than the exact
optimiser, never above it, equal to it on most assemblies (the logged end
scores still come from the exact optimiser).

Cards still to come are unknown, so a blind take (top of the pile, or a take
still owed by a Bourgeoise/Noble turn) is valued at the mean printed value of
the deck: a rough, cheap stand-in for the expected gain of an unseen card.
"""

from __future__ import annotations

from functools import lru_cache

from engine.caprices.agents.estimate import estimate_total
from engine.caprices.commands import Command
from engine.caprices.rules import Rules
from engine.caprices.state import View

RALLY_EDGE = 0.5
"""A rallied card is kept without a discard, so it beats recruiting the same card."""


MEMO_LIMIT = 200_000
"""Estimates kept across decisions and games, greedy's and the search's (same cards, same Caprices: same
estimate); cleared when full."""

_MEMO: dict[tuple[Rules, tuple[int, ...], tuple[int, ...], tuple[tuple[str, int], ...]], int] = {}


@lru_cache(maxsize=256)
def _in_play(revealed: tuple[tuple[str, int, int], ...]) -> tuple[tuple[str, int], ...]:
    """The revealed non-common Caprices with their bonus (the same few tuples recur all game)."""
    return tuple((cid, bonus) for cid, slot, bonus in revealed if slot > 0)


@lru_cache(maxsize=8)
def blind_value(rules: Rules) -> float:
    """The deck's mean printed value: what an unseen card is worth to the estimates (greedy's and the search's)."""
    return sum(v for _, v in rules.deck) / len(rules.deck)


def _canonical(rules: Rules, hand: list[int], rallied: tuple[int, ...]) -> tuple[list[int], tuple[int, ...]]:
    """Hand and rallied cards with every rallied card whose place cannot change the score moved to the hand.

    A rallied card differs from one in hand only for a Knight that may not take it, and only when no card
    of its caste is in the hand (the Knight picks a caste); so the memo meets the same assembly more often.
    """
    if rules.knight_takes_rallied or rules.knight_enablers.isdisjoint(hand):
        return hand + list(rallied), ()
    castes = rules.castes
    held = {castes[c] for c in hand}
    return hand + [c for c in rallied if castes[c] in held], tuple(c for c in rallied if castes[c] not in held)


def greedy_value(view: View, command: Command) -> float:
    """Estimated value of the player's assembly once `command` is done (one ply)."""
    rules = view.rules
    hand = list(view.hand)
    rallied = view.rallied[view.player]
    kind, cards = command.kind, command.cards
    blind = 0.0
    if kind == "rally":
        rallied = (*rallied, cards[0])
    elif kind in ("recruit", "take"):
        hand.append(cards[0])
    elif kind in ("discard", "bourgeoise", "noble"):
        for card in cards:
            hand.remove(card)
        if kind != "discard":
            blind = 2 * blind_value(rules)
    elif kind in ("draw_deck", "take_deck"):
        blind = blind_value(rules)
    if kind == "take" or kind == "take_deck":
        blind += (view.takes_left - 1) * blind_value(rules)
    score = assembly_estimate(rules, hand, rallied, _in_play(view.caprices))
    return score + blind + (RALLY_EDGE if kind == "rally" else 0.0)


def assembly_estimate(
    rules: Rules, hand: list[int], rallied: tuple[int, ...], caprices: tuple[tuple[str, int], ...],
) -> int:
    """The estimate (`estimate.py`) of the cards in hand and those rallied, kept apart as the Knight sees them.

    Memoised across decisions and games; the search agent's leaf estimate reads the same memo.
    """
    if rallied:
        hand, rallied = _canonical(rules, hand, rallied)
    key = (rules, tuple(sorted(hand)), tuple(sorted(rallied)), caprices)
    score = _MEMO.get(key)
    if score is None:
        if len(_MEMO) >= MEMO_LIMIT:
            _MEMO.clear()
        deck = rules.deck
        score = _MEMO[key] = estimate_total([deck[c] for c in key[1]], caprices, rules, [deck[c] for c in key[2]])
    return score
