"""4 Gods: real-time tile laying, simulated as a discrete-event game.

Players build an 8x8 world from two-sided landscape tiles, claim the gods of
landscapes, send prophets to regions and found cities; the god with the most
points wins. Real time is a discrete-event clock: a player commits to an
action from the board it sees, the action happens a think time later (drawn
per action type and the player's pace, chosen by its agent's name, see
`clock.py`), or fails if another player made it impossible meanwhile; then
the player plans again. Rules live in `rules.py`/`actions.py`/`decide.py`,
state changes in `evolve.py`, scoring in `scoring.py`, hidden information
in `hidden.py`, all ruleset data in `rulesets/*.toml`.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.game import GameFacts
from engine.core.ruleset import Ruleset
from engine.gods import config as gods_config
from engine.gods import decide as gods_decide
from engine.gods import rules
from engine.gods.clock import mean_think_ms, profile_of
from engine.gods.commands import Command
from engine.gods.events import COLUMNS, GODS_EVENTS, TilesDealt
from engine.gods.evolve import evolve
from engine.gods.greedy import AGENTS, greedy_value
from engine.gods.hidden import resample_hidden
from engine.gods.scoring import score_all
from engine.gods.search import PROFILE as SEARCH_PROFILE
from engine.gods.search import SEARCH_AGENTS
from engine.gods.state import GodsState, GodsView, fingerprint, new_state, view_of

# Every action is two events (planned, then carried out or failed); waits and
# failed attempts have no bound in the rules, so this is a generous guard
# against a runaway game rather than a count (observed games stay far below).
MAX_EVENTS = 20000
# standard: cities 8 x 5 + regions (each tile in at most 4 regions) + both bonuses = 316;
# the bound leaves room for rulesets with bigger city points or bonuses.
MAX_SCORE = 1000


class GodsGame:
    """The 4 Gods rules behind the engine's Game protocol."""

    id = "gods"
    # no clock in the log: every moment is a sum of logged think times (`stg_gods__events` derives it; replay
    # gives it), so rows are grouped by event type like the other games' (5.2 -> ~3.6 bytes per event)
    facts = GameFacts(player_counts=(2, 3, 4), max_events=MAX_EVENTS, score_bounds=(0, MAX_SCORE),
                      log_clock=False)
    columns = COLUMNS
    event_types = GODS_EVENTS
    default_ruleset = "standard"
    ruleset_game = "gods"
    agents = {**AGENTS, **SEARCH_AGENTS}
    search = SEARCH_PROFILE

    def load_ruleset(self, name_or_path: str) -> Ruleset:
        """A validated ruleset by name (rulesets/NAME.toml) or path."""
        return gods_config.load(name_or_path)

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> GodsState:
        """Empty world, every tile in the bag; each seat's timing profile from its agent's name (default without)."""
        config = gods_config.config_of(ruleset)
        if num_players not in config.player_counts:
            raise ruleset.error("players.counts", f"{num_players} players not allowed (allowed {config.player_counts})")
        if agents and len(agents) != num_players:
            raise ValueError(f"gods: {len(agents)} agent names for {num_players} players")
        names = agents or ("",) * num_players
        return new_state(config, [profile_of(config, name) for name in names])

    def setup(self, state: GodsState, chance: Chance) -> list[Event]:
        """Deal each player's starting tiles from the bag, draw the tie order; everybody starts planning at 0.

        Every tile is drawn when it comes out (`chance.draw`), so the bag never
        has an order a recorded playtest would have to invent.
        """
        config = state.config
        k = config.start_tiles
        seats = list(range(state.num_players))
        tie_order = chance.draw("tie_order", seats, len(seats))
        bag = list(range(len(config.tiles)))
        events: list[Event] = []
        for p, profile in enumerate(state.profile):
            tiles = chance.draw("tile", bag, k, owner=p)
            bag = [t for t in bag if t not in tiles]
            mean_ms = round(mean_think_ms(config, profile, "place"))
            events.append(TilesDealt(p, tuple(tiles), profile, mean_ms, tie_order.index(p)))
        return events

    def to_move(self, state: GodsState) -> int | None:
        """The player planning now (None when the game is over)."""
        return gods_decide.to_move(state)

    def legal_commands(self, state: GodsState, player: int) -> list[Command]:
        """Everything the player may do now."""
        return rules.legal_commands(state, player)

    def decide(self, state: GodsState, command: Command, rng: Chance) -> list[Event]:
        """Validate a command and return its events."""
        return gods_decide.decide(state, command, rng)

    def evolve(self, state: GodsState, event: Event) -> GodsState:
        """Apply one event."""
        return evolve(state, event)

    def view(self, state: GodsState, player: int) -> GodsView:
        """What the player sees: not the bag order, not other players' tiles in hand."""
        return view_of(state, player)

    def resample_hidden(self, state: GodsState, player: int, rng: random.Random) -> GodsState:
        """A copy with the bag, other players' hands and their plans in progress re-dealt (see `hidden`)."""
        return resample_hidden(state, player, rng)

    def scores(self, state: GodsState) -> list[float]:
        """Each player's score on the current board."""
        return [float(s.total) for s in score_all(state)]

    def fingerprint(self, state: GodsState) -> Any:
        """The facts of a state, for the digest."""
        return fingerprint(state)

    def greedy_value(self, view: GodsView, command: Command) -> float:
        """One-ply value of a command for the greedy agents."""
        return greedy_value(view, command)


GAME = GodsGame()
