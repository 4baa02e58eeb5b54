"""From a number to the games behind it: one game told turn by turn, drawn, and stepped through.

    import show
    game = show.from_lake("data/lake", "caprices-1a2b3c", 12)   # or show.from_record("tuesday.json", 1)
    print(show.transcript(game, at=40))                          # `balance show ... --at 40`
    show.draw(game, at=40)                                       # a matplotlib Figure (inline in a notebook)
    show.stepper(game)                                           # a slider over the events (JupyterLab)

Everything is rebuilt from the game's events by folding them through the rules.
"""

from __future__ import annotations

from typing import Any

from show.source import ShowError, ShownGame, from_event_list, from_events, from_lake, from_record
from show.story import state_at, transcript

__all__ = ["ShowError", "ShownGame", "draw", "from_event_list", "from_events", "from_lake", "from_record",
           "present", "state_at", "stepper", "transcript"]


def draw(game: ShownGame, at: int | None = None) -> Any:
    """The picture of the state after event `at` (the end when None)."""
    from show.pictures import draw as draw_game  # matplotlib only when a picture is asked for

    return draw_game(game, at)


def stepper(game: ShownGame, at: int | None = None) -> Any:
    """A JupyterLab widget: a slider over the events that redraws the picture and the transcript."""
    from show.widget import Stepper

    return Stepper(game, at).widget


def present(game: ShownGame, at: int | None = None, tail: int = 40) -> None:
    """In a notebook: the command that replays the game, the transcript's last `tail` lines up to `at`, and
    the picture there."""
    import html
    import io

    from IPython.display import HTML, Image, Markdown, display

    command = game.show_command() if game.run_id is not None else f"balance show --file ... ({game.title})"
    display(Markdown(f"`{command}" + (f" --at {at}`" if at is not None else "`")))
    lines = transcript(game, at).rstrip("\n").splitlines()
    skipped = f"... ({len(lines) - tail} lines above)\n" if len(lines) > tail else ""
    display(HTML(f"<pre style='font-size: 11px'>{html.escape(skipped + chr(10).join(lines[-tail:]))}</pre>"))
    png = io.BytesIO()
    draw(game, at).savefig(png, format="png", dpi=90)  # an image, whatever the notebook's matplotlib backend
    display(Image(data=png.getvalue()))
