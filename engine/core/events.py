"""Event base class and the two events the core itself owns.

Every game event is a frozen, slotted dataclass deriving from `Event` with a
stable snake_case, past-tense `TYPE`. Field names that match a column the game
declares go to that typed column of the log; any other field goes to the JSON
`payload` column (only for fields no metric reads).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


class Event:
    """Base of every event; subclasses are `@dataclass(frozen=True, slots=True)`.

    `VERSION` is written to each row's `schema_version`. A class whose fields
    or meaning changed raises it and overrides `upcast`, which turns the field
    values of a row written by an older version into this version's (the
    reader calls it, so older lakes still read).
    """

    __slots__ = ()
    TYPE: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1
    DOC: ClassVar[str] = ""

    @classmethod
    def upcast(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        """Field values of a row of schema `version` (< VERSION) as this version's; by default unchanged."""
        return fields


def event_field_names(cls: type[Event]) -> tuple[str, ...]:
    """The dataclass field names of an event class, in declaration order (cached: replay asks once per row)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    return names


_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}


def fast_init(cls: type[Event]) -> type[Event]:
    """Give a frozen, slotted event class an `__init__` that fills its slots directly.

    The dataclass's own `__init__` of a frozen class calls `object.__setattr__`
    per field (looked up every time); this one calls each slot's setter, bound
    once: the same instance, 40% cheaper to build (an event per decision of
    every simulated game). Its `__repr__` gives the same text, faster. Only for
    classes without `__post_init__` or factory defaults (checked).
    """
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has __post_init__: keep the dataclass __init__")
    params, lines, bound = [], [], {}
    for i, f in enumerate(dataclasses.fields(cls)):  # type: ignore[arg-type]
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name} has a default factory: keep the dataclass __init__")
        if f.default is not dataclasses.MISSING:
            bound[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        else:
            params.append(f.name)
        bound[f"_set{i}"] = _slot(cls, f.name).__set__
        lines.append(f"        _set{i}(self, {f.name})")
    source = (f"def make({', '.join(bound)}):\n"
              f"    def __init__(self, {', '.join(params)}):\n" + "\n".join(lines or ["        pass"]) +
              "\n    return __init__\n")
    namespace: dict[str, Any] = {}
    exec(source, {}, namespace)  # noqa: S102 - code built from the class's own field names
    init = namespace["make"](**bound)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    _plain_repr(cls)
    return cls


def _plain_repr(cls: type[Event]) -> None:
    """The dataclass's `__repr__` text without its guard against self-reference (an event holds only values,
    never itself): 2.5x faster, and Caprices seals every game with the repr of its scoring events."""
    if not getattr(cls.__dict__.get("__repr__"), "__wrapped__", None):  # not the dataclass's own: keep it
        return
    shown = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in dataclasses.fields(cls) if f.repr)  # type: ignore[arg-type]
    namespace: dict[str, Any] = {}
    exec(f"def __repr__(self):\n    return f'{cls.__qualname__}({shown})'\n", {}, namespace)  # noqa: S102
    namespace["__repr__"].__qualname__ = f"{cls.__qualname__}.__repr__"
    cls.__repr__ = namespace["__repr__"]  # type: ignore[method-assign]


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor of field `name`: the class's own, or a base class's (a field it inherits)."""
    return next(klass.__dict__[name] for klass in cls.__mro__ if name in klass.__dict__)


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """First event of every game: what is needed to rebuild its initial state."""

    TYPE = "game_started"
    seed: int
    num_players: int
    ruleset: str
    ruleset_digest: str
    agents: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameSealed(Event):
    """Last event of every game: the digest of the final state (replay must match)."""

    TYPE = "game_sealed"
    digest: str


CORE_EVENTS: tuple[type[Event], ...] = (GameStarted, GameSealed)
