"""Les caprices du roi: rules engine, exact end scoring and greedy evaluation."""

from engine.caprices.scoring import Breakdown, score_assembly

__all__ = ["Breakdown", "score_assembly"]
