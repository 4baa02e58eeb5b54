"""The contract every game module fulfils, and the facts it declares."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pyarrow as pa

from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.ruleset import Ruleset


@dataclass(frozen=True)
class GameFacts:
    """Fixed facts a game declares; the conformance suite checks them."""

    player_counts: tuple[int, ...]
    max_events: int
    score_bounds: tuple[float, float]
    log_order: str = "event_type"
    """How a part file's rows are ordered (`EventBuffer`): grouped by event type, which suits logs whose typed
    columns are each filled by a few event types (every game today), or "game" (game, then seq), for a log whose
    columns follow the game's course more than its event types. Every row holds its whole envelope either way."""


@dataclass(frozen=True)
class SearchProfile:
    """What a game tells the search: a cheap estimate of unfinished games and the default budget.

    `evaluate(state, searcher)` is each player's estimated final score in
    points as the searching player may judge it (it may read the whole state:
    the search only evaluates determinised worlds; a game may score the others
    on what the searcher can know of them, their public cards, rather than on
    the determinisation's guess at their hidden ones, which is cheaper and
    has no deal noise in it, or ignore `searcher`);
    a margin of `scale` points over the best opponent is worth a reward of
    0.73, of 2 `scale` 0.88. `horizon` is how many rollout decisions are
    played before evaluating; `iterations` is the budget of a bare `ismcts`.

    Action abstraction: when `strategic(view)` is given, only the decisions
    it accepts are searched (branches of the tree, the agent's budget); the
    others (e.g. which resource goes where once an action is chosen) are
    answered by the `tactical` agent, in the real game and inside the search
    alike, so one tree edge is a whole action and the search is spent where
    the choices differ.

    Progressive bias (Chaslot et al. 2008): with `prior` > 0, a new node's
    commands are ranked by the game's one-ply `greedy_value` (1 = the best,
    0 = the worst of the node), untried commands are expanded best first, and
    UCB adds `prior * rank / (visits + 1)`, a bonus that fades as the node's
    own statistics grow. It makes a small budget spend itself where the
    greedy evaluation points first, and lets the search overrule it.

    Progressive widening (unpruning, Chaslot et al. 2008): with `widening` > 0
    (and a prior), a node visited n times has at most `widening * sqrt(n + 1)`
    children, the greedy evaluation's best first. A small budget then
    compares a few strong candidates on several determinisations each
    instead of every command on one, where a single noisy sample decides.
    """

    evaluate: Callable[[Any, int], Sequence[float]]
    scale: float
    horizon: int
    iterations: int
    strategic: Callable[[Any], bool] | None = None
    tactical: str = "greedy"
    prior: float = 0.0
    widening: float = 0.0
    compiled: Callable[[Any], Any] | None = None
    """A game's compiled search (a pure accelerator): `compiled(agent)` gives an object whose `grow(game, info,
    root, seed, todo, stop_early)` runs the agent's iterations exactly as the Python search would from the stream
    `Chance(seed)` and returns how many ran (None where it cannot: the search then runs in Python), or gives None
    for an agent it cannot stand in for. The reference search (`ismcts-ref`) never uses it."""


class Game(Protocol):
    """Rules as pure-ish functions: `decide` validates, `evolve` applies.

    `evolve` may update the state in place and returns it; it never fails,
    never draws a random number and never reads a clock. `decide` never
    changes the state; chance outcomes it needs come from `chance.draw` at
    the moment they happen (so a recorded game can supply them) and are
    written into the events it returns.
    """

    id: str
    facts: GameFacts
    columns: dict[str, pa.DataType]
    event_types: tuple[type[Event], ...]
    default_ruleset: str
    @property
    def ruleset_game(self) -> str:
        """The game whose ruleset files it reads (its own id, or the base game's for a variant: caprices-joust)."""
        ...

    @property
    def agents(self) -> Mapping[str, Callable[[], Any]]:
        """The game's own agents beyond random and greedy, by name (empty when it has none)."""
        ...

    @property
    def search(self) -> SearchProfile | None:
        """What the search agent (`ismcts`) needs from the game; None when the game cannot be searched."""
        ...


    def load_ruleset(self, name_or_path: str) -> Ruleset: ...

    def initial_state(self, ruleset: Ruleset, num_players: int, seed: int, agents: tuple[str, ...] = ()) -> Any:
        """The state before setup; `agents` are the seats' agent names (e.g. for timing profiles)."""
        ...

    def setup(self, state: Any, chance: Chance) -> list[Event]: ...

    def to_move(self, state: Any) -> int | None: ...

    def legal_commands(self, state: Any, player: int) -> Sequence[Any]: ...

    def decide(self, state: Any, command: Any, chance: Chance) -> list[Event]: ...

    def evolve(self, state: Any, event: Event) -> Any: ...

    def evolve_logged(self, state: Any, event: Event) -> Any:
        """`evolve` for an event read from a log: today's events as `evolve`, older rows as the game's upcast.py
        reads them (a retired event, or an older version whose meaning needs the state); `evolve` knows only today's."""
        ...

    def view(self, state: Any, player: int) -> Any: ...

    def resample_hidden(self, state: Any, player: int, rng: random.Random) -> Any: ...

    def scores(self, state: Any) -> list[float]: ...

    def fingerprint(self, state: Any) -> Any: ...

    def greedy_value(self, view: Any, command: Any) -> float: ...


class InfoSet:
    """What a search agent is given instead of a bare view: its player's information set.

    It exposes only the player's view and `sample`, a full state in which
    everything hidden from the player is re-dealt by `game.resample_hidden`.
    A game whose `resample_hidden` depends only on the view (and the rng) so
    gives the agent nothing it could not see; the conformance suite checks that.
    """

    __slots__ = ("_game", "_state", "player", "decision")

    def __init__(self, game: Game, state: Any, player: int, decision: int) -> None:
        self._game = game
        self._state = state
        self.player = player
        self.decision = decision  # index of this decision in the game (public: everyone sees moves being made)

    def view(self) -> Any:
        """What the player sees."""
        return self._game.view(self._state, self.player)

    def sample(self, rng: random.Random) -> Any:
        """One determinisation: a state consistent with the view, hidden information drawn from `rng`."""
        return self._game.resample_hidden(self._state, self.player, rng)
