"""How a shown game names its things: seats by the table's labels, everything else by the ruleset's names.

Also what every narrator and picture shares: seat colours, counts and clock
times in words, and an event no narrator knows told as its type and fields.

Display names come from the game's ruleset (`[names]` tables and each
Caprice's `name`, see `source.display_names`); an id without one is shown
with its underscores as spaces, as on the report pages. Seats are numbered
from 1 (seat 1 plays first); a recorded game's seats are its players' names.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from engine.core.events import Event
from show.source import ShownGame
from warehouse.display_names import Names

GAME_TITLES = {"caprices": "Les caprices du roi", "gardens": "Four Gardens", "gods": "4 Gods"}
"""Titles for rulesets without a `names.game` entry."""
PLAYER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b")
"""Seat colours (seat 1 first), the same in every game's picture."""


class Naming:
    """Names for one shown game."""

    def __init__(self, shown: ShownGame) -> None:
        self.shown = shown
        self.names = shown.names
        self.words = Names(shown.names)
        self.labels = shown.labels
        self.recorded = shown.source == "recorded"

    def __call__(self, kind: str, ident: Any) -> str:
        """The display name of a thing of `kind` (caprices, tiles, gods, landscapes, end_reasons ...)."""
        return self.words(kind, ident)

    def seat(self, player: int) -> str:
        """'Alice' in a recorded game, 'seat 2' in a simulated one."""
        if self.recorded:
            return self.labels[player]
        return f"seat {player + 1}"

    def seat_long(self, player: int) -> str:
        """The seat with what plays it: 'Alice', 'seat 2 (greedy)'."""
        return self.labels[player]

    def game_title(self) -> str:
        base = self.shown.game.id.split("-")[0]
        title = self.names.get(("game", self.shown.game.id)) or self.names.get(("game", base))
        return title or GAME_TITLES.get(base, base)

    def ruleset_title(self) -> str:
        title = self.names.get(("ruleset", self.shown.ruleset.name))
        return f"{title}, ruleset {self.shown.ruleset.name}" if title else f"ruleset {self.shown.ruleset.name}"


def clock(ms: int) -> str:
    """Simulated time as minutes:seconds.tenths ('3:07.4')."""
    minutes, rest = divmod(max(ms, 0), 60_000)
    return f"{minutes}:{rest / 1000:04.1f}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 tile', '3 tiles'."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def describe_unknown(event: Event) -> str:
    """An event no narrator knows yet: its type and fields (so nothing is silently dropped)."""
    values = ", ".join(f"{f.name}={getattr(event, f.name)!r}" for f in fields(event))  # type: ignore[arg-type]
    return f"{event.TYPE} ({values})"
