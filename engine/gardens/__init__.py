"""Four Gardens and its expansion The God's Caprice (game id `gardens`); see game.py."""
