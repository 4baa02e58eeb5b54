"""One numbering a designer can carry from message to command: a file's games count from 1 everywhere.

`balance record`, `balance ingest` and the quarantine name a file's games "game 1", "game 2", ...;
`balance show --file F --number N` takes that same number. A game in the lake is named by its game id
(from 0, the warehouse's `game_id`), and the messages about the lake call it "game id".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from balance.cli import main
from tests.recorded.conftest import playtest, write


def three_games(tmp_path: Path) -> Path:
    """A file of three games: a good one, one refused at its first move, a good Four Gardens one."""
    first, second, third = playtest("caprices"), playtest("caprices"), playtest("gardens")
    first["title"], second["title"], third["title"] = "first", "second", "third"
    second["moves"][0] = "Alice: discard A1"  # Alice must draw before she discards
    return write(tmp_path / "week.json", {"games": [first, second, third]})


def test_the_game_an_ingest_message_numbers_is_the_game_show_number_shows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = three_games(tmp_path)
    assert main(["ingest", str(path), "--lake", str(tmp_path / "lake")]) == 2
    quarantined = [line for line in capsys.readouterr().err.splitlines() if line.startswith("QUARANTINED")]
    assert len(quarantined) == 1 and f"{path}: game 2 (second): move 1" in quarantined[0]
    assert main(["show", "--file", str(path), "--number", "2"]) == 1  # the very game ingest refused, refused again
    assert f"{path}: game 2 (second): move 1" in capsys.readouterr().err
    for number, title in ((1, "first"), (3, "third")):
        assert main(["show", "--file", str(path), "--number", str(number)]) == 0
        assert capsys.readouterr().out.splitlines()[0].endswith(title)


def test_show_file_starts_at_game_1_and_names_the_numbers_it_has(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = three_games(tmp_path)
    assert main(["show", "--file", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("first")
    for number in ("0", "4"):
        assert main(["show", "--file", str(path), "--number", number]) == 1
        assert f"no game {number} (its games are 1..3); pick another --number" in capsys.readouterr().err


def test_game_id_is_the_lakes_and_number_the_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = three_games(tmp_path)
    assert main(["show", "--file", str(path), "--game-id", "0"]) == 1
    assert "give --number N (the first is --number 1)" in capsys.readouterr().err
    assert main(["show", "--lake", str(tmp_path / "lake"), "--run", "r", "--number", "1"]) == 1
    assert "a game of a run is --run RUN --game-id N (from 0)" in capsys.readouterr().err


def test_a_duplicate_names_the_lake_game_id_that_show_takes(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    lake = tmp_path / "lake"
    once = write(tmp_path / "once.json", playtest("caprices"))
    again = write(tmp_path / "again.json", playtest("caprices"))
    assert main(["ingest", str(once), "--lake", str(lake)]) == 0
    assert main(["ingest", str(again), "--lake", str(lake)]) == 2
    err = capsys.readouterr().err
    assert f"from {once.resolve()} game 1 (run " in err
    run_id, game_id = err.split("(run ", 1)[1].split(")", 1)[0].split(" game id ")
    assert main(["show", "--lake", str(lake), "--run", run_id, "--game-id", game_id]) == 0
    assert "Alice" in capsys.readouterr().out
