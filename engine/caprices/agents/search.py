"""What the search agent (`ismcts`) needs from Les caprices du roi: a cheap estimate of an unfinished game.

A player's estimate is the greedy agent's estimate of an assembly (`estimate.py`)
against the Caprices revealed so far. The searcher's own assembly (hand and
rallied cards) is estimated whole. An opponent is scored on what the searcher
can know of it: its rallied cards and the cards it was seen to take from the
Zone, estimated together (hand and rallied cards kept apart, as the Knight
sees them: `knight.takes_rallied`), plus each unseen card of its hand at the deck's mean
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

from engine.caprices.agents.greedy import assembly_estimate, blind_value
from engine.caprices.state import DISCARD, State
from engine.core.game import SearchProfile


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
            hand, unseen = state.hands[player], 0
        else:
            hand = state.known[player]
            unseen = len(state.hands[player]) - len(hand)
        if player == state.current:
            owes_discard = state.phase == DISCARD and state.action != "noble"
            unseen += -1 if owes_discard else state.takes_left  # an average card still to go or to come
        totals.append(assembly_estimate(rules, list(hand), tuple(state.rallied[player]), caprices) + unseen * blind)
    for scored in state.deal_scores:
        if scored.deal != state.deal:  # the game in hand is estimated above, also once it has been scored
            totals[scored.player] += scored.score
    return totals


PROFILE = SearchProfile(evaluate=evaluate, scale=20.0, horizon=0, iterations=200)
"""Scale: a 20-point lead is a reward of 0.73. Horizon 0: the leaf is evaluated where the tree ends (random
rollouts of a few decisions made ismcts weaker; greedy rollouts of the opponent's reply, horizon 2, were no
stronger and 3x slower). Budget: see README (bench). Choices measured: notes of issue 10."""
