"""Les caprices du roi as an OpenSpiel game: its action encoding.

Kinds in this order (D = the deck size, card ids 0..D-1): `recruit c`,
`rally c`, `discard c`, `noble c`, `take c` (one field: the card), then
`bourgeoise a b` (two fields: the pair, a < b; D*D ids, the unused half never
legal), then `draw_deck`, `take_deck`, `pass` (no field). The player is not
encoded: it is always the one to move.
"""

from __future__ import annotations

from typing import Any

from engine.caprices.commands import Command
from engine.caprices.rules import DECK_SIZE
from engine.caprices.state import State, View
from engine.openspiel.codec import Codec, Kind
from engine.openspiel.spec import Spec

_CARD = (0, DECK_SIZE)
_KINDS = (
    *(Kind(name, (_CARD,)) for name in ("recruit", "rally", "discard", "noble", "take")),
    Kind("bourgeoise", (_CARD, _CARD)),
    *(Kind(name) for name in ("draw_deck", "take_deck", "pass")),
)


def codec(state: State) -> Codec:
    """The same for every ruleset and player count (the deck is fixed)."""
    return Codec("caprices", _KINDS)


def fields(command: Command) -> tuple[str, tuple[int, ...]]:
    return command.kind, command.cards


def view_key(view: View) -> tuple[Any, ...]:
    """The view without its rules tables (the same for everybody)."""
    return tuple(value for name, value in zip(View._fields, view) if name != "rules")


def copy_state(state: State) -> State:
    return state.copy()


SPEC = Spec("caprices", codec, fields, copy_state, view_key, lambda state: DECK_SIZE)
