"""The driver: plays one game from a seed and agents, logging every event.

The driver owns what every game shares: seeding, turn order via
`game.to_move`, asking agents, applying events, the envelope, and the
digest that seals the log. Games never re-implement these.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from engine.core.chance import Chance
from engine.core.duplicate import dealt_fields, rotate_deal, stream_seat
from engine.core.errors import ReplayError
from engine.core.events import Event, GameSealed, GameStarted
from engine.core.game import Game, InfoSet
from engine.core.ruleset import Ruleset
from engine.core.streams import DecisionStreams


class EventSink(Protocol):
    """Where the driver sends events: an EventBuffer, or a list for tests."""

    def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None: ...


class Agent(Protocol):
    """Chooses one of the legal commands from the player's view only.

    A search agent sets `searches = True`; the driver then calls its
    `search(game, info, legal, rng)` with an `InfoSet` (the view plus
    determinisations of the hidden rest) instead of `choose`. An agent that
    never reads its view sets `reads_view = False` and is passed None instead.
    """

    name: str
    searches: bool
    reads_view: bool

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...


Observer = Callable[[Any, int, Sequence[Any], Any], None]


class NullSink:
    """Discards events (to measure the cost of logging)."""

    def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
        return None


class ListSink:
    """Keeps events as a list, for tests and interactive inspection."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
        self.events.append(event)


def agent_seed(seed: int, seat: int) -> int:
    """A seat's agent seed, derived so that agents never share the game's stream."""
    return int.from_bytes(hashlib.blake2b(f"{seed}:{seat}".encode(), digest_size=8).digest(), "big")


def play_game(
    game: Game,
    ruleset: Ruleset,
    agents: Sequence[Agent],
    seed: int,
    sink: EventSink,
    game_id: int = 0,
    observer: Observer | None = None,
    rotation: int = 0,
) -> Any:
    """Play one complete game; every event goes to `sink`; returns the final state.

    `observer(state, player, legal, command)`, when given, sees each decision
    before it is applied (for conformance checks and decision sampling).
    `rotation` r plays the seed's deal with seat s given what setup dealt seat
    s + r, and that seat's agent stream (a duplicate deal: engine.core.duplicate).
    """
    rng = Chance(seed)
    players = len(agents)
    agent_rngs = [random.Random(agent_seed(seed, stream_seat(seat, rotation, players))) for seat in range(players)]
    start = GameStarted(seed, players, ruleset.name, ruleset.digest, tuple(a.name for a in agents))
    state, seq = begin(game, ruleset, start, rng, sink, game_id, rotation)
    state, seq = _play_from(game, state, agents, rng, agent_rngs, sink, game_id, seq, observer)
    seal(game, state, sink, game_id, seq)
    return state


def begin(game: Game, ruleset: Ruleset, start: GameStarted, chance: Chance, sink: EventSink, game_id: int = 0,
          rotation: int = 0) -> tuple[Any, int]:
    """Log `game_started` and the setup events (the deal rotated by `rotation`); returns the state and last seq."""
    state = game.initial_state(ruleset, start.num_players, start.seed, start.agents)
    seq = 0
    sink.append(game_id, seq, start, 0, 0, 0)
    setup = game.setup(state, chance)
    if rotation % start.num_players:
        setup = rotate_deal(setup, rotation, start.num_players, dealt_fields(game))
    for event in setup:
        seq += 1
        state = _apply(game, state, event, sink, game_id, seq)
    return state, seq


def apply_command(game: Game, state: Any, command: Any, chance: Chance, sink: EventSink, game_id: int, seq: int
                  ) -> tuple[Any, int]:
    """Decide one command (IllegalCommand leaves state and sink untouched), then apply and log its events."""
    for event in game.decide(state, command, chance):
        seq += 1
        state = _apply(game, state, event, sink, game_id, seq)
    return state, seq


def seal(game: Game, state: Any, sink: EventSink, game_id: int, seq: int) -> None:
    """Log `game_sealed` with the final state's digest (the last event of every game)."""
    sink.append(game_id, seq + 1, GameSealed(state_digest(game, state)), state.round, state.turn, state.clock_ms)


