"""What the adapter needs to know of a game beyond the `Game` protocol, per game, in a registry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.openspiel.chance import ThinkLaw
from engine.openspiel.codec import Codec
from engine.registry import lazy_entry


@dataclass(frozen=True)
class Spec:
    """A game's action encoding, how to copy its state, what of a view is information, its think-time law.

    `fields(command)` is the command's kind and field values (the codec numbers them); `codec(state)` the
    encoding and `largest_pool(state)` the largest chance draw (both read only the rules tables of a state,
    so any state of the game gives the same); `copy(state)` an independent copy; `view_key(view)` the view as
    plain values (rules tables left out); `think_law(state, command)` the law of the think time a command
    draws (4 Gods).
    """

    game_id: str
    codec: Callable[[Any], Codec]
    fields: Callable[[Any], tuple[str, tuple[int, ...]]]
    copy: Callable[[Any], Any]
    view_key: Callable[[Any], Any]
    largest_pool: Callable[[Any], int]
    think_law: Callable[[Any, Any], ThinkLaw] | None = None
    longest_think: Callable[[Any], int] | None = None
    """The most think-time outcomes any command of any seat can have (the largest such chance node)."""


SPECS: dict[str, str] = {
    "caprices": "engine.openspiel.caprices",
    "gardens": "engine.openspiel.gardens",
    "gods": "engine.openspiel.gods",
}
"""Engine game id -> the module whose SPEC adapts it (imported only when asked for)."""


def get_spec(game_id: str) -> Spec:
    """The adapter spec of an engine game."""
    return lazy_entry(SPECS, game_id, "SPEC", "OpenSpiel adapter")  # type: ignore[no-any-return]
