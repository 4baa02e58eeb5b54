"""Our games as OpenSpiel Python games: `register()`, then `pyspiel.load_game("balance_caprices", {...})`.

One generic game class wraps any engine `Game` through its `Spec`
(engine/openspiel/spec.py): decisions are the rules' legal commands under
the game's integer encoding (engine/openspiel/<game>.py), chance is explicit
(engine/openspiel/chance.py), the information state is the player's view,
`resample_from_infostate` is the game's `resample_hidden`, and the returns
are win shares (1/k to each of the k best scores, else 0) or, with
`returns=score`, the scores. The state keeps the game's event log: a game
played through OpenSpiel has the same events and digest as the same game
played by the driver with the same choices and chance outcomes.

Parameters: players, ruleset (name or path), seed (logged in game_started,
as the driver does), agents (comma-separated seat agent names: 4 Gods takes
each seat's pace from it), returns (win_share | score).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from engine.core.driver import canonical, fold, state_digest
from engine.core.events import Event, GameSealed, GameStarted
from engine.core.ruleset import Ruleset
from engine.openspiel.chance import ChanceNode, NeedChance, ProbeChance
from engine.openspiel.codec import ActionIds
from engine.openspiel.spec import SPECS, get_spec
from engine.registry import get_game

PREFIX = "balance_"
SETUP = "setup"
"""The pending step before the first decision: the rules' setup (its draws are chance nodes)."""
ACTIONS_PER_EVENT = 4
"""max_game_length: the declared maximum of events times this. Every decision logs at least one event; random
games take 0.8 (Caprices, 5 players) to 1.3 (Four Gardens, 4 Gods, 4 players) actions, chance included, per
event; random_sim_test and tests/openspiel check each game's history against the bound."""


def register() -> None:
    """Register every adapted game with pyspiel (once; a second call does nothing)."""
    known = set(pyspiel.registered_names())
    for game_id in SPECS:
        if PREFIX + game_id not in known:
            pyspiel.register_game(_game_type(game_id), game_class(game_id))


def game_class(game_id: str) -> type[BalanceGame]:
    """The game class of an engine game id (classes, not closures: pyspiel keeps its factories past interpreter
    shutdown, where a lambda aborts it, and pickles a game by its class's name)."""
    return _CLASSES[game_id]


def _game_type(game_id: str) -> pyspiel.GameType:
    engine = get_game(game_id)
    counts = engine.facts.player_counts
    params = {"players": min(counts), "ruleset": engine.default_ruleset, "seed": 0, "agents": "",
              "returns": "win_share"}
    return pyspiel.GameType(
        short_name=PREFIX + game_id, long_name=f"balance {game_id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts), min_num_players=min(counts),
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification=params)


class BalanceGame(pyspiel.Game):
    """One engine game with a ruleset and a player count (`register` makes a subclass per game id)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None, live: Any = None) -> None:
        """From the parameters; or, with `live` (an engine state), a game for searching from that state on:
        its states come from `from_engine_state`, and it keeps no log (an agent's search, `agent.py`)."""
        params = dict(params or {})
        self.engine = get_game(self.game_id)
        self.spec = get_spec(self.game_id)
        self.seed = int(params.get("seed", 0))
        agents = str(params.get("agents", ""))
        self.agents = tuple(agents.split(",")) if agents else ()
        self.ruleset: Ruleset | None
        if live is None:
            self.ruleset = self.engine.load_ruleset(str(params.get("ruleset", self.engine.default_ruleset)))
            self.players = int(params.get("players", min(self.engine.facts.player_counts)))
            live = self._start()
        else:
            self.ruleset = None
            self.players = len(self.engine.scores(live))
            params = {"players": self.players}
        self.score_returns = str(params.get("returns", "win_share")) == "score"
        self.codec = self.spec.codec(live)
        self.action_id = ActionIds(self.codec, self.spec.fields)
        low, high = self.engine.facts.score_bounds if self.score_returns else (0.0, 1.0)
        think = self.spec.longest_think
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=max(think(live) if think is not None else 1, self.spec.largest_pool(live)),
            num_players=self.players, min_utility=float(low), max_utility=float(high),
            max_game_length=ACTIONS_PER_EVENT * self.engine.facts.max_events)
        super().__init__(_game_type(self.game_id), info, params)

    def new_initial_state(self) -> BalanceState:
        return BalanceState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """Strings only (no tensors): the information state when perfect recall is asked for, else the view."""
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return _Observer(perfect_recall)

    def from_engine_state(self, state: Any, decisions: int) -> BalanceState:
        """An OpenSpiel state at a decision of a game in progress (no log: for searching from it)."""
        return BalanceState(self, _Table(self, state, None, decisions))

    def _start(self) -> Any:
        assert self.ruleset is not None, "a search game has no initial state"
        return self.engine.initial_state(self.ruleset, self.players, self.seed, self.agents)

    def __deepcopy__(self, memo: dict[int, Any]) -> BalanceGame:
        return self  # immutable once made; the states share it


