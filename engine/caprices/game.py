"""Les caprices du roi (game id `caprices`): the `GAME` object the core driver plays.

Seed: `003_30aa0a9c23cb511b.txt` (its rule text, by file name). 2-5 players
(assumed) build an assembly over 6 rounds; each round one face-down Subject
card joins the Recruitment Zone and (rounds 1-4) one Caprice turns up with its
bonus token. A turn draws (recruit from the Zone or the pile, or rally a
Peasant/Artisan) then discards, or is replaced by a Bourgeoise or Noble turn.
End scoring finds each player's best Knight/Minister choices exactly
(`scoring.py`).

Modelling decisions (also in the ruleset notes): a turn is a sequence of
decisions by the same player (draw, then discard or takes); a Bourgeoise take
from the pile is the top card, blind (the seed's "of your choice from the
draw pile" could also mean searching the pile: not implemented); when the pile
is empty it cannot be drawn from, and a player who can draw nothing passes
(turn action `pass`). Who starts is the ruleset's `players.first`: seat 0
(the standard ruleset: a seat is then the turn order in round 1, and runs
rotate the agents through the seats, `lake/spec.py`), or the King aid
dealt at random as the seed says (a logged chance event).

Which file holds each rule: the package docstring (`engine/caprices/__init__.py`). The Joust variant's
game object is `joust.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.caprices.agents.greedy import greedy_value
from engine.caprices.agents.kernel_agents import AGENTS, JOUST_AGENTS
from engine.caprices.agents.search import PROFILE as SEARCH_PROFILE
from engine.caprices.commands import Command, legal_commands
from engine.caprices.decide import decide
from engine.caprices.events import COLUMNS, EVENT_TYPES, JOUST_COLUMNS, JOUST_EVENT_TYPES
from engine.caprices.evolve import evolve
from engine.caprices.joust_match import check_joust
from engine.caprices.rules import MAX_DEALS, compile_rules
from engine.caprices.ruleset_schema import SCHEMA
from engine.caprices.setup import DEALT_TO_PLAYERS, setup
from engine.caprices.state import State, resample_hidden, view_of
from engine.core.buffer import CORE_COLUMNS
from engine.core.chance import Chance
from engine.core.decision import check_turn
from engine.core.events import Event
from engine.core.game import GameFacts
from engine.core.ruleset import Ruleset, resolve_ruleset

RULESETS_DIR = Path(__file__).parent / "rulesets"

FACTS = GameFacts(player_counts=(2, 3, 4, 5), max_events=400, score_bounds=(0.0, 600.0))
"""Score bound: 13 cards x 10 + longest run with Merchants + families + all four Caprices stays under 600."""
JOUST_FACTS = GameFacts(player_counts=(2, 3, 4, 5), max_events=MAX_DEALS * 400,
                        score_bounds=(0.0, MAX_DEALS * 600.0))
"""A Joust match: at most MAX_DEALS games, each within the single game's bounds."""


class CapricesGame:
    """Les caprices du roi as a `Game`: one game (`caprices`), or a Joust match of several (`caprices-joust`).

    Both play the same caprices rulesets; the Joust reads their `[joust]` table.
    The rules are the package's functions, bound here as they are (no call in between on the hot path).
    """

    default_ruleset = "standard"
    ruleset_game = "caprices"
    """The `meta.game` of the rulesets both play."""
    agents: dict[str, Any] = AGENTS
    """Besides random and ismcts: greedy and `strong` = `distilled` (issue 25), on the compiled kernel when it is
    built (`agents/kernel_agents.py`). (A Joust has only greedy: its `strong` stays the reference search, since the
    policy learnt single games.)"""

    setup = staticmethod(setup)
    """Deal the hands and the face-down row, and open round 1."""
    legal_commands = staticmethod(legal_commands)
    evolve = staticmethod(evolve)
    evolve_logged = staticmethod(evolve)  # no event of an older version needs the state to be read
    view = staticmethod(view_of)
    resample_hidden = staticmethod(resample_hidden)
    fingerprint = staticmethod(State.fingerprint)
    """Primitive structure of the state for the digest."""
    greedy_value = staticmethod(greedy_value)
    """One-ply value of a command for the greedy agent."""

    def __init__(self, game_id: str = "caprices", joust: bool = False) -> None:
        self.id = game_id
        self.joust = joust
        if joust:
            self.agents = JOUST_AGENTS
        # a Joust deals again between its games, which a rotated first deal would not reach: no duplicate deals
        self.dealt = {} if joust else DEALT_TO_PLAYERS
        self.facts = JOUST_FACTS if joust else FACTS
        self.columns = JOUST_COLUMNS if joust else COLUMNS
        self.event_types = EVENT_TYPES + JOUST_EVENT_TYPES if joust else EVENT_TYPES
        self.search = SEARCH_PROFILE
        self.unplayed_keys = () if joust else ("joust.",)
        """Ruleset keys this game reads nowhere (one game ignores the Joust's table): no what-if varies them."""

    def load_ruleset(self, name_or_path: str) -> Ruleset:
        """A ruleset by name or path, fully checked (RulesetError names file and key)."""
        columns = {**CORE_COLUMNS, **self.columns}
        ruleset = resolve_ruleset(self.ruleset_game, RULESETS_DIR, name_or_path, SCHEMA, columns)
        rules = compile_rules(ruleset)
        if self.joust:
            check_joust(ruleset, rules)
        return ruleset

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> State:
        """An empty table for `num_players`; `setup` deals it."""
        rules = compile_rules(ruleset)
        if num_players not in rules.player_counts:
            allowed = rules.player_counts
            raise ruleset.error("players.counts", f"{num_players} players not supported; allowed: {allowed}")
        if self.joust:
            check_joust(ruleset, rules)
        return State(rules, num_players, rules.joust_deals if self.joust else 1)

    def to_move(self, state: State) -> int | None:
        """The player to decide, or None when the game is over."""
        return state.current

    def decide(self, state: State, command: Command, chance: Chance) -> list[Event]:
        """The events of `command` once the core's turn check passed (IllegalCommand names the rule)."""
        check_turn(self, state, command.player)
        return decide(state, command, chance)

    def scores(self, state: State) -> list[float]:
        """Final scores (0 for everybody before the end)."""
        return [float(s) for s in state.final_scores]


GAME = CapricesGame()
