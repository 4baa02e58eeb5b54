"""What the search agent (`ismcts`) needs from Les caprices du roi: a cheap estimate of an unfinished game.

A player's estimate is the greedy agent's estimate of the assembly it holds
(hand and rallied cards, `estimate.py`) against the Caprices revealed so far.
A player halfway through a turn is scored as if the discard it still owes
costs an average card and each take it is owed brings one (one estimate per
player: the best discard would take eight, for little strength, measured). In a Joust match
(`caprices-joust`) the scores of the match's finished games are added.
"""

from __future__ import annotations

from engine.caprices.estimate import estimate_total
from engine.caprices.state import DISCARD, State
from engine.core.ismcts import SearchProfile

MEMO_LIMIT = 200_000
"""Estimates kept across decisions (same cards, same Caprices: same estimate); cleared when full."""

_MEMO: dict[tuple[object, tuple[int, ...], tuple[tuple[str, int], ...]], int] = {}


def evaluate(state: State) -> list[float]:
    """Each player's estimated end score in this (determinised) world."""
    rules = state.rules
    caprices = state.caprices_in_play()
    blind = sum(v for _, v in rules.deck) / len(rules.deck)
    totals: list[float] = []
    for player in range(state.num_players):
        cards = state.hands[player] + state.rallied[player]
        if player == state.current and state.phase == DISCARD and state.action != "noble":
            totals.append(_estimate(state, cards, caprices) - blind)  # one card still to go: an average one
            continue
        owed = state.takes_left if player == state.current else 0
        totals.append(_estimate(state, cards, caprices) + owed * blind)
    for scored in state.deal_scores:
        totals[scored.player] += scored.score
    return totals


def _estimate(state: State, cards: list[int], caprices: tuple[tuple[str, int], ...]) -> int:
    key = (state.rules, tuple(sorted(cards)), caprices)
    score = _MEMO.get(key)
    if score is None:
        if len(_MEMO) >= MEMO_LIMIT:
            _MEMO.clear()
        deck = state.rules.deck
        score = _MEMO[key] = estimate_total([deck[c] for c in key[1]], caprices, state.rules)
    return score


PROFILE = SearchProfile(evaluate=evaluate, scale=20.0, horizon=0, iterations=200)
"""Scale: a 20-point lead is a reward of 0.73. Horizon 0: the leaf is evaluated where the tree ends (random
rollouts of a few decisions made ismcts weaker). Budget: see README (bench). Choices measured: notes of issue 10."""
