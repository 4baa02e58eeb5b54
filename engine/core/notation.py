"""What every game's move notation shares: names for components, the errors, and the protocol.

A notation is a thin layer over a game's own commands: one short line per
command a person can write at the table ("recruit K7", "draw deck > red2.1a")
and read back. Each game's `engine/<game>/notation.py` defines `NOTATION`;
`docs/recorded-games.md` documents them all.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

from engine.core.chance import Outcome
from engine.core.errors import BalanceError
from engine.core.events import Event


class NotationError(BalanceError):
    """A move or outcome that cannot be read; `code` names the case (unknown_card, unparsable_move ...)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


class Notation(Protocol):
    """A game's notation: parse and write moves and chance outcomes."""

    outcome_kinds: dict[str, str]
    """Every kind of chance outcome the game draws, with what it means (documentation)."""

    def parse_move(self, state: Any, player: int, text: str) -> Any:
        """The command `text` denotes for `player` now (NotationError when it names nothing)."""
        ...

    def move_text(self, state: Any, command: Any) -> str:
        """The notation of a command (what `parse_move` reads back)."""
        ...

    def parse_outcome(self, state: Any, kind: str, token: str) -> Outcome:
        """A recorded chance outcome of `kind` (NotationError for an unknown card or kind)."""
        ...

    def outcomes_in(self, state: Any, event: Event) -> list[tuple[str, str]]:
        """The chance outcomes an event carries, as (kind, token) in draw order (for export)."""
        ...

    def inline_kind(self, command: Any) -> str | None:
        """The kind an outcome written after this move has when it names no kind (e.g. a draw's card)."""
        ...


class Names:
    """Printed names of interchangeable-or-not components, e.g. cards, by engine id.

    Identical components (same base name) are told apart by a copy suffix
    `.k` (1-based, in ruleset order) only where a person needs it: a plain
    name denotes every copy, and the engine takes the first one available.
    """

    def __init__(self, base: Sequence[str]) -> None:
        self.base = list(base)
        self.ids: dict[str, list[int]] = {}
        for item, name in enumerate(self.base):
            self.ids.setdefault(fold(name), []).append(item)

    def text(self, item: int, exact: bool = True) -> str:
        """The name of `item`; `exact` adds the copy suffix when the name has several copies."""
        name = self.base[item]
        copies = self.ids[fold(name)]
        return f"{name}.{copies.index(item) + 1}" if exact and len(copies) > 1 else name

    def candidates(self, token: str, what: str) -> tuple[int, ...]:
        """The ids a written name may denote (a copy suffix picks one); NotationError when none."""
        name, _, copy = token.partition(".")
        ids = self.ids.get(fold(name))
        if ids is None:
            raise NotationError("unknown_card", f"unknown {what} {token!r}; known {what}s look like {self.base[0]!r}")
        if not copy:
            return tuple(ids)
        if not copy.isdigit() or not 1 <= int(copy) <= len(ids):
            raise NotationError("unknown_card", f"{what} {token!r}: copy .{copy} does not exist ({len(ids)} copies)")
        return (ids[int(copy) - 1],)

    def pick(self, token: str, what: str, available: Sequence[int]) -> int | None:
        """The first id the name denotes among `available` (None when none of its copies is there)."""
        return next((item for item in self.candidates(token, what) if item in available), None)


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Case- and accent-insensitive form of a name ("Chloé" == "chloe")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return plain.strip().casefold()


def words(text: str) -> list[str]:
    """The words of a move, lower-cased where they are keywords (callers keep card case as written)."""
    return text.replace(",", " ").split()
