"""Four Gardens (2-4 players) and its expansion The God's Caprice, as one `Game`: its facts and wiring.

The rules live in the files named in the package docstring (__init__.py);
this file declares the game's fixed facts and binds the protocol's members
to them. Rulesets: `base` and `gods-caprice` (see rulesets/*.toml; every
assumed value is there with its provenance).
"""

from __future__ import annotations

from pathlib import Path

from engine.core.agents import GreedyAgent
from engine.core.buffer import CORE_COLUMNS
from engine.core.game import GameFacts
from engine.core.ruleset import Ruleset, resolve_ruleset
from engine.gardens import events as ev
from engine.gardens.agents.greedy import greedy_value
from engine.gardens.agents.kernel import greedy, lookahead_kernel
from engine.gardens.agents.search import PROFILE as SEARCH_PROFILE
from engine.gardens.agents.search import SEARCH_AGENTS
from engine.gardens.agents.tile_value import tile_agents
from engine.gardens.commands import legal_commands, to_move
from engine.gardens.decide import decide
from engine.gardens.evolve import evolve
from engine.gardens.rules import MAX_SCORE, Rules, build_rules
from engine.gardens.ruleset_schema import SCHEMA
from engine.gardens.scoring import scores
from engine.gardens.setup import DEALT_TO_PLAYERS, setup
from engine.gardens.state import GardensView, State, fingerprint, new_state, resample_hidden
from engine.gardens.upcast import evolve_logged

RULESETS_DIR = Path(__file__).parent / "rulesets"
MAX_EVENTS = 40_000  # random agents until the round cap stay well below this


class GardensGame:
    """Four Gardens rules behind the engine's `Game` protocol."""

    id = "gardens"
    facts = GameFacts(player_counts=(2, 3, 4), max_events=MAX_EVENTS, score_bounds=(0.0, float(MAX_SCORE)))
    columns = ev.COLUMNS
    event_types = ev.EVENT_TYPES
    default_ruleset = "base"
    ruleset_game = "gardens"
    conformance_rulesets = ("base", "gods-caprice")
    search = SEARCH_PROFILE

    def __init__(self) -> None:
        self._rules: dict[tuple[str, str], Rules] = {}
        # prefer-<tile> / avoid-<tile>: greedy with a fixed bonus-tile choice; `strong`: lookahead:0.5 (issue 25);
        # greedy on the compiled kernel when it is built (agents/kernel.py), `greedy-python` never
        self.agents = {**tile_agents(), **SEARCH_AGENTS, "greedy": greedy, "greedy-python": GreedyAgent}

    def load_ruleset(self, name_or_path: str) -> Ruleset:
        """Load and validate a ruleset (RulesetError names the file and key at fault)."""
        ruleset = resolve_ruleset(self.id, RULESETS_DIR, name_or_path, SCHEMA, {**CORE_COLUMNS, **ev.COLUMNS})
        self.config(ruleset)
        return ruleset

    def config(self, ruleset: Ruleset) -> Rules:
        """The validated rules tables of a ruleset (built once per file and digest)."""
        key = (ruleset.path, ruleset.digest)
        if key not in self._rules:
            self._rules[key] = build_rules(ruleset)
        return self._rules[key]

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> State:
        """The table before setup: nothing dealt yet."""
        rules = self.config(ruleset)
        if num_players not in rules.player_counts:
            raise ruleset.error("players.counts", f"{num_players} players not allowed (allowed: {rules.player_counts})")
        return new_state(rules, num_players)

    # the protocol's members are the rules' own functions (evolve, view and legal_commands run for every
    # event and decision: no wrapper call); `decide` is given the game itself (its `check_turn` asks to_move)
    setup = staticmethod(setup)
    dealt = DEALT_TO_PLAYERS
    to_move = staticmethod(to_move)
    legal_commands = staticmethod(legal_commands)
    decide = decide
    evolve = staticmethod(evolve)
    evolve_logged = staticmethod(evolve_logged)
    view = staticmethod(GardensView)
    resample_hidden = staticmethod(resample_hidden)
    scores = staticmethod(scores)
    fingerprint = staticmethod(fingerprint)
    greedy_value = staticmethod(greedy_value)
    lookahead_kernel = staticmethod(lookahead_kernel)  # lookahead[:SHARE] on the kernel (engine.core.lookahead)


GAME = GardensGame()
