"""What the search agent (`ismcts`) needs from Les caprices du roi: a cheap estimate of an unfinished game.

A player's estimate is the greedy agent's estimate of an assembly (`estimate.py`)
against the Caprices revealed so far. The searcher's own assembly (hand and
rallied cards) is estimated whole. An opponent is scored on what the searcher
can know of it: its rallied cards and the cards it was seen to take from the
Zone, estimated together, plus each unseen card of its hand at the deck's mean
value. (Estimating the determinisation's guessed hand instead costs 2x the time
at 4 players, where the guessed hands rarely repeat and so miss the memo, and
adds deal noise without making the search stronger at 2 players: 66.0% vs
62.7% against greedy, n = 200 each, within noise; notes of issue 10.)

A player halfway through a turn is scored as if the discard it still owes
costs an average card and each take it is owed brings one (one estimate per
player: the best discard would take eight, for little strength, measured). In a Joust match
(`caprices-joust`) the scores of the match's finished games are added.
"""

from __future__ import annotations

from engine.caprices.agents.estimate import estimate_total
from engine.caprices.agents.greedy import blind_value
from engine.caprices.state import DISCARD, State
from engine.core.game import SearchProfile

MEMO_LIMIT = 200_000
"""Estimates kept across decisions (same cards, same Caprices: same estimate); cleared when full."""

_MEMO: dict[tuple[object, tuple[int, ...], tuple[tuple[str, int], ...]], int] = {}


def evaluate(state: State, searcher: int | None = None) -> list[float]:
    """Each player's estimated end score in this (determinised) world, as `searcher` may judge it.

    Without a searcher every hand is estimated whole (the determinisation's
    guess included).
    """
    rules = state.rules
    caprices = state.caprices_in_play()
    blind = blind_value(rules)
    totals: list[float] = []
    for player in range(state.num_players):
        if searcher is None or player == searcher:
            cards, unseen = state.hands[player] + state.rallied[player], 0
        else:
            known = state.known[player]
            cards, unseen = known + state.rallied[player], len(state.hands[player]) - len(known)
        if player == state.current:
            owes_discard = state.phase == DISCARD and state.action != "noble"
            unseen += -1 if owes_discard else state.takes_left  # an average card still to go or to come
        totals.append(_estimate(state, cards, caprices) + unseen * blind)
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
rollouts of a few decisions made ismcts weaker; greedy rollouts of the opponent's reply, horizon 2, were no
stronger and 3x slower). Budget: see README (bench). Choices measured: notes of issue 10."""