class BalanceState(pyspiel.State):
    """The engine state, the pending command and its chance outcomes so far, and the event log."""

    def __init__(self, game: BalanceGame, table: _Table | None = None) -> None:
        super().__init__(game)
        self._table_now = table  # None: the initial table, made when first asked for (a clone replaces it first)

    @property
    def _table(self) -> _Table:
        if self._table_now is None:
            self._table_now = _initial_table(self.get_game())
        return self._table_now

    @property
    def _game(self) -> BalanceGame:
        return self._table.game

    def current_player(self) -> int:
        table = self._table
        if table.node is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.TERMINAL) if table.mover is None else table.mover

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._table.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self._table.node
        assert node is not None, "not a chance node"
        return list(node.outcomes)

    def _apply_action(self, action: int) -> None:
        table = self._table
        if table.node is not None:
            table.given.append(action)
        else:
            player = self.current_player()
            table.pending, table.owner = table.legal(player)[action], player
            table.given = []
            table.decisions += 1
        table.advance()

    def _action_to_string(self, player: int, action: int) -> str:
        node = self._table.node
        if player == pyspiel.PlayerId.CHANCE and node is not None:
            return node.label(action)
        kind, values = self._game.codec.decode(action)
        return " ".join([kind, *map(str, values)])

    def is_terminal(self) -> bool:
        table = self._table
        return table.node is None and table.mover is None

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._game.players
        scores = self._game.engine.scores(self._table.state)
        if self._game.score_returns:
            return [float(s) for s in scores]
        best = max(scores)
        winners = sum(1 for s in scores if s == best)
        return [1.0 / winners if s == best else 0.0 for s in scores]

    def information_state_string(self, player: int | None = None) -> str:
        """The player's view and how many decisions were made (public), plus its own pending command."""
        player = self.current_player() if player is None else player
        table = self._table
        mine = table.pending if table.node is not None and table.owner == player else None
        return f"decision {table.decisions} | {self.observation_string(player)} | pending {mine!r}"

    def observation_string(self, player: int | None = None) -> str:
        """What the player sees now: its view as plain values."""
        player = self.current_player() if player is None else player
        game = self._game
        return repr(canonical(game.spec.view_key(game.engine.view(self._table.state, player))))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BalanceState:
        """A state the player cannot tell from this one: everything hidden from it re-dealt (`resample_hidden`)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        game, table = self._game, self._table
        assert table.node is None, "resample at a decision, not in the middle of a command's chance outcomes"
        return BalanceState(game, _Table(game, game.engine.resample_hidden(table.state, player_id, rng), None,
                                         table.decisions))

    def events(self) -> list[Event]:
        """The game's event log so far (sealed once the game is over); not kept by a resampled state."""
        if self._table.events is None:
            raise ValueError("a resampled state keeps no event log: its hidden facts are invented")
        return list(self._table.events)

    def engine_state(self) -> Any:
        """The engine state (read-only: the adapter's moves change it)."""
        return self._table.state

    def __str__(self) -> str:
        table, engine = self._table, self._game.engine
        return f"{engine.id} after {table.decisions} decisions: {state_digest(engine, table.state)}"


class BalanceCaprices(BalanceGame):
    game_id = "caprices"


