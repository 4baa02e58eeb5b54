"""From a number to the games behind it: one game told turn by turn, drawn, and stepped through.

    from balance import show
    game = show.from_lake("data/lake", "caprices-1a2b3c", 12)   # or show.from_record("tuesday.json", 0)
    print(show.transcript(game, at=40))                          # `balance show ... --at 40`
    show.draw(game, at=40)                                       # a matplotlib Figure (inline in a notebook)
    show.stepper(game)                                           # a slider over the events (JupyterLab)

Everything is rebuilt from the game's events by folding them through the rules.
"""

from __future__ import annotations

from typing import Any

from balance.show.source import ShowError, ShownGame, from_event_list, from_events, from_lake, from_record
from balance.show.story import state_at, transcript

__all__ = ["ShowError", "ShownGame", "draw", "from_event_list", "from_events", "from_lake", "from_record",
           "state_at", "stepper", "transcript"]


def draw(game: ShownGame, at: int | None = None) -> Any:
    """The picture of the state after event `at` (the end when None)."""
    from balance.show.pictures import draw as draw_game  # matplotlib only when a picture is asked for

    return draw_game(game, at)


def stepper(game: ShownGame, at: int | None = None) -> Any:
    """A JupyterLab widget: a slider over the events that redraws the picture and the transcript."""
    from balance.show.widget import Stepper

    return Stepper(game, at).widget
