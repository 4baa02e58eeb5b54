"""Two agents side by side: CPU seconds per self-play game, same seeds, one run (issue 25's speed gate).

For every searchable game, each ruleset its conformance suite plays (Four
Gardens: base and The God's Caprice) and each player count asked for, game k
is played in uniform self-play by each agent in turn, with the same seed, so
both see the same deals and, game by game, the same machine load. Caches are
shared (the Caprices estimate memo serves every agent), so whoever plays a
deal second finds its estimates ready: the order alternates from one game to
the next, and an even number of games gives each agent the first turn equally
often (identical agents then measure about 1.0). Time is CPU
time of this process (`time.process_time`): a loaded machine stretches wall
time, not CPU time.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.core.agents import make_agent
from engine.core.driver import NullSink, play_game
from engine.core.game import Game
from engine.registry import GAMES, get_game


@dataclass(frozen=True)
class SideBySide:
    """One game, ruleset and player count: CPU seconds per self-play game of each agent."""

    game: str
    ruleset: str
    players: int
    games: int
    seconds: tuple[float, ...]  # per agent, in the order asked, summed over the games

    def per_game(self, agent: int) -> float:
        return self.seconds[agent] / self.games

    def ratio(self) -> float:
        """The first agent's CPU time over the last's (e.g. strong / ismcts-ref: 0.1 is ten times cheaper)."""
        return self.seconds[0] / self.seconds[-1]


def searchable_cells(players: Sequence[int]) -> Iterator[tuple[Game, str, int]]:
    """(game, ruleset, player count) for every game with a search profile (the Joust is Caprices' games)."""
    for game_id in sorted(GAMES):
        game = get_game(game_id)
        if game.search is None or game_id == "caprices-joust":
            continue
        for ruleset in getattr(game, "conformance_rulesets", (game.default_ruleset,)):
            for count in players:
                if count in game.facts.player_counts:
                    yield game, ruleset, count


def side_by_side(game: Game, ruleset_name: str, players: int, agents: Sequence[str], games: int,
                 seed: int) -> SideBySide:
    """Game k (seed + k) in self-play by each agent in turn; the CPU seconds of each agent's games.

    The order alternates game by game: the agent that plays a deal second finds the estimates of its cards
    memoised by the first (Caprices), so each agent goes first on half the deals.
    """
    ruleset = game.load_ruleset(ruleset_name)
    seconds = [0.0] * len(agents)
    for k in range(games):
        order = list(enumerate(agents))
        for i, name in order if k % 2 == 0 else reversed(order):
            seated = [make_agent(name, game) for _ in range(players)]
            started = time.process_time()
            play_game(game, ruleset, seated, seed + k, NullSink(), k)
            seconds[i] += time.process_time() - started
    return SideBySide(game.id, ruleset_name, players, games, tuple(seconds))
