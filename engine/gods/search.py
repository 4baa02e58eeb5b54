"""What the search agent (`ismcts`) needs from 4 Gods: the score of an unfinished world.

A player's estimate is what it would score if the game ended now
(`scoring.score_all`: cities, landscapes it leads, the god bonuses), which
the search reads in determinised worlds only.
"""

from __future__ import annotations

from engine.core.ismcts import SearchProfile
from engine.gods.scoring import score_all
from engine.gods.state import GodsState


def evaluate(state: GodsState) -> list[float]:
    """Each player's score on the board as it stands."""
    return [float(s.total) for s in score_all(state)]


PROFILE = SearchProfile(evaluate=evaluate, scale=10.0, horizon=0, iterations=100)
"""Scale: a 10-point lead (two cities) is a reward of 0.73. Horizon and budget: see README (bench)."""
