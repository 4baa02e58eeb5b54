"""The integer action encoding: every command a game can ever produce, numbered in one canonical order.

A game declares its command kinds in a fixed order, each with the domain of
each of its fields (lowest value, number of values). The action of a command
is its kind's offset plus the mixed-radix number of its fields, the first
field the most significant:

    action = offset(kind) + sum(field_i - low_i) * prod(size_j for j > i)

so kinds are blocks of consecutive ids, in the order declared, and within a
kind the fields count like the digits of a number. The order and domains are
fixed by the code (`engine/openspiel/<game>.py`) and by the ruleset (deck size,
number of tiles), never by a state, so an action id means the same command in
every state of a game with those parameters. docs/openspiel.md lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Kind:
    """One kind of command and the domain of each field: (lowest value, number of values)."""

    name: str
    fields: tuple[tuple[int, int], ...] = ()

    @property
    def size(self) -> int:
        """How many actions the kind spans."""
        count = 1
        for _, values in self.fields:
            count *= values
        return count


class EncodingError(ValueError):
    """A command outside the declared encoding (a new kind or field value: extend the game's table)."""


class Codec:
    """Command kinds in their canonical order: (kind, field values) <-> action id."""

    def __init__(self, game: str, kinds: Sequence[Kind]) -> None:
        self.game = game
        self.kinds = tuple(kinds)
        self._by_name = {kind.name: kind for kind in self.kinds}
        self._offsets: dict[str, int] = {}
        offset = 0
        for kind in self.kinds:
            self._offsets[kind.name] = offset
            offset += kind.size
        self.size = offset
        """num_distinct_actions: one past the highest action id."""

    def encode(self, kind_name: str, values: Sequence[int]) -> int:
        """The action id of a command of `kind_name` with these field values."""
        kind = self._by_name.get(kind_name)
        if kind is None or len(values) != len(kind.fields):
            raise EncodingError(f"{self.game}: command kind {kind_name!r} with {len(values)} fields is not in the "
                                "action encoding; add it to engine/openspiel/ and docs/openspiel.md")
        number = 0
        for value, (low, count) in zip(values, kind.fields):
            digit = int(value) - low
            if not 0 <= digit < count:
                raise EncodingError(f"{self.game}: {kind_name} field value {value} is outside {low}..{low + count - 1}"
                                    "; widen its domain in engine/openspiel/")
            number = number * count + digit
        return self._offsets[kind_name] + number

    def decode(self, action: int) -> tuple[str, tuple[int, ...]]:
        """The kind and field values of an action id (for labels; apply_action looks up the legal commands)."""
        for kind in reversed(self.kinds):
            offset = self._offsets[kind.name]
            if action >= offset:
                number, values = action - offset, []
                for low, count in reversed(kind.fields):
                    number, digit = divmod(number, count)
                    values.append(low + digit)
                return kind.name, tuple(reversed(values))
        raise EncodingError(f"{self.game}: action {action} is negative")


class ActionIds:
    """command -> action id, remembered: a rollout asks for the same few hundred commands thousands of times.

    Sound because equal commands have equal fields in every game (commands are plain values; the one bool
    field, Four Gardens' `collect`, is never given as an int), which tests/openspiel checks on random games.
    """

    def __init__(self, codec: Codec, fields: Callable[[Any], tuple[str, Sequence[int]]]) -> None:
        self.codec = codec
        self.fields = fields
        self._known: dict[Any, int] = {}

    def __call__(self, command: Any) -> int:
        action = self._known.get(command)
        if action is None:
            action = self._known[command] = self.codec.encode(*self.fields(command))
        return action
