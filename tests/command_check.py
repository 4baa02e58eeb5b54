"""`decide` rejects exactly what `legal_commands` leaves out (issue 8 item 14), for any game.

`CommandProbe` watches a game's decisions. At sampled ones it submits to
`decide` (which never changes the state):

- every listed command: it must be accepted;
- commands the list omits, each of which must be rejected with the typed
  `IllegalCommand`, never accepted and never a crash:
  * the commands listed at the previous sampled decision (submitted now) and
    at the next one (submitted to a copy of the earlier state), and a sample
    of every command listed earlier in the game;
  * the commands listed for every other player now;
  * systematic mutations of the listed commands: each field changed in turn
    (integers +-1, -1, a huge value, values other commands use there; other
    names for string fields; tuples shortened, lengthened, reversed, one
    element changed; plain-tuple commands one element shorter or longer).

Only well-typed commands are built (the game's own command types and field
types): a command object of the wrong type is a programming error, not a rule.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engine.core import Game, IllegalCommand, state_digest
from engine.core.chance import Chance

HUGE = 10**6
VOCABULARY_PER_FIELD = 64
"""Values remembered per command field (from listed commands) to build realistic wrong commands."""
RECENT = 400
"""Commands listed earlier in the game that are remembered (the most recent), and tried again at each sample..."""
RECENT_TRIED = 60
"""... this many of them."""


class CommandProbe:
    """Observer: at one decision in `every` (at random), checks accepted / rejected commands; collects mismatches."""

    def __init__(self, game: Game, seed: int, every: int = 4, mutants_per_state: int = 160) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.every = every
        self.mutants_per_state = mutants_per_state
        self.decisions = 0
        self.accepted = self.rejected = 0
        self.findings: list[str] = []
        self.vocabulary: dict[tuple[str, str], list[Any]] = {}
        self.recent: dict[str, Any] = {}
        self.pending: tuple[Any, list[Any]] | None = None

    def __call__(self, state: Any, player: int, legal: Sequence[Any], command: Any) -> None:
        self.decisions += 1
        legal = list(legal)
        if self.pending is not None:  # the decision after a sampled one: swap their commands
            earlier, earlier_legal = self.pending
            self.pending = None
            self.expect_rejected(state, legal, earlier_legal, "listed at the previous decision")
            self.expect_rejected(earlier, earlier_legal, legal, "listed at the next decision")
        if self.rng.random() * self.every >= 1:  # at random: a fixed stride could always land on one phase
            return
        self._learn(legal)
        before = state_digest(self.game, state)
        self.expect_accepted(state, legal)
        for other in range(getattr(state, "num_players", 0)):
            if other != player:
                self.expect_rejected(state, legal, list(self.game.legal_commands(state, other)),
                                     f"listed for player {other}")
        self.expect_rejected(state, legal, self._mutants(legal), "mutated")
        earlier = list(self.recent.values())
        self.expect_rejected(state, legal, self.rng.sample(earlier, min(RECENT_TRIED, len(earlier))),
                             "listed earlier in the game")
        self._remember(legal)
        if state_digest(self.game, state) != before:
            self.findings.append(f"{self.game.id}: decide changed the state")
        self.pending = (_copy(state), legal)

    def expect_accepted(self, state: Any, legal: list[Any]) -> None:
        for candidate in legal:
            try:
                self.game.decide(state, candidate, Chance(0))
                self.accepted += 1
            except IllegalCommand as exc:
                self.findings.append(f"listed but rejected: {candidate!r} ({exc})")

    def expect_rejected(self, state: Any, legal: list[Any], candidates: list[Any], how: str) -> None:
        """Each candidate that `legal` omits must raise IllegalCommand."""
        for candidate in candidates:
            if _listed(candidate, legal):
                continue
            try:
                self.game.decide(state, candidate, Chance(0))
            except IllegalCommand:
                self.rejected += 1
                continue
            except Exception as exc:  # noqa: BLE001 - any other exception is the finding
                self.findings.append(f"{how}, not listed, crashed decide: {candidate!r} -> {exc!r}")
                continue
            self.findings.append(f"{how}, not listed, but accepted by decide: {candidate!r}")

    def _remember(self, legal: list[Any]) -> None:
        for command in legal[:RECENT]:
            key = repr(command)
            self.recent.pop(key, None)
            self.recent[key] = command
        while len(self.recent) > RECENT:
            del self.recent[next(iter(self.recent))]

    def _learn(self, legal: list[Any]) -> None:
        for command in legal[:200]:
            for name, value in _fields(command):
                for item in _atoms(value):
                    seen = self.vocabulary.setdefault((type(command).__name__, name), [])
                    if item not in seen and len(seen) < VOCABULARY_PER_FIELD:
                        seen.append(item)

    def _mutants(self, legal: list[Any]) -> list[Any]:
        sources = legal if len(legal) <= 24 else self.rng.sample(legal, 24)
        out: list[Any] = []
        for command in sources:
            out += list(mutations(command, self._known(command), self.rng))
        return out if len(out) <= self.mutants_per_state else self.rng.sample(out, self.mutants_per_state)

    def _known(self, command: Any) -> Callable[[str], list[Any]]:
        kind = type(command).__name__
        return lambda name: self.vocabulary.get((kind, name), [])


def mutations(command: Any, known: Callable[[str], list[Any]], rng: random.Random) -> Iterator[Any]:
    """Well-typed variants of one command, one field changed at a time (and length changes of plain tuples)."""
    fields = _fields(command)
    for index, (name, value) in enumerate(fields):
        for variant in _variants(value, known(name), rng):
            if variant != value:
                yield _rebuild(command, index, name, variant)
    if type(command) is tuple and command:
        yield command[:-1]
        yield command + (command[-1],)


def _variants(value: Any, known: list[Any], rng: random.Random) -> list[Any]:
    others = [k for k in known if type(k) is type(value) and k != value]
    picked = rng.sample(others, min(3, len(others)))
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, HUGE, *picked]
    if isinstance(value, float):
        return [value + 1.0, -1.0]
    if isinstance(value, str):
        return [*picked, "no_such_" + value]
    if value is None:
        ints = [k for k in known if isinstance(k, int) and not isinstance(k, bool)]
        return [0, *ints[:2]]
    if isinstance(value, tuple):
        return _tuple_variants(value, known, rng)
    return []


def _tuple_variants(value: tuple[Any, ...], known: list[Any], rng: random.Random) -> list[Any]:
    out: list[Any] = [(), value[:-1], (*value, value[0]) if value else (0,), value[::-1]]
    atoms = [k for k in known if not isinstance(k, tuple)]
    for index, item in enumerate(value):
        for variant in _variants(item, atoms, rng)[:4]:
            out.append((*value[:index], variant, *value[index + 1:]))
    return out


def _fields(command: Any) -> list[tuple[str, Any]]:
    if dataclasses.is_dataclass(command) and not isinstance(command, type):
        return [(f.name, getattr(command, f.name)) for f in dataclasses.fields(command)]
    if isinstance(command, tuple) and hasattr(command, "_fields"):
        return list(zip(command._fields, command))
    if isinstance(command, tuple):
        return [(f"#{i}", v) for i, v in enumerate(command)]
    return []


def _rebuild(command: Any, index: int, name: str, value: Any) -> Any:
    if dataclasses.is_dataclass(command) and not isinstance(command, type):
        return dataclasses.replace(command, **{name: value})
    if hasattr(command, "_replace"):
        return command._replace(**{name: value})
    return (*command[:index], value, *command[index + 1:])


def _atoms(value: Any) -> list[Any]:
    """The value itself, and the items of a tuple (both are worth substituting elsewhere)."""
    return [value, *value] if isinstance(value, tuple) else [value]


def _listed(candidate: Any, legal: list[Any]) -> bool:
    return any(type(candidate) is type(command) and candidate == command for command in legal)


def _copy(state: Any) -> Any:
    """An independent copy of a state, sharing its compiled rules (which decide only reads)."""
    if hasattr(state, "copy"):
        return state.copy()
    shared = {id(getattr(state, name)): getattr(state, name) for name in ("rules", "config") if hasattr(state, name)}
    return copy.deepcopy(state, memo=shared)
