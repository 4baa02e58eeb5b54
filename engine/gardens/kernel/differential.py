"""The Four Gardens kernel against the Python rules and agents, state by state and game by game.

Rule level, at every decision of games played by `random`, `greedy` and `strong` (both rulesets, 2-4 players):
the state read into C and back, the legal commands, greedy's value of each, the search's estimate, the re-deal of
hidden cards, the state after the command played (and after one other legal command) with the random stream it
leaves; agent level: greedy's and `strong`'s decision at each of those states. Game level: whole self-play games
of `greedy` and `strong` on the kernel against the same games in Python, event by event.

The big run is `python -m simulate.gardens_kernel` (docs/benchmarks.md); tests/gardens/test_kernel.py runs a
small share.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.agents import make_agent
from engine.core.chance import Chance
from engine.core.driver import ListSink, NullSink, play_game
from engine.core.events import GameStarted
from engine.core.ruleset import Ruleset
from engine.gardens.agents.search import evaluate
from engine.gardens.game import GAME
from engine.gardens.kernel import core
from engine.gardens.state import State, clone, resample_hidden

RULESETS = ("base", "gods-caprice")
PLAYERS = (2, 3, 4)


def exact(state: State) -> tuple[Any, ...]:
    """Everything the C state holds, in Python's order (groundworks in laying order, unlike the fingerprint)."""
    players = tuple(
        (tuple(p.hand), tuple((c, tuple(r)) for c, r in p.groundworks.items()), tuple(p.storage), p.capacity,
         tuple((pid, size, tuple(cards)) for pid, size, cards in p.panoramas), tuple(p.track), p.completed,
         p.largest_panorama, p.extra_rewards, p.favor, tuple(p.bonus_types), tuple(sorted(p.tiles.items())))
        for p in state.players)
    return (
        players, tuple(state.deck), tuple(state.discard), tuple(state.display), tuple(state.levels),
        tuple(state.rotation), tuple(state.supply), tuple((k, tuple(v)) for k, v in state.base_tiles.items()),
        tuple(state.tile_stack), tuple(state.tile_face_up), tuple(sorted(state.sabotage.items())), tuple(state.todo),
        state.current, state.actions_left, state.end_triggered, state.end_reason, state.round, state.turn,
        state.turn_pending,
    )


def python_apply(state: State, command: Any, chance: Chance) -> State:
    after = clone(state)
    for event in GAME.decide(after, command, chance):
        after = GAME.evolve(after, event)
    return after


@dataclass
class Tally:
    """How many of each kind were compared, and the mismatches found (kind, where, detail)."""

    compared: dict[str, int] = field(default_factory=dict)
    mismatches: list[tuple[str, str, str]] = field(default_factory=list)

    def check(self, kind: str, where: str, python: Any, kernel: Any) -> None:
        self.compared[kind] = self.compared.get(kind, 0) + 1
        if python != kernel:
            self.mismatches.append((kind, where, f"python {python!r}\n  kernel {kernel!r}"))

    def total(self) -> int:
        return sum(self.compared.values())


def check_state(tally: Tally, state: State, player: int, legal: Sequence[Any], played: Any, where: str,
                seed: int, decisions: bool = True) -> None:
    """Every rule-level comparison at one decision (the state is left as it was)."""
    view = GAME.view(state, player)
    tally.check("round_trip", where, exact(state), core.round_trip(state))
    tally.check("legal", where, list(legal), core.legal_commands(state, player))
    tally.check("greedy_value", where, [GAME.greedy_value(view, c) for c in legal], core.greedy_values(state, player))
    tally.check("evaluate", where, evaluate(state), core.evaluate(state))
    python_rng, kernel_rng = random.Random(seed), random.Random(seed)
    tally.check("resample", where, exact(resample_hidden(state, player, python_rng)),
                core.resample(state, player, kernel_rng))
    other = legal[random.Random(seed).randrange(len(legal))]
    for command in {played: None, other: None}:
        python_chance, kernel_chance = Chance(seed), Chance(seed)
        after = exact(python_apply(state, command, python_chance))
        tally.check("apply", f"{where} {command}", (after, python_chance.getstate()),
                    (core.apply(state, command, kernel_chance), kernel_chance.getstate()))
    if decisions:
        check_decisions(tally, state, player, legal, where, seed)


def check_decisions(tally: Tally, state: State, player: int, legal: Sequence[Any], where: str, seed: int) -> None:
    """greedy's and strong's choice (and the streams they leave) in Python and in C, at one decision."""
    for name in ("greedy", "strong"):
        python_agent, kernel_agent = make_agent(f"{name}-python", GAME), make_agent(name, GAME)
        python_rng, kernel_rng = random.Random(seed), random.Random(seed)
        snapshot = clone(state)
        if name == "greedy":
            python = python_agent.choose(GAME, GAME.view(snapshot, player), legal, python_rng)
            kernel = kernel_agent.choose(GAME, GAME.view(snapshot, player), legal, kernel_rng)
        else:
            python = python_agent.search(GAME, _info(snapshot, player), legal, python_rng)
            kernel = kernel_agent.search(GAME, _info(snapshot, player), legal, kernel_rng)
        tally.check(f"decision_{name}", where, (python, python_rng.getstate()), (kernel, kernel_rng.getstate()))


def _info(state: State, player: int) -> Any:
    from engine.core.game import InfoSet
    return InfoSet(GAME, state, player, 0)


class _Enough(Exception):
    """Raised by the observer to stop a game once enough of its decisions are seen."""


def observed_games(ruleset: Ruleset, players: int, agent: str, games: int, seed: int, limit: int | None = None
                   ) -> Iterator[tuple[State, int, Sequence[Any], Any, str]]:
    """(state, player, legal, command, where) at every decision (the first `limit`) of `games` self-play games."""
    for g in range(games):
        seen = _decisions(ruleset, players, agent, seed + g, limit)
        for k, (state, player, legal, command) in enumerate(seen):
            yield state, player, legal, command, f"{ruleset.name} {players}p {agent} seed {seed + g} decision {k}"


def _decisions(ruleset: Ruleset, players: int, agent: str, seed: int, limit: int | None
               ) -> list[tuple[State, int, list[Any], Any]]:
    seen: list[tuple[State, int, list[Any], Any]] = []

    def observe(state: State, player: int, legal: Sequence[Any], command: Any) -> None:
        if limit is not None and len(seen) >= limit:
            raise _Enough
        seen.append((clone(state), player, list(legal), command))

    with contextlib.suppress(_Enough):
        play_game(GAME, ruleset, [make_agent(agent, GAME) for _ in range(players)], seed, NullSink(), observer=observe)
    return seen


def whole_games(tally: Tally, ruleset: Ruleset, players: int, agent: str, games: int, seed: int) -> None:
    """Self-play games on the kernel and in Python: event logs identical."""
    for g in range(games):
        logs = []
        for name in (f"{agent}-python", agent):
            sink = ListSink()
            play_game(GAME, ruleset, [make_agent(name, GAME) for _ in range(players)], seed + g, sink)
            started = sink.events[0]
            assert isinstance(started, GameStarted)
            logs.append([replace(started, agents=()), *sink.events[1:]])  # (the agents' names differ)
        tally.check(f"game_{agent}", f"{ruleset.name} {players}p seed {seed + g}", logs[0], logs[1])