def play_out(
    game: Game,
    state: Any,
    agents: Sequence[Agent],
    seed: int,
    sink: EventSink | None = None,
    observer: Observer | None = None,
    streams: DecisionStreams | None = None,
) -> Any:
    """Continue a game from `state` (which it mutates: pass a copy) to its end.

    For rollouts from a mid-game state: chance and agents draw from streams
    seeded by `seed`, so two continuations with the same seed share their
    random numbers (common random numbers) until they first differ. With
    `streams` (engine.core.streams) every decision draws from streams keyed
    by where it happens instead, so branches keep drawing alike after they
    diverge (`seed` is then unused). Returns the final state.
    """
    if streams is not None:
        return _play_streamed(game, state, agents, streams, sink or NullSink(), observer)
    rng = Chance(seed)
    agent_rngs = [random.Random(agent_seed(seed, seat)) for seat in range(len(agents))]
    state, _ = _play_from(game, state, agents, rng, agent_rngs, sink or NullSink(), 0, 0, observer)
    return state


def _play_from(
    game: Game,
    state: Any,
    agents: Sequence[Agent],
    rng: Chance,
    agent_rngs: Sequence[random.Random],
    sink: EventSink,
    game_id: int,
    seq: int,
    observer: Observer | None,
) -> tuple[Any, int]:
    """The decision loop: ask whoever is to move, apply the events, until the end."""
    max_events = game.facts.max_events
    # bound methods hoisted: this loop runs once per decision of every simulated game
    to_move, legal_commands, decide, evolve = game.to_move, game.legal_commands, game.decide, game.evolve
    append = sink.append
    ask = askers(game, agents)
    decision = 0
    while (player := to_move(state)) is not None:
        legal = legal_commands(state, player)
        command = ask[player](state, player, legal, agent_rngs[player], decision)
        if observer is not None:
            observer(state, player, legal, command)
        for event in decide(state, command, rng):
            seq += 1
            state = evolve(state, event)
            append(game_id, seq, event, state.round, state.turn, state.clock_ms)
        decision += 1
        if seq > max_events:
            raise ReplayError(f"game {game_id} exceeded the declared maximum of {max_events} events")
    return state, seq


def _play_streamed(
    game: Game, state: Any, agents: Sequence[Agent], streams: DecisionStreams, sink: EventSink,
    observer: Observer | None,
) -> Any:
    """`_play_from` with chance and agent streams re-keyed at every decision (rollouts only)."""
    max_events, seq = game.facts.max_events, 0
    ask = askers(game, agents)
    decision = 0
    while (player := game.to_move(state)) is not None:
        chance, agent_rng = streams.at(state, player)
        legal = game.legal_commands(state, player)
        command = ask[player](state, player, legal, agent_rng, decision)
        decision += 1
        if observer is not None:
            observer(state, player, legal, command)
        for event in game.decide(state, command, chance):
            seq += 1
            state = game.evolve(state, event)
            sink.append(0, seq, event, state.round, state.turn, state.clock_ms)
        if seq > max_events:
            raise ReplayError(f"rollout exceeded the declared maximum of {max_events} events")
    return state


Asker = Callable[[Any, int, Sequence[Any], random.Random, int], Any]
"""(state, player, legal, rng, decision index) -> the command the seat's agent chooses."""


def askers(game: Game, agents: Sequence[Agent]) -> list[Asker]:
    """How to ask each seat's agent: a search agent gets its information set, any other agent its view."""
    view = game.view

    def ask_view(agent: Agent) -> Asker:
        choose = agent.choose
        if not agent.reads_view:  # (the random agent) chooses from the legal list alone
            return lambda state, player, legal, rng, decision: choose(game, None, legal, rng)
        return lambda state, player, legal, rng, decision: choose(game, view(state, player), legal, rng)

    def ask_search(agent: Any) -> Asker:
        search = agent.search
        return lambda state, player, legal, rng, decision: search(
            game, InfoSet(game, state, player, decision), legal, rng)

    return [ask_search(a) if a.searches else ask_view(a) for a in agents]


