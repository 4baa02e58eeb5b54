"""Four Gardens (both rulesets) as an OpenSpiel game: its action encoding.

A command is a tuple: its kind, then up to three fields, each a small integer
(a card id, a resource, a track, -1 = storage / none, -2 = supply), a word
(a bonus tile's name, a gift) or a flag. Every field of every kind has the
same domain of R = D + 2 values (D = the deck size): integer v is digit v + 2,
a word its index in `WORDS`, a flag 0 / 1. Kinds in the order of `KINDS`,
each spanning R ** (number of fields) ids.
"""

from __future__ import annotations

from typing import Any

from engine.gardens.rules import BASE_TILES, CAPRICE_TILES
from engine.gardens.state import GardensView, State, clone
from engine.openspiel.codec import Codec, Kind
from engine.openspiel.spec import Spec

KINDS: tuple[tuple[str, int], ...] = (
    ("start", 0), ("foresight", 0), ("lay", 1), ("rotate", 2), ("complete", 1), ("reallocate", 1), ("end", 0),
    ("wild", 1), ("place", 2), ("move", 3), ("done", 0), ("advance", 1), ("panorama", 0), ("bonus", 1),
    ("draw", 1), ("score", 0), ("blessing", 0), ("gift", 1), ("offering", 2), ("recovery", 1), ("discard", 1),
    ("arrange", 2), ("collect", 1), ("sabotage", 2), ("helping_hand", 1),
)
"""Every kind of command, in encoding order, with its number of fields."""
WORDS: tuple[str, ...] = (*BASE_TILES, *CAPRICE_TILES, "storage", "favor")
LOWEST = -2


def codec(state: State) -> Codec:
    radix = len(state.config.cards) - LOWEST
    if radix < len(WORDS):
        raise ValueError(f"gardens: a deck of {radix + LOWEST} cards is too small for the word encoding")
    return Codec("gardens", tuple(Kind(name, ((0, radix),) * arity) for name, arity in KINDS))


def fields(command: tuple[Any, ...]) -> tuple[str, tuple[int, ...]]:
    return command[0], tuple(_digit(value) for value in command[1:])


def _digit(value: Any) -> int:
    if isinstance(value, str):
        return WORDS.index(value)
    if isinstance(value, bool):
        return int(value)
    return int(value) - LOWEST


def view_key(view: GardensView) -> tuple[Any, ...]:
    return view.snapshot()


SPEC = Spec("gardens", codec, fields, clone, view_key, lambda state: len(state.config.cards))
