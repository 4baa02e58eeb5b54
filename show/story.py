"""A game's transcript: its events folded one by one and told in the designer's words.

Each game has a narrator (`show/<game>_text.py`, registered in `NARRATORS`) that words one event
from the state before and after it, groups events into blocks (a turn, a
round's start, a stretch of the 4 Gods clock) and says what a player at the
table sees after a block and how the game was scored. This module only folds
the events, asks the narrator and lays the text out; so a new event type
needs a line in its narrator, and an event it does not know is still shown
(its type and fields), never dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol

from engine.core.driver import fold
from engine.core.errors import BalanceError
from engine.core.events import Event, GameSealed
from show import caprices_text, gardens_text, gods_text
from show.naming import Naming
from show.source import ShownGame


class Narrator(Protocol):
    """How one game is told; `words` names cards, tiles, gods and seats."""

    def before(self, state: Any, event: Event) -> Any:
        """What the line of `event` needs from the state before it (None when nothing)."""
        ...

    def line(self, state: Any, event: Event, before: Any) -> str | None:
        """The event in words, from the state after it; None for bookkeeping nobody at the table notices."""
        ...

    def block(self, state: Any, event: Event) -> tuple[Any, str]:
        """(key, heading) of the block the event belongs to (state before it); a new key starts a block."""
        ...

    def summary(self, state: Any, hidden: bool) -> list[str]:
        """What the table shows now (`hidden`: also what only its owner sees, such as hands)."""
        ...

    def scoring(self, state: Any) -> list[str]:
        """The final scoring broken down, once the game is scored."""
        ...


NARRATORS: dict[str, Callable[[Naming], Narrator]] = {
    "caprices": caprices_text.Narrator,
    "caprices-joust": caprices_text.Narrator,  # the two-player joust is told as caprices
    "gardens": gardens_text.Narrator,
    "gods": gods_text.Narrator,
}
"""Game id -> its narrator, made with the shown game's names."""


class AtError(BalanceError):
    """`--at` outside the game's events."""


def narrator_for(shown: ShownGame) -> Narrator:
    """The game's narrator (`NARRATORS`)."""
    return NARRATORS[shown.game.id](Naming(shown))


def walk(shown: ShownGame, at: int | None = None) -> Iterator[tuple[str, int, Any, Any]]:
    """Fold the events up to `at` (inclusive), telling them: yields ("block", seq, heading, state before the
    block's first event) when a block starts, and ("line", seq, text or None, state after the event).
    The state is one object changed in place: copy it to keep it."""
    last = check_at(shown, at)
    narrator = narrator_for(shown)
    state = fold(shown.game, shown.ruleset, shown.events[:1])
    current: Any = None
    for seq in range(1, last + 1):
        event = shown.events[seq]
        if isinstance(event, GameSealed):
            break
        key, heading = narrator.block(state, event)
        if key != current:
            yield "block", seq, heading, state
            current = key
        before = narrator.before(state, event)
        state = shown.game.evolve_logged(state, event)  # a log: it may be an older version
        yield "line", seq, narrator.line(state, event, before), state


def check_at(shown: ShownGame, at: int | None) -> int:
    """The last seq to show (AtError naming the range when `at` is outside the game)."""
    last = len(shown.events) - 1
    if at is None:
        return last
    if not 0 <= at <= last:
        raise AtError(f"--at {at}: this game's events are seq 0..{last}; pick one of them")
    return at


def state_at(shown: ShownGame, at: int | None = None) -> Any:
    """The state after event `at` (the whole game when None), by folding the events."""
    last = check_at(shown, at)
    events = [e for e in shown.events[:last + 1] if not isinstance(e, GameSealed)]
    return fold(shown.game, shown.ruleset, events)


def transcript(shown: ShownGame, at: int | None = None, hidden: bool = False) -> str:
    """The game block by block (a turn; for 4 Gods a stretch of the clock): each event in words, what the
    table shows after each block, and the final scoring broken down. `at` stops after that event and says
    what the table shows then."""
    narrator = narrator_for(shown)
    out = header(shown)
    state = fold(shown.game, shown.ruleset, shown.events[:1])
    told = False  # the current block told something (else its summary would repeat the previous one)
    for kind, seq, text, state in walk(shown, at):
        if kind == "block":
            if told:
                out += _indent(narrator.summary(state, hidden))
            out += ["", text]
            told = False
        elif text is not None:
            out.append(f"  {seq:>4}  {text}")
            told = True
    final = narrator.scoring(state)
    if final:
        out += ["", "Final scoring", *_indent(final, "  ")]
    elif told:
        out += _indent(narrator.summary(state, hidden))
    stop = check_at(shown, at)
    if stop < len(shown.events) - 1:
        out += ["", f"(stopped after event {stop} of {len(shown.events) - 1})"]
    return "\n".join(printable(line) for line in out) + "\n"


def header(shown: ShownGame) -> list[str]:
    """Title, rules and who sat where."""
    start = shown.start
    naming = Naming(shown)
    lines_ = [f"{naming.game_title()} — {shown.title}",
              f"{naming.ruleset_title()} (digest {shown.ruleset.digest}), {start.num_players} players, "
              f"{shown.source}" + (f", seed {start.seed}" if shown.source == "simulated" else "")]
    lines_ += [f"  {naming.seat(p)}" + (f": {agent}" if shown.source == "simulated" else "")
               for p, agent in enumerate(start.agents)]
    return lines_


def printable(line: str) -> str:
    """A line as a terminal shows it safely: a control character from a name (ESC, NUL, a newline) is
    written as its escape, never sent to the terminal (ESC[2J would clear it)."""
    if line.isprintable():
        return line
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in line)


def _indent(rows: list[str], prefix: str = "        ") -> list[str]:
    return [f"{prefix}{row}" for row in rows]

