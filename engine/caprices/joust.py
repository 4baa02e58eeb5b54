"""The Joust variant of Les caprices du roi as its own registered game (`caprices-joust`).

"For a slightly longer and more strategic experience, we recommend playing 4
games in a row and totalling the scores to determine the winner." One lake
game is one match; each game of it logs `deal_started` ... `deal_scored`, and
the match ends with `player_scored` (the totals). A separate game id keeps
matches out of every single-game metric while sharing the rules and rulesets.
"""

from engine.caprices.game import CapricesGame

GAME = CapricesGame("caprices-joust", joust=True)
"""One lake game is a match of `joust.deals` games, scores totalled (its rules: `joust_match.py`)."""
