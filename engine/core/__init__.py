"""What every game shares: events, the event buffer, the driver, rulesets, agents."""

from engine.core.agents import GreedyAgent, RandomAgent, make_agent
from engine.core.buffer import EventBuffer, lake_schema
from engine.core.chance import Chance, ChanceError, Outcome, ScriptedChance
from engine.core.driver import ListSink, NullSink, fold, play_game, play_out, replay, state_digest
from engine.core.errors import BalanceError, IllegalCommand, ReplayError, RulesetError, UnknownName
from engine.core.events import Event, GameSealed, GameStarted
from engine.core.game import Game, GameFacts
from engine.core.logread import events_from_table
from engine.core.ruleset import Provenance, Ruleset, load_ruleset, resolve_ruleset

__all__ = [
    "BalanceError", "Chance", "ChanceError", "Event", "EventBuffer", "Game", "GameFacts", "GameSealed", "GameStarted",
    "GreedyAgent", "IllegalCommand", "ListSink", "NullSink", "Outcome", "Provenance", "RandomAgent",
    "ReplayError", "Ruleset", "RulesetError", "ScriptedChance", "UnknownName", "events_from_table", "lake_schema",
    "fold", "load_ruleset", "make_agent", "play_game", "play_out", "replay", "resolve_ruleset", "state_digest",
]
