"""The features the `distilled` agent scores a Caprices command by: what the deciding player's view shows.

Per legal command: greedy's value of it relative to the best command's, its kind, the caste and printed
value of the card it takes or gives to the Zone, what that card would add to the next player's estimate
(on the cards known to be theirs), and late-game timing terms. Only the view is read, so nothing hidden is.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.caprices.agents.greedy import _in_play, assembly_estimate, blind_value, greedy_value
from engine.caprices.commands import Command
from engine.caprices.state import View

KINDS = ("recruit", "draw_deck", "rally", "bourgeoise", "noble", "discard", "take", "take_deck", "pass")
CASTES = ("peasant", "artisan", "bourgeoise", "knight", "noble", "minister_odd", "minister_even", "clerk",
          "merchant", "jester")
TAKES = frozenset(("recruit", "rally", "take"))
"""Commands that take the card they name into the player's assembly (a discard gives it to the Zone)."""
_CARD = 1 + len(KINDS)  # the named card's caste, taken then given
_VALUE = _CARD + 2 * len(CASTES)  # its printed value / 10, taken then given
_LATE = _VALUE + 2  # the round's share of the game, for a deck draw, a rally, a discard
_OTHERS = _LATE + 3  # the next player's estimated gain from the card (on what is known of them), taken then given
_GREEDY_BY = _OTHERS + 2  # greedy's relative value times the round's share, and for a discard
FEATURES = _GREEDY_BY + 2
FEATURES_VERSION = 1
"""Raised whenever what a column means changes: kept weights of another version are never read."""
"""Per command: greedy's value relative to the best command's, its kind, the named card's caste and value (as
taken or as given away), late-game timing terms, and what the card is worth to the next player. (5 of the 39 never
vary within a decision in the standard deck, so they learn nothing: the Jester's two caste columns, the pass,
the discard kind and its late-game term.)"""


def features(view: View, legal: Sequence[Command]) -> np.ndarray:
    """One row of FEATURES per legal command, from the view alone."""
    rules = view.rules
    values = np.array([greedy_value(view, command) for command in legal])
    rows = np.zeros((len(legal), FEATURES))
    rows[:, 0] = values - values.max()
    late = (view.round - view.deal * rules.rounds) / rules.rounds  # within the game (a Joust counts its match)
    blind = blind_value(rules)
    for i, command in enumerate(legal):
        kind = command.kind
        rows[i, 1 + KINDS.index(kind)] = 1.0
        if len(command.cards) == 1 and (kind in TAKES or kind == "discard"):
            card = command.cards[0]
            given = kind == "discard"
            caste = rules.castes[card]
            if caste in CASTES:
                rows[i, _CARD + given * len(CASTES) + CASTES.index(caste)] = 1.0
            rows[i, _VALUE + given] = rules.deck[card][1] / 10
            rows[i, _OTHERS + given] = (_next_players_gain(view, card) - blind) / 10
        rows[i, _LATE] = late * (kind == "draw_deck")
        rows[i, _LATE + 1] = late * (kind == "rally")
        rows[i, _LATE + 2] = late * (kind == "discard")
        rows[i, _GREEDY_BY] = rows[i, 0] * late
        rows[i, _GREEDY_BY + 1] = rows[i, 0] * (kind == "discard")
    return rows


def _next_players_gain(view: View, card: int) -> float:
    """What `card` would add to the next player's estimate, on the cards known to be theirs."""
    rules = view.rules
    other = (view.player + 1) % len(view.hand_sizes)
    caprices = _in_play(view.caprices)
    known, rallied = list(view.known[other]), view.rallied[other]
    return float(assembly_estimate(rules, [*known, card], rallied, caprices)
                 - assembly_estimate(rules, known, rallied, caprices))
