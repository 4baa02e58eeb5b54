"""4 Gods behind the engine's Game protocol: the game's fixed facts, and which module answers each question.

Players build an 8x8 world from two-sided landscape tiles, claim the gods of
landscapes, send prophets to regions and found cities; the god with the most
points wins. Real time is a discrete-event clock: a player commits to an
action from the board it sees, the action happens a think time later (drawn
per action type and the player's pace, chosen by its agent's name, see
`clock.py`), or fails if another player made it impossible meanwhile; then
the player plans again. Where each rule lives: the package docstring.
"""

from __future__ import annotations

from engine.core.agents import make_agent
from engine.core.game import GameFacts
from engine.core.ismcts import parse_ismcts
from engine.core.ruleset import Ruleset
from engine.gods import decide as gods_decide
from engine.gods.agents.greedy import AGENTS, greedy_value
from engine.gods.agents.hidden import resample_hidden
from engine.gods.agents.search import PROFILE as SEARCH_PROFILE
from engine.gods.agents.search import SEARCH_AGENTS
from engine.gods.agents.shortlist import NAME as SHORTLIST
from engine.gods.agents.shortlist import STRONG_SEARCH, GodsStrong, ShortlistAgent
from engine.gods.clock import profile_of
from engine.gods.events import COLUMNS, GODS_EVENTS
from engine.gods.evolve import evolve
from engine.gods.hands import DEALT_TO_PLAYERS, setup
from engine.gods.rules import config_of, load
from engine.gods.scoring import scores
from engine.gods.state import GodsState, fingerprint, new_state, view_of
from engine.gods.upcast import evolve_logged

# Every action is two events (planned, then carried out or failed); waits and
# failed attempts are bounded only by the idle end (`end.idle_ms`; none when it
# is 0), so this is a generous guard against a runaway game rather than a count
# (observed games stay far below).
MAX_EVENTS = 20000
# standard: cities 8 x 5 + regions (each tile in at most 4 regions) + both bonuses = 316;
# the bound leaves room for rulesets with bigger city points or bonuses.
MAX_SCORE = 1000


def strong_agent() -> GodsStrong:
    """4 Gods' `strong`: the shortlist at 2 players, STRONG_SEARCH (compiled) at 3 and 4, under the name `strong`."""
    return GodsStrong("strong", parse_ismcts(STRONG_SEARCH, GAME, make_agent, label="strong"))


class GodsGame:
    """The 4 Gods rules behind the engine's Game protocol."""

    id = "gods"
    facts = GameFacts(player_counts=(2, 3, 4), max_events=MAX_EVENTS, score_bounds=(0, MAX_SCORE))
    columns = COLUMNS
    event_types = GODS_EVENTS
    default_ruleset = "standard"
    ruleset_game = "gods"
    agents = {**AGENTS, **SEARCH_AGENTS, SHORTLIST: ShortlistAgent, "strong": strong_agent}
    """`strong`: `shortlist` at 2 players (greedy's close choices judged on re-dealt worlds), `ismcts:100` on the
    compiled kernel at 3 and 4, where the shortlist was measured weaker (agents/shortlist.py, issue 25)."""
    search = SEARCH_PROFILE

    load_ruleset = staticmethod(load)
    setup = staticmethod(setup)
    dealt = DEALT_TO_PLAYERS
    to_move = staticmethod(gods_decide.to_move)
    legal_commands = staticmethod(gods_decide.legal_commands)
    decide = gods_decide.decide  # a method: `check_turn` asks the game who is to move
    evolve = staticmethod(evolve)
    evolve_logged = staticmethod(evolve_logged)
    view = staticmethod(view_of)
    resample_hidden = staticmethod(resample_hidden)
    scores = staticmethod(scores)
    fingerprint = staticmethod(fingerprint)
    greedy_value = staticmethod(greedy_value)

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> GodsState:
        """Empty world, every tile in the bag; each seat's timing profile from its agent's name (default without)."""
        config = config_of(ruleset)
        if num_players not in config.player_counts:
            raise ruleset.error("players.counts", f"{num_players} players not allowed (allowed {config.player_counts})")
        if agents and len(agents) != num_players:
            raise ValueError(f"gods: {len(agents)} agent names for {num_players} players")
        names = agents or ("",) * num_players
        return new_state(config, [profile_of(config, name) for name in names])


GAME = GodsGame()
