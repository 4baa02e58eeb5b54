"""`distilled`: the reference search's choices learnt as a one-ply policy, Les caprices du roi's `strong` (issue 25).

At every decision the agent scores each legal command with a linear function
of what its own view shows (`features.py`) and plays the best (ties: legal
order). The weights are fitted (`distill.py`) to the visit shares of the
reference search (`ismcts-ref`) at the decisions of its own self-play games on
the ruleset in hand: expert iteration's distillation step, without the search
at play time. So it costs about what greedy costs (one estimate per command,
plus one of the next player's known cards for a card it takes or gives away)
and it plays the ruleset in hand: a what-if variant gets its own weights,
learnt on first use and kept on disk (`weights_for`); the standard ruleset's
ship with the code (`distilled_standard.json`, rebuilt by
`python -m simulate.distilled_weights`). Strength and price against the
reference search: docs/benchmarks.md, "Strong play at a tenth of the price".

The features see only the view (the hand, the cards seen entering the others'
hands, the Zone, the Caprices revealed, the round), so the agent never reads
hidden information, and it draws no random number: the same seed gives the
same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from engine.caprices.agents.distill import fingerprint, weights_for
from engine.caprices.agents.features import features
from engine.caprices.commands import Command
from engine.caprices.state import View

NAME = "distilled"


class DistilledAgent:
    """The legal command with the highest learnt score (`features` @ the ruleset's weights)."""

    searches = False
    reads_view = True

    def __init__(self, name: str = NAME) -> None:
        self.name = name
        self.plays = f"{NAME}@{fingerprint()}"  # what `strong` is (run records: `strong_plays`): these weights

    def choose(self, game: Any, view: View, legal: Sequence[Command], rng: random.Random) -> Command:
        if len(legal) == 1:
            return legal[0]
        return legal[int(np.argmax(features(view, legal) @ weights_for(view.rules, game)))]
