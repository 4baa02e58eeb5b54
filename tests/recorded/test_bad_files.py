"""Every bad file gets its own named error, placed by file, game and move, and leaves the lake unchanged."""

from __future__ import annotations

import copy
from pathlib import Path

from balance.cli import main
from recorded.ingest import ingest
from recorded.quarantine import quarantined
from tests.recorded.conftest import PLAYTESTS, playtest, rejected, write


def test_truncated_json(lake: Path, tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(PLAYTESTS["caprices"].read_text(encoding="utf-8")[:900], encoding="utf-8")
    error = rejected(lake, path)
    assert error.code == "invalid_json" and "truncated" in error.detail and str(path) in error.message()


def test_wrong_game(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["game"] = "gardens"
    error = rejected(lake, write(tmp_path / "wrong.json", record))
    assert error.code == "wrong_game" and "caprices" in error.detail


def test_unknown_game_name(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["game"] = "chess"
    error = rejected(lake, write(tmp_path / "chess.json", record))
    assert error.code == "unknown_game" and "caprices" in error.detail


def test_unknown_card(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["moves"][1] = "Bruno: draw > K11"
    error = rejected(lake, write(tmp_path / "k11.json", record))
    assert (error.code, error.move, error.move_text) == ("unknown_card", 2, "Bruno: draw > K11")
    assert "'K11'" in error.detail


def test_impossible_draw_of_a_card_in_someones_hand(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["moves"][1] = "Bruno: draw > K10"  # K10 was dealt to Alice
    error = rejected(lake, write(tmp_path / "k10.json", record))
    assert (error.code, error.move) == ("impossible_outcome", 2)
    assert "in Alice's hand" in error.detail and "the setup" in error.detail


def test_the_same_card_dealt_twice_in_the_setup(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["setup"]["hand"][1][0] = "K10"
    error = rejected(lake, write(tmp_path / "twice.json", record))
    assert (error.code, error.move) == ("impossible_outcome", 0) and "already came out" in error.detail


def test_illegal_move_lists_the_legal_moves(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["moves"][0] = "Alice: recruit K9"  # K9 is not in the Recruitment Zone yet
    error = rejected(lake, write(tmp_path / "illegal.json", record))
    assert (error.code, error.move, error.move_text) == ("illegal_move", 1, "Alice: recruit K9")
    assert "rule recruit_from_zone" in error.detail and "card K9 is not face up" in error.detail
    assert "recruit P6" in error.legal and "draw" in error.legal
    message = error.message()
    assert "illegal.json: game 1 (Thursday club, table 2): move 1 'Alice: recruit K9': illegal_move" in message
    assert "legal moves: recruit P6" in message


def test_move_by_the_wrong_player(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["moves"][1] = "Chloé: draw > P3"
    error = rejected(lake, write(tmp_path / "who.json", record))
    assert error.code == "wrong_player" and "Bruno" in error.detail


def test_wrong_player_count(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["players"] = ["Alice", "Bruno", "Chloé"]  # four hands are dealt
    error = rejected(lake, write(tmp_path / "three.json", record))
    assert error.code == "wrong_player_count" and "4 hands for 3 players" in error.detail
    record["players"] = 7
    assert rejected(lake, write(tmp_path / "seven.json", record)).code == "wrong_player_count"


def test_missing_field(lake: Path, tmp_path: Path) -> None:
    record = playtest("gardens")
    del record["moves"]
    error = rejected(lake, write(tmp_path / "nomoves.json", record))
    assert error.code == "missing_field" and "'moves'" in error.detail


def test_scores_that_do_not_match(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["scores"][3] = 152
    error = rejected(lake, write(tmp_path / "score.json", record))
    assert error.code == "score_mismatch" and "Dev recorded 152, the rules give 150" in error.detail


def test_the_same_game_twice(lake: Path, tmp_path: Path) -> None:
    game = playtest("gardens")  # already in the lake, from another file
    error = rejected(lake, write(tmp_path / "again.json", game))
    assert error.code == "duplicate_game" and "gardens-playtest.json" in error.detail
    copy_of = copy.deepcopy(game)
    copy_of["title"] = "the same evening, typed in twice"
    twice = write(tmp_path / "twice-in-one.json", {"games": [playtest("caprices"), playtest("caprices")]})
    report = ingest([twice], lake)
    assert report.games_added == 1 and [e.code for e in report.rejected] == ["duplicate_game"]
    assert report.rejected[0].game == 2 and "game 1" in report.rejected[0].detail


def test_unfinished_game(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    record["moves"] = record["moves"][:-2]
    error = rejected(lake, write(tmp_path / "short.json", record))
    assert error.code == "unfinished_game" and "Alice" in error.detail and error.legal


def test_other_games_of_a_file_still_go_in_and_quarantine_keeps_the_bad_one(lake: Path, tmp_path: Path) -> None:
    bad = playtest("caprices")
    bad["scores"] = [1, 2, 3, 4]
    path = write(tmp_path / "mixed.json", {"games": [bad, playtest("caprices")]})
    assert main(["ingest", str(path), "--lake", str(lake)]) == 2
    kept = quarantined(lake)
    assert [(k["file"], k["game"], k["code"]) for k in kept] == [(str(path), 1, "score_mismatch")]
    assert kept[0]["record"]["scores"] == [1, 2, 3, 4]
    assert main(["ingest", "--quarantined", "--lake", str(lake)]) == 0
    bad["scores"] = [86, 141, 43, 150]  # recounted: now it is the very game that went in as game 2
    write(path, {"games": [bad, playtest("caprices")]})
    report = ingest([path], lake)
    assert [e.code for e in report.rejected] == ["duplicate_game"] and len(report.already) == 1
    assert [k["code"] for k in quarantined(lake)] == ["duplicate_game"]