class BalanceGardens(BalanceGame):
    game_id = "gardens"


class BalanceGods(BalanceGame):
    game_id = "gods"


_CLASSES: dict[str, type[BalanceGame]] = {c.game_id: c for c in (BalanceCaprices, BalanceGardens, BalanceGods)}


def _initial_table(game: BalanceGame) -> _Table:
    """game_started, then the setup up to its first chance node."""
    if game.ruleset is None:
        raise ValueError(f"{game.game_id}: a search game has no initial state; use from_engine_state")
    start = GameStarted(game.seed, game.players, game.ruleset.name, game.ruleset.digest,
                        game.agents or ("",) * game.players)
    table = _Table(game, game._start(), [start])
    table.pending = SETUP
    table.advance()
    return table


class _Observer:
    """OpenSpiel's observer interface, strings only (our views are not tensors)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: BalanceState, player: int) -> None:
        return None

    def string_from(self, state: BalanceState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


class _Table:
    """The mutable part of a state; its deepcopy copies the engine state the game's own way (state.clone())."""

    __slots__ = ("game", "state", "events", "decisions", "pending", "owner", "given", "node", "mover", "_legal")

    def __init__(self, game: BalanceGame, state: Any, events: list[Event] | None, decisions: int = 0) -> None:
        self.game = game
        self.state = state
        self.events = events
        self.decisions = decisions
        self.pending: Any = None  # SETUP, or the command being decided until its chance outcomes are all known
        self.owner: int | None = None  # who gave the pending command (it knows it; the others do not yet)
        self.given: list[int] = []
        self.node: ChanceNode | None = None
        self.mover: int | None = game.engine.to_move(state)  # who moves in `state` (kept: asked at every step)
        self._legal: tuple[int, dict[int, Any]] | None = None

    def legal(self, player: int) -> dict[int, Any]:
        """Action id -> command, for the player's legal commands now."""
        if self._legal is None or self._legal[0] != player:
            engine, action_id = self.game.engine, self.game.action_id
            commands = engine.legal_commands(self.state, player) if self.mover == player else []
            self._legal = (player, {action_id(c): c for c in commands})
        return self._legal[1]

    def advance(self) -> None:
        """Decide the pending step with the outcomes given; apply its events, or stop at the next chance node."""
        game, engine = self.game, self.game.engine
        law = game.spec.think_law
        pending = self.pending
        chance = ProbeChance(self.given, (lambda: law(self.state, pending)) if law is not None else None)
        try:
            if pending is SETUP:
                events = engine.setup(self.state, chance)
            else:
                events = engine.decide(self.state, pending, chance)
        except NeedChance as need:
            self.node = need.node
            return
        for event in events:
            self.state = engine.evolve(self.state, event)
        self.mover = engine.to_move(self.state)
        self.pending, self.owner, self.given, self.node, self._legal = None, None, [], None, None
        if self.events is not None:
            self.events.extend(events)
            if self.mover is None:
                self.events.append(GameSealed(state_digest(engine, self.state)))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        new = _Table(self.game, self.game.spec.copy(self.state), None if self.events is None else list(self.events),
                     self.decisions)
        new.pending, new.owner, new.given, new.node = self.pending, self.owner, list(self.given), self.node
        return new

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its event log (OpenSpiel serializes a Python state's attributes with pickle)."""
        if self.events is None:
            raise ValueError("a resampled state keeps no event log and cannot be serialized")
        game = (self.game.get_type().short_name, self.game.get_parameters())
        return _table_from_log, (game, self.events, self.decisions, (self.pending, self.owner), self.given, self.node)


def _table_from_log(name_params: tuple[str, dict[str, Any]], events: list[Event], decisions: int, pending: Any,
                    given: list[int], node: ChanceNode | None) -> _Table:
    """A table rebuilt by folding its event log through the rules (the unsealed part)."""
    register()
    game = pyspiel.load_game(*name_params)
    logged = events[:-1] if isinstance(events[-1], GameSealed) else events
    table = _Table(game, fold(game.engine, game.ruleset, logged), list(events), decisions)
    (table.pending, table.owner), table.given, table.node = pending, list(given), node
    return table

