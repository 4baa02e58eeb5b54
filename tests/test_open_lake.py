"""The lake is open data: plain DuckDB and pyarrow see every row's whole envelope, and the docs' query runs.

Every game's part files are read here with duckdb and pyarrow alone (no code
of this project between the file and the values): each envelope column is a
real value on every row (`player` null only for the events of the game
itself), `seq` is 0..n-1 in each game, and `player`, `round`, `turn` and
`clock_ms` are what the replay of the game's events gives. The worked query of
docs/events.md (seat win rates from the raw files, in SQL and in pandas) is run
as the doc prints it and must give the warehouse's `met_seat_advantage`.
"""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow.parquet as pq
import pytest

from engine.core import events_from_table
from engine.core.driver import replay
from engine.registry import GAMES, get_game
from lake.spec import RunSpec
from simulate.runner import run
from warehouse.build import build

DOCS = Path(__file__).resolve().parents[1] / "docs" / "events.md"
ENVELOPE = ("run_id", "game_id", "seq", "event_type", "schema_version", "player", "round", "turn", "clock_ms")
LINEUP = {"caprices": ("random",), "caprices-joust": ("random",)}  # one line-up: the seat metric counts it


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every registered game played by random agents at two player counts, two part files per game."""
    folder = tmp_path_factory.mktemp("open") / "lake"
    for name in sorted(GAMES):
        game = get_game(name)
        counts = game.facts.player_counts[:2]
        run(RunSpec(name, game.default_ruleset, counts, LINEUP.get(name, ("random", "greedy")), 3, seed=5,
                    batch_size=3), folder, workers=1, progress=False)
    return folder


def _glob(lake: Path, name: str) -> str:
    return (lake / f"events/game={name}/run=*/part-*.parquet").as_posix()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_duckdb_reads_every_envelope_column_as_a_value(lake: Path, name: str) -> None:
    files = _glob(lake, name)
    [nulls] = duckdb.sql(f"select {', '.join(f'count(*) - count({c})' for c in ENVELOPE)}, count(*) "
                         f"from read_parquet('{files}')").fetchall()
    assert nulls[-1] > 100
    assert dict(zip(ENVELOPE, nulls)) == {**dict.fromkeys(ENVELOPE, 0), "player": nulls[ENVELOPE.index("player")]}
    gapless = duckdb.sql(f"select run_id, game_id from read_parquet('{files}') group by run_id, game_id "
                         "having min(seq) <> 0 or max(seq) <> count(*) - 1 or count(distinct seq) <> count(*)")
    assert gapless.fetchall() == []
    games = duckdb.sql(f"select count(distinct (run_id, game_id)) from read_parquet('{files}')").fetchall()
    assert games == [(6,)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_rows_envelope_is_what_the_replay_gives(lake: Path, name: str) -> None:
    game = get_game(name)
    for part in sorted(lake.glob(f"events/game={name}/run=*/part-*.parquet")):
        plain = pq.read_table(part).to_pandas()  # pyarrow and pandas alone: the values as stored
        stored = {(g, s): (p, r, t, c) for g, s, p, r, t, c in zip(
            plain.game_id, plain.seq, plain.player, plain["round"], plain.turn, plain.clock_ms)}
        ruleset = game.load_ruleset(game.default_ruleset)
        replayed = {}
        for game_id, events in events_from_table(pq.read_table(part), game.event_types):
            envelopes: list[tuple[int, int, int]] = []
            final = replay(game, ruleset, events, game_id, envelopes)
            counters = [(0, 0, 0), *envelopes, (final.round, final.turn, final.clock_ms)]
            for seq, (event, (round_, turn, clock)) in enumerate(zip(events, counters)):
                replayed[game_id, seq] = (getattr(event, "player", None), round_, turn, clock)
        assert stored.keys() == replayed.keys()
        for key, (player, round_, turn, clock) in replayed.items():
            got = stored[key]
            assert (None if pd.isna(got[0]) else int(got[0]), got[1], got[2], got[3]) == (player, round_, turn,
                                                                                          clock), key


def _doc_block(language: str) -> str:
    """The worked query's block in `language`, as docs/events.md prints it."""
    section = DOCS.read_text(encoding="utf-8").split("### Worked query", 1)[1]
    found = re.search(rf"```{language}\n(.*?)```", section, re.S)
    assert found, f"docs/events.md has no {language} block under its worked query"
    return found.group(1)


def test_the_docs_worked_query_gives_the_warehouses_seat_win_rates(lake: Path, tmp_path: Path) -> None:
    build(lake, tmp_path / "wh.duckdb")
    con = duckdb.connect(str(tmp_path / "wh.duckdb"), read_only=True)
    expected = con.sql("select num_players, seat, n, wins / n from met_seat_advantage "
                       "where game = 'caprices' order by num_players, seat").fetchall()
    assert len(expected) == 2 + 3  # every seat at 2 and 3 players
    query = _doc_block("sql").replace("LAKE", lake.as_posix())
    assert _flat(duckdb.sql(query).fetchall()) == pytest.approx(_flat(expected))
    namespace: dict[str, object] = {}
    exec(_doc_block("python").replace("LAKE", lake.as_posix()), namespace)  # noqa: S102 - the doc's own code
    rates = namespace["win_rates"]
    assert isinstance(rates, pd.DataFrame)
    assert _flat(rates.itertuples(index=False)) == pytest.approx(_flat(expected))


def _flat(rows: object) -> list[float]:
    return [float(value) for row in rows for value in row]  # type: ignore[attr-defined]
