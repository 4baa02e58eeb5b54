"""Older lakes still read: Four Gardens logs written in the v1 event format replay under today's rules.

`data/v1/games.jsonl` holds the rows of a Parquet file written by the engine before the bookkeeping events
were folded (commit f156f4a: `play_game` into an `EventBuffer`, `to_table`, zstd
Parquet; the gardens notes of issue 14 keep the script): one greedy 2-player game
of each ruleset (seed 42) and four
random 3-player God's Caprice games chosen so that the v1-only paths occur (a
Foresight holder starting a turn without it, a Sabotage lifted by a `tile_used`
event, an overflow push, Offering). `data/v1/*.toml` are the rulesets it was
written with (the log's ruleset digest must match). The fixture rebuilds that
Parquet file (tests/old_logs.py) and reads it back as the lake reader would.

v1 rows come back through each event class's `upcast` (`schema_version` < VERSION),
retired events (`turn_ended`, `pagoda_rotated`) are still readable, and `evolve`
treats a v1 bookkeeping event that today happens by itself as already done.
"""

from __future__ import annotations

from pathlib import Path

import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from engine.core import ListSink, ReplayError, events_from_table, make_agent, play_game, state_digest
from engine.core.driver import fold
from engine.gardens.game import GAME
from tests.old_logs import write_parquet

V1 = Path(__file__).parent / "data" / "v1"
GREEDY_GAMES = {0: ("base", 2, 42), 1: ("gods-caprice", 2, 42)}


@pytest.fixture(scope="module")
def v1_games(tmp_path_factory):
    table = pq.read_table(write_parquet(V1 / "games.jsonl", tmp_path_factory.mktemp("v1") / "games.parquet"))
    return table, dict(events_from_table(table, GAME.event_types))


def _ruleset(name):
    return GAME.load_ruleset(str(V1 / f"{name}.toml"))


def test_the_fixture_is_in_the_v1_format(v1_games):
    table, _ = v1_games
    types = set(table.column("event_type").to_pylist())
    assert {"turn_started", "turn_ended", "actions_ended", "reallocation_finished", "pagoda_rotated",
            "caprice_tile_revealed", "display_refilled"} <= types
    versions = pc.unique(table.filter(pc.equal(table["event_type"], "card_drawn"))["schema_version"]).to_pylist()
    assert versions == [1]


def test_v1_rows_come_back_as_current_events(v1_games):
    _, games = v1_games
    events = [e for game in games.values() for e in game]
    rotates = [e for e in events if e.TYPE == "action_taken" and e.action == "rotate"]
    assert rotates and all(e.direction is None for e in rotates)  # v1: turned and collected in events of their own
    assert all(e.revealed == -1 for e in events if e.TYPE == "card_drawn")
    assert all(e.revealed_tile == "" for e in events if e.TYPE == "bonus_tile_taken")


@pytest.mark.parametrize("game_id", sorted(GREEDY_GAMES))
def test_a_v1_log_replays_to_the_state_todays_log_of_the_same_game_reaches(v1_games, game_id):
    """Greedy games are the same game under both formats (forced decisions draw no random number)."""
    name, players, seed = GREEDY_GAMES[game_id]
    ruleset = _ruleset(name)
    old = v1_games[1][game_id]
    sink = ListSink()
    final = play_game(GAME, ruleset, [make_agent("greedy", GAME) for _ in range(players)], seed, sink)
    assert len(sink.events) < 0.7 * len(old)  # the folded log is much shorter
    replayed = fold(GAME, ruleset, old[:-1], game_id)  # (the v1 seal digests the v1 state's shape)
    assert state_digest(GAME, replayed) == state_digest(GAME, final)


def test_random_v1_logs_replay_to_their_logged_scores(v1_games):
    ruleset = _ruleset("gods-caprice")
    random_games = [g for g in v1_games[1] if g not in GREEDY_GAMES]
    assert len(random_games) == 4
    for game_id in random_games:
        old = v1_games[1][game_id]
        state = fold(GAME, ruleset, old[:-1], game_id)
        logged = [e for e in old if e.TYPE == "player_scored"]
        assert GAME.scores(state) == [float(e.score) for e in logged]
        assert [tuple(p.track) for p in state.players] == [e.track_spaces for e in logged]
        assert state.todo == []


def test_a_row_from_a_newer_engine_is_refused_naming_game_and_seq(v1_games):
    table, _ = v1_games
    first_game = table.filter(pc.equal(table["game_id"], 0))
    versions = pc.if_else(pc.equal(first_game["event_type"], "card_drawn"), 9, first_game["schema_version"])
    newer = first_game.set_column(first_game.schema.get_field_index("schema_version"), "schema_version",
                                  versions.cast(first_game.schema.field("schema_version").type))
    with pytest.raises(ReplayError, match=r"game 0 seq \d+: card_drawn v9 was written by a newer engine"):
        list(events_from_table(newer, GAME.event_types))
