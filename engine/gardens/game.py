"""Four Gardens (2-4 players) and its expansion The God's Caprice, as one `Game`.

Players lay groundwork cards, turn the shared pagoda to collect resources,
complete groundworks to advance on four god tracks and finish panoramas for
bonus tiles. Rulesets: `base` and `gods-caprice` (see rulesets/*.toml; every
assumed value is there with its provenance).

Anatomy: config.py (rules as data), state.py (state and pending decisions),
events.py, evolve.py (apply events), commands.py / caprice.py (legal commands
and decide per decision), moves.py (shared steps), scoring.py, view.py,
greedy.py (one-ply evaluation).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.core.buffer import CORE_COLUMNS
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.core.game import GameFacts
from engine.core.ruleset import Ruleset, resolve_ruleset
from engine.gardens import events as ev
from engine.gardens.commands import DECISIONS, can_lay
from engine.gardens.config import MAX_SCORE, Config, build_config
from engine.gardens.evolve import evolve
from engine.gardens.greedy import greedy_value
from engine.gardens.ruleset_schema import SCHEMA
from engine.gardens.scoring import score
from engine.gardens.search import PROFILE as SEARCH_PROFILE
from engine.gardens.state import State, new_state
from engine.gardens.tile_value import tile_agents
from engine.gardens.view import GardensView, fingerprint, resample_hidden

RULESETS_DIR = Path(__file__).parent / "rulesets"
MAX_EVENTS = 40_000  # random agents until the round cap stay well below this


class GardensGame:
    """Four Gardens rules behind the engine's `Game` protocol."""

    id = "gardens"
    facts = GameFacts(player_counts=(2, 3, 4), max_events=MAX_EVENTS, score_bounds=(0.0, float(MAX_SCORE)),
                      log_counters=False)  # seq, round, turn and player: one shape string per game
    columns = ev.COLUMNS
    event_types = ev.EVENT_TYPES
    default_ruleset = "base"
    ruleset_game = "gardens"
    conformance_rulesets = ("base", "gods-caprice")
    search = SEARCH_PROFILE

    def __init__(self) -> None:
        self._configs: dict[tuple[str, str], Config] = {}
        self.agents = tile_agents()  # prefer-<tile> / avoid-<tile>: greedy with a fixed bonus-tile choice

    def load_ruleset(self, name_or_path: str) -> Ruleset:
        """Load and validate a ruleset (RulesetError names the file and key at fault)."""
        ruleset = resolve_ruleset(self.id, RULESETS_DIR, name_or_path, SCHEMA, {**CORE_COLUMNS, **ev.COLUMNS})
        self.config(ruleset)
        return ruleset

    def config(self, ruleset: Ruleset) -> Config:
        """The validated rules tables of a ruleset (built once per file and digest)."""
        key = (ruleset.path, ruleset.digest)
        if key not in self._configs:
            self._configs[key] = build_config(ruleset)
        return self._configs[key]

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> State:
        """The table before setup: nothing dealt yet."""
        config = self.config(ruleset)
        if num_players not in config.player_counts:
            allowed = config.player_counts
            raise ruleset.error("players.counts", f"{num_players} players not allowed (allowed: {allowed})")
        return new_state(config, num_players)

    def setup(self, state: State, chance: Chance) -> list[Event]:
        """Shuffle the deck, stack the pagoda, deal hands and the display, lay out Caprice tiles.

        Every card and tile is drawn as it is dealt or turned up (`chance.draw`),
        so a recorded game can name them; the pagoda's floor order is drawn whole.
        """
        config = state.config
        deck = list(range(len(config.cards)))
        levels = chance.draw("pagoda", range(4), 4)
        # one face reads 3,2,1,0 bottom to top: side 0 of level L shows 3 - L icons
        rotations = tuple(config.side_counts.index(3 - level) for level in range(4))
        events: list[Event] = [ev.CardsShuffled((), "setup"), ev.PagodaBuilt(tuple(levels), rotations)]
        for player in range(state.num_players):
            hand = chance.draw("hand", deck, config.hand_size)
            events.append(ev.HandDealt(player, tuple(hand)))
            deck = [c for c in deck if c not in hand]
        events.append(ev.DisplayRefilled(tuple(chance.draw("display", deck, config.display_size))))
        if config.caprice:
            tiles = sorted(config.caprice_tiles)
            events.append(ev.CapriceTilesShuffled(tuple(tiles)))
            face_up = chance.draw("tile", tiles, int(config.caprice_values["face_up"]))
            events.extend(ev.CapriceTileRevealed(tile) for tile in face_up)
        return events

    def to_move(self, state: State) -> int | None:
        """Whoever owns the pending decision; None once the game has ended."""
        return state.todo[-1][1] if state.todo else None

    def legal_commands(self, state: State, player: int) -> Sequence[Any]:
        """The commands open to `player` at the pending decision."""
        if not state.todo or state.todo[-1][1] != player:
            return []
        if state.legal_cache is None:
            state.legal_cache = DECISIONS[state.todo[-1][0]][0](state, player)
        return state.legal_cache

    def decide(self, state: State, command: Any, chance: Chance) -> list[Event]:
        """Validate a command against the pending decision and return its events."""
        if not state.todo:
            raise IllegalCommand("game_over", "the game has ended")
        kind, player = state.todo[-1][0], state.todo[-1][1]
        legal = state.legal_cache if state.legal_cache is not None else self.legal_commands(state, player)
        if command not in legal:
            raise IllegalCommand(_rule_broken(state, player, kind, command), f"{command!r} at decision {kind!r}")
        return DECISIONS[kind][1](state, player, command, chance)

    # called for every event and every decision: bound straight to the functions (no wrapper call)
    evolve = staticmethod(evolve)
    view = staticmethod(GardensView)

    def resample_hidden(self, state: State, player: int, rng: random.Random) -> State:
        return resample_hidden(state, player, rng)

    def scores(self, state: State) -> list[float]:
        return [float(score(state, i)) for i in range(state.num_players)]

    def fingerprint(self, state: State) -> Any:
        return fingerprint(state)

    def greedy_value(self, view: GardensView, command: Any) -> float:
        return greedy_value(view, command)


def _rule_broken(state: State, player: int, kind: str, command: Any) -> str:
    """Name the rule a rejected command breaks (the common cases by name)."""
    if not isinstance(command, tuple) or not command:
        return "command_format"
    hand = state.players[player].hand
    if kind == "main" and command[0] == "lay" and len(command) == 2:
        if command[1] not in hand:
            return "card_not_in_hand"
        if len(state.players[player].groundworks) >= state.config.max_groundworks:
            return "groundwork_limit"
        if not can_lay(state, player, command[1]):
            return "same_panorama_number"
    if kind == "main" and state.actions_left <= 0 and command[0] != "end":
        return "no_action_points"
    if kind == "main" and len(command) > 1 and command[1] not in hand and command[0] != "sabotage":
        return "card_not_in_hand"
    return f"not_legal_at_{kind}"


GAME = GardensGame()
