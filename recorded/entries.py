"""The lines of a recorded game's `moves`: who moved, the move text, its chance outcomes and time.

A line is `"[Player:] move [> outcome, outcome ...]"` (or an object with `move`,
`t` and `failed`); a line holding only `> outcomes` adds them to the move
before it. Players are named by their label (case and accents folded) or
their seat number from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.notation import fold, words

OUTCOME_MARK = ">"


@dataclass(frozen=True)
class Entry:
    """One line of `moves`: its 1-based number, the move text (empty for outcomes only), outcomes, time."""

    number: int
    text: str
    player: str | None
    move: str
    outcomes: list[str]
    t: float | None
    failed: bool = False  # 4 Gods: the action was tried but could not happen (the board had changed)


def entries_of(moves: list[Any], labels: list[str]) -> list[Entry]:
    """Moves with the outcome-only lines ('> ...') folded into the move before them."""
    entries: list[Entry] = []
    for number, item in enumerate(moves, start=1):
        text, t = (item, None) if isinstance(item, str) else (item["move"], item.get("t"))
        failed = isinstance(item, dict) and bool(item.get("failed"))
        head, _, tail = text.partition(OUTCOME_MARK)
        outcomes = [part.strip() for part in tail.split(",") if part.strip()]
        player, move = _split_player(head.strip(), labels)
        if not head.strip() and entries:
            last = entries[-1]
            entries[-1] = Entry(last.number, last.text, last.player, last.move, last.outcomes + outcomes, last.t,
                                last.failed)
            continue
        entries.append(Entry(number, text.strip(), player, move, outcomes, t, failed))
    return entries


def _split_player(head: str, labels: list[str]) -> tuple[str | None, str]:
    """'Alice: recruit K7' -> ('Alice', 'recruit K7'); no known player prefix -> (None, head)."""
    prefix, colon, rest = head.partition(":")
    if colon and _seat_of(prefix.strip(), labels) is not None:
        return prefix.strip(), rest.strip()
    return None, head


def _seat_of(name: str, labels: list[str]) -> int | None:
    folded = [fold(label) for label in labels]
    if fold(name) in folded:
        return folded.index(fold(name))
    if name.isdigit() and 1 <= int(name) <= len(labels):
        return int(name) - 1
    return None


def player_of(entry: Entry, labels: list[str]) -> int | None:
    return None if entry.player is None else _seat_of(entry.player, labels)


def normal_text(text: str) -> str:
    """A move as compared with another: words, case folded."""
    return " ".join(words(text)).casefold()
