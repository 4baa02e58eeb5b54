"""4 Gods records: times per move, tiles drawn when the draw happens, and a named error for each bad file."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from recorded.errors import RecordError
from recorded.ingest import ingest
from recorded.records import GameRecord
from recorded.replay import replay_record
from tests.recorded.conftest import PLAYTESTS, playtest, write
from tests.recorded.test_bad_files import rejected

CHLOE_PLACES = 3  # moves[3]: Chloé's first placement, at 6.1 s
BEN_DRAWS = 11  # moves[11]: Ben's first draw, at 14.7 s
FAILED = 9  # moves[9]: Chloé's grab for g8 that came too late


@pytest.fixture
def lake(tmp_path: Path) -> Path:
    """A lake that already holds the 4 Gods playtest (so 'unchanged' means something)."""
    lake = tmp_path / "lake"
    assert ingest([PLAYTESTS["gods"]], lake).games_added == 1
    return lake


def edited(tmp_path: Path, name: str, change: Any) -> Path:
    record = playtest("gods")
    change(record)
    return write(tmp_path / name, record)


def test_the_playtest_replays_with_its_times_and_draws() -> None:
    replayed = replay_record(GameRecord("gods-playtest.json", 1, playtest("gods")))
    events = [row[1] for row in replayed.rows]
    planned = [e for e in events if e.TYPE == "action_planned"]
    assert replayed.scores == [6, 53, 46] and replayed.labels == ["Ana", "Ben", "Chloé"]
    # Ben's draw at 14.7 s: planned when his previous action ended, due at 14.7 s, brought the two tiles written
    clock = {row[1]: row[4] for row in replayed.rows}
    drawn = next(e for e in events if e.TYPE == "tiles_drawn" and e.player == 1)
    assert clock[drawn] == 14_700 and len(drawn.tiles) == 2
    assert sum(e.TYPE == "plan_failed" for e in events) == 2  # the two grabs marked failed
    assert not any(e.action == "wait" and e.player == 1 for e in planned[:10])  # nobody waits while acting


def test_unknown_tile(lake: Path, tmp_path: Path) -> None:
    path = edited(tmp_path, "tile.json", lambda r: r["moves"].__setitem__(
        BEN_DRAWS, {"t": 14.7, "move": "Ben: draw 2 > MMSP/PPFM, FFFF/XXXX"}))
    error = rejected(lake, path)
    assert (error.code, error.move) == ("unknown_card", BEN_DRAWS + 1) and "'FFFF/XXXX'" in error.detail


def test_impossible_draw_of_a_tile_dealt_to_someone(lake: Path, tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        record["moves"][BEN_DRAWS]["move"] = "Ben: draw 2 > MMSP/PPFM, SSMP/PPMF.1"  # copy 1 was dealt to Ana
    error = rejected(lake, edited(tmp_path, "dealt.json", change))
    assert (error.code, error.move) == ("impossible_outcome", BEN_DRAWS + 1)
    assert "already came out at the setup" in error.detail and "Ana's" in error.detail or "world" in error.detail


def test_a_placement_the_table_does_not_allow_names_the_rule_and_the_legal_moves(lake: Path, tmp_path: Path) -> None:
    path = edited(tmp_path, "d4.json", lambda r: r["moves"][CHLOE_PLACES].__setitem__(
        "move", "Chloé: place FPFP:0121/MSMS:0121 at d4 as PFPF"))  # the middle touches no side yet
    error = rejected(lake, path)
    assert (error.code, error.move) == ("illegal_move", CHLOE_PLACES + 1)
    assert "t=6.1 s" in error.detail and "rule two_sides" in error.detail
    assert "place FPFP:0121/MSMS:0121.1 at a1 as PFPF" in error.legal
    assert "d4.json: game 1 (Friday prototype night, table 2): move 4 'Chloé: place" in error.message()


def test_a_move_without_its_time(lake: Path, tmp_path: Path) -> None:
    path = edited(tmp_path, "no-t.json", lambda r: r["moves"][CHLOE_PLACES].pop("t"))
    error = rejected(lake, path)
    assert (error.code, error.move) == ("missing_field", CHLOE_PLACES + 1) and "`t`" in error.detail


def test_times_that_go_backwards_for_a_player(lake: Path, tmp_path: Path) -> None:
    path = edited(tmp_path, "back.json", lambda r: r["moves"][CHLOE_PLACES].__setitem__("t", 0.5))
    error = rejected(lake, path)
    assert (error.code, error.move) == ("illegal_move", CHLOE_PLACES + 1) and "times must grow" in error.detail


def test_a_grab_marked_failed_that_the_table_allowed(lake: Path, tmp_path: Path) -> None:
    path = edited(tmp_path, "ok.json", lambda r: r["moves"][CHLOE_PLACES].__setitem__("failed", True))
    error = rejected(lake, path)
    assert (error.code, error.move) == ("not_failed", CHLOE_PLACES + 1)
    path = edited(tmp_path, "not-failed.json", lambda r: r["moves"][FAILED].pop("failed"))
    error = rejected(lake, path)
    assert (error.code, error.move) == ("illegal_move", FAILED + 1) and "rule space_taken" in error.detail


def test_wrong_game_and_wrong_player_count(lake: Path, tmp_path: Path) -> None:
    error = rejected(lake, edited(tmp_path, "caprices.json", lambda r: r.__setitem__("game", "caprices")))
    assert error.code == "wrong_game" and "gods" in error.detail
    error = rejected(lake, edited(tmp_path, "two.json", lambda r: r.__setitem__("players", ["Ana", "Ben"])))
    assert error.code == "wrong_player_count" and "3 tile lists for 2 players" in error.detail
    error = rejected(lake, edited(tmp_path, "five.json", lambda r: r.__setitem__("players", 5)))
    assert error.code == "wrong_player_count" and "[2, 3, 4]" in error.detail


def test_scores_unfinished_and_truncated(lake: Path, tmp_path: Path) -> None:
    error = rejected(lake, edited(tmp_path, "score.json", lambda r: r["scores"].__setitem__(1, 50)))
    assert error.code == "score_mismatch" and "Ben recorded 50, the rules give 53" in error.detail
    error = rejected(lake, edited(tmp_path, "short.json", lambda r: r.__setitem__("moves", r["moves"][:60])))
    assert error.code == "unfinished_game" and error.legal
    cut = tmp_path / "cut.json"
    cut.write_text(PLAYTESTS["gods"].read_text(encoding="utf-8")[:1500], encoding="utf-8")
    assert rejected(lake, cut).code == "invalid_json"


def test_the_same_game_twice(lake: Path, tmp_path: Path) -> None:
    error = rejected(lake, write(tmp_path / "again.json", copy.deepcopy(playtest("gods"))))
    assert error.code == "duplicate_game" and "gods-playtest.json" in error.detail


def test_a_line_after_the_end(lake: Path, tmp_path: Path) -> None:
    path = edited(tmp_path, "late.json", lambda r: r["moves"].append({"t": 190.0, "move": "Ben: draw 2 > FFFF/MMMM"}))
    error = rejected(lake, path)
    assert error.code == "illegal_move" and "already over" in error.detail and error.move_text.startswith("Ben: draw")


def _ended(record: dict[str, Any]) -> tuple[str, int, list[float]]:
    """The end reason, when the table agreed it (ms) and the scores of a record's replay."""
    replayed = replay_record(GameRecord("idle.json", 1, record))
    ended = next(row for row in replayed.rows if row[1].TYPE == "game_ended")
    return ended[1].end_reason, ended[4], replayed.scores


def test_a_pause_longer_than_the_idle_end_does_not_end_a_recorded_game() -> None:
    """The table paused 400 s (past `end.idle_ms`) before Chloé's last city and played on: the record says so."""
    record = playtest("gods")
    record["moves"][-1]["t"] += 400
    assert _ended(record) == ("frame_full", 579_700, [6, 53, 46])


def test_a_recorded_table_agrees_the_end_after_an_idle_pause() -> None:
    """Cut after Ana's tile at 54.4 s: Ana looks again 300 s later and the table agrees the end (an `end` line)."""
    record = playtest("gods")
    del record["scores"]
    record["moves"] = [*record["moves"][:30], {"t": 354.4, "move": "Ana: wait"}]
    with pytest.raises(RecordError, match="unfinished_game"):  # a long wait alone is no agreement
        _ended(record)
    record["moves"].append({"move": "Ana: end"})
    assert _ended(record) == ("idle", 354_400, [3, 16, 24])
