"""The column reader (`engine.core.logread`) gives exactly what the row-by-row reader gives, errors included.

`decode_table` builds events one class at a time from columns and sends the
rows it cannot vouch for through `event_from_row`. The reference here is
the reader replay and verify used before: sort by (game_id, seq), one dict
per row, `event_from_row` on each. For the logs of all three games, in both
row orders, and for tables damaged in every way a row can be (unknown or
missing event type, a newer, older or zero `schema_version`, payloads that
override, are not JSON or not an object, null values, rows moved), each
game must come back as the same events, or fail with the same error.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EventBuffer, make_agent, play_game
from engine.core.buffer import BY_GAME, lake_schema
from engine.core.events import CORE_EVENTS, Event, GameSealed, GameStarted
from engine.core.logread import GAME_ORDER, decode_table, event_from_row, events_from_table
from engine.registry import get_game

EXAMPLES = int(os.environ.get("BALANCE_FUZZ_EXAMPLES", "25"))  # `make soak` raises it
GAMES = ("caprices", "gardens", "gods")
Outcome = list[Event] | tuple[str, str]  # a game's events, or (error type, message)


def reference(table: pa.Table, event_types: tuple[type[Event], ...]) -> dict[Any, Outcome]:
    """Per game: its events, or the first error building them, read row by row."""
    by_type = {cls.TYPE: cls for cls in (*CORE_EVENTS, *event_types)}
    games: dict[Any, Outcome] = {}
    for row in table.sort_by(GAME_ORDER).to_pylist():
        events = games.setdefault(row["game_id"], [])
        if isinstance(events, tuple):
            continue  # this game already failed at an earlier seq
        try:
            events.append(event_from_row(row, by_type))
        except Exception as exc:  # noqa: BLE001 - the outcome compared is the error itself
            games[row["game_id"]] = (type(exc).__name__, str(exc))
    return games


def decoded(table: pa.Table, event_types: tuple[type[Event], ...]) -> dict[Any, Outcome]:
    result = decode_table(table, event_types)
    games: dict[Any, Outcome] = {}
    for game_id, start, end in result.games:
        try:
            games[game_id] = result.game_events(start, end)
        except Exception as exc:  # noqa: BLE001
            games[game_id] = (type(exc).__name__, str(exc))
    return games


def played(game_name: str, order: str = "event_type", games: int = 3) -> pa.Table:
    game = get_game(game_name)
    ruleset = game.load_ruleset(game.default_ruleset)
    buffer = EventBuffer(game.columns, order)
    for game_id in range(games):
        players = game.facts.player_counts[game_id % len(game.facts.player_counts)]
        agents = [make_agent("random", game) for _ in range(players)]
        play_game(game, ruleset, agents, 100 + game_id, buffer, game_id=game_id)
    return buffer.to_table("r")


@pytest.fixture(scope="module")
def tables() -> dict[str, pa.Table]:
    return {name: played(name) for name in GAMES}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("order", ["event_type", BY_GAME])
def test_a_genuine_log_reads_as_the_events_played(name: str, order: str) -> None:
    game = get_game(name)
    table = played(name, order)
    expected = reference(table, game.event_types)
    assert decoded(table, game.event_types) == expected
    assert dict(events_from_table(table, game.event_types)) == expected
    assert all(isinstance(events, list) and isinstance(events[0], GameStarted) and isinstance(events[-1], GameSealed)
               for events in expected.values())


def damage(rows: list[dict[str, Any]], kind: str, at: int, rng: random.Random) -> None:
    """Damage row `at` (or move it) the way `kind` says."""
    row = rows[at]
    if kind == "move":
        rows.insert(rng.randrange(len(rows)), rows.pop(at))
    elif kind == "event_type":
        row["event_type"] = rng.choice([None, "no_such_event", rows[rng.randrange(len(rows))]["event_type"]])
    elif kind == "schema_version":
        row["schema_version"] = rng.choice([None, 0, 1, 2, 3, 99])
    elif kind == "payload":
        field = rng.choice([name for name in row if name not in ("game_id", "seq", "event_type")])
        row["payload"] = rng.choice(["{not json", "[1]", "", json.dumps({field: rng.choice([None, 1, [1, 2], "x"])}),
                                     json.dumps({"no_such_field": 1})])
    else:  # null a value
        row[rng.choice([name for name in row if name not in ("game_id", "seq", "event_type")])] = None


@settings(max_examples=EXAMPLES, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1),
       kinds=st.lists(st.sampled_from(["move", "event_type", "schema_version", "payload", "null"]), min_size=1,
                      max_size=4))
def test_a_damaged_log_fails_where_and_as_the_row_reader_fails(
    tables: dict[str, pa.Table], name: str, seed: int, kinds: list[str],
) -> None:
    game = get_game(name)
    table = tables[name]
    rng = random.Random(seed)
    rows = table.to_pylist()
    for kind in kinds:
        damage(rows, kind, rng.randrange(len(rows)), rng)
    damaged = pa.Table.from_pylist(rows, schema=table.schema)
    assert decoded(damaged, game.event_types) == reference(damaged, game.event_types)


@dataclass(frozen=True, slots=True)
class Checked(Event):
    """A test event whose constructor refuses a negative amount."""

    TYPE = "checked"
    player: int
    amount: int

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError(f"amount {self.amount} < 0")


def test_a_value_the_event_refuses_fails_its_own_game_only() -> None:
    schema = lake_schema({"amount": pa.int64()})
    amounts = {0: (5, 6), 1: (-1, 4), 2: (7, -2)}  # game 1 fails at its first row, game 2 at its last
    rows = [{"game_id": g, "seq": s, "event_type": "checked", "schema_version": 1, "player": 0, "amount": a}
            for g, pair in amounts.items() for s, a in enumerate(pair)]
    table = pa.Table.from_pylist(rows, schema=schema)
    games = decoded(table, (Checked,))
    assert games == reference(table, (Checked,))
    assert games[1] == ("ValueError", "amount -1 < 0") and games[2] == ("ValueError", "amount -2 < 0")
    assert games[0] == [Checked(0, 5), Checked(0, 6)]


@pytest.mark.parametrize(("column", "dtype"), [("payload", pa.int64()), ("schema_version", pa.string()),
                                                ("schema_version", pa.float64()), ("seq", pa.float64())])
def test_a_column_of_another_type_reads_as_the_row_reader_reads_it(
    tables: dict[str, pa.Table], column: str, dtype: pa.DataType,
) -> None:
    table = tables["caprices"]
    values = [7] * table.num_rows if column == "payload" else table.column(column).cast(dtype)
    changed = table.set_column(table.schema.get_field_index(column), column, pa.array(values, dtype)
                               if column == "payload" else values)
    game = get_game("caprices")
    assert decoded(changed, game.event_types) == reference(changed, game.event_types)
