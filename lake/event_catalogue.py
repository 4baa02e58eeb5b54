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
    "seq": "position of the event in its game, gapless from 0",
    "event_type": "the event's stable snake_case past-tense name (below)",
    "schema_version": "version of the event class that wrote the row",
    "player": "the seat the event concerns (0-based); null for events of the game itself (the events below "
              "without a `player` field, such as `game_started`)",
    "round": "the game's round after the event was applied (0 throughout a 4 Gods game, which is real-time)",
    "turn": "the game's turn counter after the event was applied",
    "clock_ms": "simulated time in milliseconds after the event was applied (never wall-clock time; 0 in the "
                "turn-based games)",
    "payload": "JSON object holding the event's fields that have no typed column (no metric reads them)",
}

HEADER = """# Event catalogue

Generated from the code by `balance events --write docs/events.md`; do not edit by hand.
Every game is an append-only log of these events in the Parquet lake
(`LAKE/events/game=<game>/run=<run_id>/part-<n>.parquet`), lake schema {version}.
"""

READING = """## Reading the lake with your own tools

The part files are plain Parquet: DuckDB, pandas, Polars or Spark read them
with no code of this project. Every row is one event and holds the whole
envelope below as ordinary values, so `seq` orders a game's events and
`player`, `round`, `turn` and `clock_ms` need no decoding. Rows are stored
grouped by event type (the footer's sorting columns: `event_type`, `game_id`,
`seq`), so order by `run_id, game_id, seq` to read a game in play order. The
game's start (`game_started`) carries its seed, player count, ruleset and
agents per seat; `player_scored` carries every player's final `score`, `rank`
and `win_share` (1 for a win, 1/k for a win shared by k players) in every game.

A run's files belong to the lake once `LAKE/runs/<run_id>/manifest.json`
exists (it lists them with their checksums); a run still being written, or
one that was interrupted, may leave part files without one. `balance verify`
names them; to leave them out by hand, keep the run ids that have a manifest.
Each part file names its layout in its footer (key-value metadata
`balance.lake_schema`, here {version}). Files without that key were written
before schema 4 and are read by this project's commands (`balance export`,
the warehouse), which upcast them: Four Gardens files of schema 3 leave
`seq`, `round`, `turn` and `player` null (a per-game `shape` string holds
them), 4 Gods files of schemas 2-3 leave `clock_ms` null.

### Worked query: seat win rates from the raw files

The share of wins per seat and player count, from the files alone (DuckDB
from Python or its command line; `LAKE` is the lake folder, `caprices` any game):

```sql
with games as (
    select run_id, game_id, num_players
    from read_parquet('LAKE/events/game=caprices/run=*/part-*.parquet')
    where event_type = 'game_started'
),

seats as (
    select run_id, game_id, player as seat, win_share
    from read_parquet('LAKE/events/game=caprices/run=*/part-*.parquet')
    where event_type = 'player_scored'
)

select num_players, seat, count(*) as games, sum(win_share) / count(*) as win_rate
from seats join games using (run_id, game_id)
group by num_players, seat
order by num_players, seat
```

The same with pandas (pyarrow reads the folder; `run` is the folder name's
partition):

```python
import pandas as pd

columns = ["run_id", "game_id", "event_type", "player", "num_players", "win_share"]
events = pd.read_parquet("LAKE/events/game=caprices", columns=columns)
games = events.loc[events.event_type == "game_started", ["run_id", "game_id", "num_players"]]
seats = events.loc[events.event_type == "player_scored", ["run_id", "game_id", "player", "win_share"]]
win_rates = (seats.merge(games, on=["run_id", "game_id"])
             .groupby(["num_players", "player"])["win_share"].agg(games="count", win_rate="mean")
             .reset_index())
```

Both give the warehouse's `met_seat_advantage` figures for a lake of one
line-up (the warehouse also keeps line-ups apart and adds 95% intervals).
Before counting a seat effect, check that the line-up is the same at every
seat (`agents` on `game_started`): a strong agent's seat wins more.
"""


def catalogue_markdown(games: Iterable[str | Game] | None = None) -> str:
    """The catalogue for the given game ids or game objects (default: every registered game)."""
    chosen = [get_game(g) if isinstance(g, str) else g for g in (sorted(GAMES) if games is None else games)]
    parts = [HEADER.format(version=SCHEMA_VERSION), READING.format(version=SCHEMA_VERSION), _envelope_section(),
             _core_section()]
    parts += [_game_section(game) for game in chosen]
    return "\n".join(parts).rstrip() + "\n"


def _envelope_section() -> str:
    lines = ["## Envelope (every row)", "", "| column | type | meaning |", "|---|---|---|"]
    for name, dtype in {**ENVELOPE, "payload": pa.string()}.items():
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
