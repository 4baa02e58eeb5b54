"""The event catalogue, generated from the code: envelope columns, core events, each game's events.

`balance events --write docs/events.md` regenerates the committed file; a test
fails when it is out of date, so the catalogue cannot drift from the code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import pyarrow as pa

from engine.core.buffer import CORE_COLUMNS, ENVELOPE, SCHEMA_VERSION
from engine.core.events import CORE_EVENTS, Event
from engine.core.game import Game
from engine.registry import GAMES, get_game

ENVELOPE_MEANING: dict[str, str] = {
    "run_id": "the simulation run (or ingest batch) the game belongs to",
    "game_id": "the game within its run",
    "seq": "position of the event in its game, gapless from 0 (null in a game that logs a `shape`, below: "
           "readers put it back)",
    "event_type": "the event's stable snake_case past-tense name (below)",
    "schema_version": "version of the event class that wrote the row",
    "player": "the seat the event concerns (0-based); null for events of the game itself (and on disk in a game "
              "that logs a `shape`)",
    "round": "the game's round after the event was applied (null on disk in a game that logs a `shape`)",
    "turn": "the game's turn counter after the event was applied (null on disk in a game that logs a `shape`)",
    "clock_ms": "simulated time in milliseconds after the event was applied (never wall-clock time); null in a "
                "game whose events give it (4 Gods since schema version 2: sums of think times, derived by "
                "`stg_gods__events` and by replay)",
    "payload": "JSON object holding the event's fields that have no typed column (no metric reads them)",
    "shape": "since schema version 3, in a game that logs no counters (`GameFacts.log_counters`: Four Gardens), on "
             "each game's first row: seq, round, turn and player of all its events as one string "
             "(engine/core/shape.py); `fill_counters` and the warehouse's `lake_events` put the columns back",
}

HEADER = """# Event catalogue

Generated from the code by `balance events --write docs/events.md`; do not edit by hand.
Every game is an append-only log of these events in the Parquet lake
(`LAKE/events/game=<game>/run=<run_id>/part-<n>.parquet`), schema version {version}.
"""


def catalogue_markdown(games: Iterable[str | Game] | None = None) -> str:
    """The catalogue for the given game ids or game objects (default: every registered game)."""
    chosen = [get_game(g) if isinstance(g, str) else g for g in (sorted(GAMES) if games is None else games)]
    parts = [HEADER.format(version=SCHEMA_VERSION), _envelope_section(), _core_section()]
    parts += [_game_section(game) for game in chosen]
    return "\n".join(parts).rstrip() + "\n"


def _envelope_section() -> str:
    lines = ["## Envelope (every row)", "", "| column | type | meaning |", "|---|---|---|"]
    for name, dtype in {**ENVELOPE, "payload": pa.string(), "shape": pa.string()}.items():
        lines.append(f"| `{name}` | {dtype} | {ENVELOPE_MEANING[name]} |")
    return "\n".join(lines) + "\n"


def _core_section() -> str:
    lines = ["## Core events (every game)", ""]
    for cls in CORE_EVENTS:
        lines += _event_lines(cls, CORE_COLUMNS)
    return "\n".join(lines)


def _game_section(game: Game) -> str:
    lines = [f"## Game `{game.id}`", "", "Typed columns: " + _columns_text(game.columns), ""]
    for cls in sorted(game.event_types, key=lambda c: c.TYPE):
        lines += _event_lines(cls, {**CORE_COLUMNS, **game.columns})
    return "\n".join(lines)


def _event_lines(cls: type[Event], columns: dict[str, pa.DataType]) -> list[str]:
    doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else "(no docstring)"
    lines = [f"### `{cls.TYPE}` (v{cls.VERSION})", "", doc, ""]
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not fields:
        return [*lines, "No fields.", ""]
    lines += ["| field | type | stored in |", "|---|---|---|"]
    for f in fields:
        lines.append(f"| `{f.name}` | `{_type_text(f.type)}` | {_destination(f.name, columns)} |")
    return [*lines, ""]


def _destination(name: str, columns: dict[str, pa.DataType]) -> str:
    if name == "player":
        return "envelope `player`"
    if name in columns:
        return f"column `{name}` ({columns[name]})"
    return "`payload` (JSON)"


def _type_text(annotation: object) -> str:
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", repr(annotation))


def _columns_text(columns: dict[str, pa.DataType]) -> str:
    return ", ".join(f"`{name}` ({dtype})" for name, dtype in columns.items()) or "none"
