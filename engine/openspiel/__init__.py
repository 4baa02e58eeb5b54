"""Our games as OpenSpiel games, and OpenSpiel's IS-MCTS as a balance agent (the optional `openspiel` extra).

Only `game.py` and `agent.py` import pyspiel; the rest (the action encodings,
explicit chance) is plain Python, so importing the package never needs it.

    codec.py     the integer action encoding shared by every game (kinds, field domains, mixed radix)
    caprices.py  gardens.py  gods.py   each game's encoding and what the adapter needs of it (its Spec)
    spec.py      the Spec and the registry of adapted games
    chance.py    explicit chance: the rules' draws and think times as chance nodes
    game.py      the pyspiel Game and State (`register()`; `pyspiel.load_game("balance_caprices", ...)`)
    agent.py     `os-ismcts[:N]`: OpenSpiel's Python IS-MCTS bot playing in our driver
    headtohead.py  ours against theirs: 2 players, seats rotated, win share with its interval, CPU per game
    rollout_bench.py  CPU per random rollout through the adapter (what one os-ismcts simulation plays)

docs/openspiel.md describes the encodings, chance, what 4 Gods keeps of real time, and the head-to-head.
"""