def _apply(game: Game, state: Any, event: Event, sink: EventSink, game_id: int, seq: int) -> Any:
    state = game.evolve(state, event)
    sink.append(game_id, seq, event, state.round, state.turn, state.clock_ms)
    return state


def replay(
    game: Game, ruleset: Ruleset, events: Sequence[Event], game_id: int = 0,
    envelopes: list[tuple[int, int, int]] | None = None,
) -> Any:
    """Rebuild the final state from a log and check its seal.

    Raises ReplayError (naming game and seq) when the log does not start with
    `game_started`, its ruleset digest differs, an event cannot apply, an
    event follows the seal, or the final digest differs. `envelopes`, when
    given, receives (round, turn, clock_ms) after each event but the first
    and the seal (what `balance verify` compares with the logged envelope).
    """
    if not events or not isinstance(events[-1], GameSealed):
        raise ReplayError(f"game {game_id}: log ends without game_sealed (truncated)")
    state = fold(game, ruleset, events[:-1], game_id, envelopes)
    actual = state_digest(game, state)
    if actual != events[-1].digest:
        raise ReplayError(
            f"game {game_id} seq {len(events) - 1}: digest mismatch (log {events[-1].digest}, replay {actual}); "
            "the log was altered or the rules changed since it was written"
        )
    return state


def fold(
    game: Game, ruleset: Ruleset, events: Iterable[Event], game_id: int = 0,
    envelopes: list[tuple[int, int, int]] | None = None,
) -> Any:
    """The state after a log prefix: `game_started` then any events (no seal needed).

    The loop is replay's hot path (every event of every verified game): it
    applies each event inline and turns a failure into a ReplayError naming
    the event's seq; `envelopes` as in `replay`.
    """
    logged = iter(events)
    first = next(logged, None)
    if first is None:
        raise ReplayError(f"game {game_id}: empty log")
    state = _start_from(game, ruleset, first, game_id)
    evolve, record = game.evolve_logged, (envelopes.append if envelopes is not None else None)
    seq, event = 0, first
    try:
        for seq, event in enumerate(logged, 1):
            if isinstance(event, GameSealed):
                raise ReplayError(f"game {game_id} seq {seq}: game_sealed before the end of the log")
            state = evolve(state, event)
            if record is not None:
                record((state.round, state.turn, state.clock_ms))
    except ReplayError:
        raise
    except Exception as exc:  # evolve never fails on a genuine log, so this is bad data
        detail = f"{event.TYPE} cannot be applied ({exc!r}); the log is corrupt"
        raise ReplayError(f"game {game_id} seq {seq}: {detail}") from None
    if state is None:
        raise ReplayError(f"game {game_id}: empty log")
    return state


def _start_from(game: Game, ruleset: Ruleset, event: Event, game_id: int) -> Any:
    if not isinstance(event, GameStarted):
        raise ReplayError(f"game {game_id} seq 0: first event is {event.TYPE!r}, expected game_started")
    if event.ruleset_digest != ruleset.digest:
        raise ReplayError(
            f"game {game_id}: logged with ruleset digest {event.ruleset_digest}, "
            f"replaying with {ruleset.name} ({ruleset.digest}); use the run's manifest ruleset"
        )
    return game.initial_state(ruleset, event.num_players, event.seed, event.agents)


def state_digest(game: Game, state: Any) -> str:
    """A short, stable hash of the game's fingerprint of a state."""
    text = repr(canonical(game.fingerprint(state)))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


_PRIMITIVES = (int, str, float, bool, type(None))


def canonical(value: Any) -> Any:
    """Nested tuples of primitives, with sets and dicts in sorted order."""
    if type(value) in _PRIMITIVES:  # most leaves: answered before the slower dataclass test
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(canonical(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, dict):
        return tuple(sorted((canonical(k), canonical(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(canonical(v) for v in value))
    if isinstance(value, (list, tuple)):
        return tuple(canonical(v) for v in value)
    return value
