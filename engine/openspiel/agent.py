"""`os-ismcts[:N]`: OpenSpiel's IS-MCTS bot (`open_spiel.python.algorithms.ismcts`) as a balance agent.

It plays in our driver like any search agent: given its information set, it
builds the OpenSpiel state of one determinisation (`engine/openspiel/game.py`),
and the bot's every simulation starts from a fresh re-deal of the hidden
information (`InfoSet.sample`, the game's `resample_hidden`), so it sees
nothing its player cannot. It is OpenSpiel's algorithm as published: UCT
(c = 2) over information-state nodes, one uniformly random rollout to the end
of the game per leaf, returns = win shares, the most visited action. N is the
number of simulations per decision (default 100, at least 2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from engine.core.errors import UnknownName
from engine.core.game import Game, InfoSet
from engine.openspiel.game import game_class, register
from engine.openspiel.spec import SPECS

DEFAULT_SIMULATIONS = 100
MIN_SIMULATIONS = 2
"""The bot's first simulation expands the root and visits no action, so with one it has nothing to choose from
(`ISMCTSBot.get_final_policy` asserts a visit)."""
UCT_C = 2.0


class OpenSpielIsmcts:
    """The bot of `ismcts.ISMCTSBot`, asked once per decision with a new tree."""

    searches = True
    reads_view = True

    def __init__(self, name: str, simulations: int) -> None:
        self.name = name
        self.simulations = simulations

    def search(self, game: Game, info: InfoSet, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        root = info.sample(rng)
        register()
        os_game = game_class(game.id)(live=root)  # made per decision: a cheap object, and the seats' paces may differ
        np_rng = np.random.RandomState(rng.getrandbits(32))
        bot = ismcts.ISMCTSBot(os_game, mcts.RandomRolloutEvaluator(1, np_rng), UCT_C, self.simulations,
                               random_state=np_rng)
        bot.set_resampler(lambda state, player: os_game.from_engine_state(info.sample(rng), info.decision))
        action = bot.step(os_game.from_engine_state(root, info.decision))
        return {os_game.action_id(c): c for c in legal}[int(action)]

def make(name: str, game: Game | None) -> OpenSpielIsmcts:
    """`os-ismcts` or `os-ismcts:N` (N simulations per decision)."""
    parts = name.split(":")
    if len(parts) > 2 or parts[0] != "os-ismcts":
        raise UnknownName(f"agent {name!r}: write os-ismcts or os-ismcts:N (e.g. os-ismcts:1000)")
    if len(parts) == 2 and (not parts[1].isdigit() or int(parts[1]) < MIN_SIMULATIONS):
        raise UnknownName(f"agent {name!r}: N must be a whole number of simulations >= {MIN_SIMULATIONS} (the "
                          f"bot's first simulation only expands the root), got {parts[1]!r}")
    if game is not None and game.id not in SPECS:
        raise UnknownName(f"agent {name!r}: game {game.id!r} has no OpenSpiel adapter")
    return OpenSpielIsmcts(name, int(parts[1]) if len(parts) == 2 else DEFAULT_SIMULATIONS)
