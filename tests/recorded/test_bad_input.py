"""Hostile recorded files (issue 27): each is one named line, exit 2, the lake unchanged, never a traceback.

A ruleset field naming a device or a FIFO, JSON nested 200,000 deep, a seed
beyond the lake's column, NaN scores, control characters in names, a file
name of 240 characters, a 50 MB truncated file.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from balance.cli import main
from recorded.ingest import ingest
from recorded.quarantine import KEPT_BYTES, quarantined
from show.story import transcript
from tests.recorded.conftest import PLAYTESTS, playtest, rejected, write


@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
def test_a_ruleset_field_naming_a_device_or_a_fifo_is_refused_unread(lake: Path, tmp_path: Path, target: str) -> None:
    if target == "fifo":
        target = str(tmp_path / "ruleset.fifo")
        os.mkfifo(target)  # opened for reading it would wait for a writer forever
    record = playtest("caprices")
    record["ruleset"] = target
    error = rejected(lake, write(tmp_path / "device.json", record))
    assert error.code == "unknown_ruleset" and "field ruleset" in error.detail
    assert "not a regular file" in error.detail and "device.json: game 1" in error.message()


def test_a_ruleset_file_too_big_to_be_a_ruleset_is_refused(lake: Path, tmp_path: Path) -> None:
    big = tmp_path / "huge.toml"
    big.write_bytes(b"#" * (2 << 20))
    record = playtest("caprices")
    record["ruleset"] = str(big)
    error = rejected(lake, write(tmp_path / "big.json", record))
    assert error.code == "unknown_ruleset" and "larger than 1024 KB" in error.detail


def test_json_nested_200000_deep_is_a_named_error(lake: Path, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    error = rejected(lake, path)
    assert error.code == "invalid_json" and "nested deeper" in error.detail and str(path) in error.message()


def test_a_deep_value_inside_a_game_is_a_named_error(lake: Path, tmp_path: Path) -> None:
    record = playtest("caprices")
    path = write(tmp_path / "deep-notes.json", record)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"notes":', '"notes": ' + "[" * 500 + "]" * 500 + ', "x":'), encoding="utf-8")
    error = rejected(lake, path)
    assert error.code == "invalid_field" and error.game == 1


@pytest.mark.parametrize("seed", [2**70, -1])
def test_a_seed_outside_the_lake_column_names_the_field(lake: Path, tmp_path: Path, seed: int) -> None:
    record = playtest("caprices")
    record["seed"] = seed
    error = rejected(lake, write(tmp_path / "seed.json", record))
    assert error.code == "invalid_field" and "field seed" in error.detail and error.game == 1


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity"])
def test_nan_scores_are_refused_naming_the_field(lake: Path, tmp_path: Path, value: str) -> None:
    record = playtest("caprices")
    path = write(tmp_path / "nan.json", record)
    text = path.read_text(encoding="utf-8")
    start = text.index('"scores"')
    path.write_text(text[:start] + f'"scores": [{value}, 141, 43, 150]' + text[text.index("]", start) + 1:],
                    encoding="utf-8")
    error = rejected(lake, path)
    assert error.code == "invalid_field" and "field scores/0" in error.detail and "nan.json: game 1" in error.message()


@pytest.mark.parametrize("bad", ["Al\x00ice", "Al\x1b[2Jice", "Al\nice", "Al\x9bice"])
def test_control_characters_in_a_player_name_are_refused(lake: Path, tmp_path: Path, bad: str) -> None:
    record = playtest("caprices")
    record["players"][0] = bad
    record["moves"] = [m.replace("Alice:", f"{bad}:") for m in record["moves"]]
    error = rejected(lake, write(tmp_path / "names.json", record))
    assert error.code == "invalid_field" and "field players/0" in error.detail and "control character" in error.detail
    assert "\x1b" not in error.message() and "\n" not in error.message()


def test_show_prints_no_control_character_from_a_lake_written_before_the_check(tmp_path: Path) -> None:
    from show.source import from_record

    shown = from_record(PLAYTESTS["caprices"], 1)
    shown.labels[0] = "Al\x1b[2Jice\nX"  # as an older lake's manifest may hold it
    text = transcript(shown)
    assert "\x1b" not in text and "Al\\x1b[2Jice\\nX" in text


def test_a_bad_game_in_a_file_with_a_240_character_name_is_quarantined(lake: Path, tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    record = playtest("caprices")
    record["scores"][0] = 1
    path = write(tmp_path / ("x" * 235 + ".json"), record)
    capsys.readouterr()
    assert main(["ingest", str(path), "--lake", str(lake)]) == 2
    assert "score_mismatch" in capsys.readouterr().err  # the reason is shown
    assert [(e["file"], e["code"]) for e in quarantined(lake)] == [(str(path), "score_mismatch")]
    assert all(len(p.name) < 100 for p in (lake / "quarantine").iterdir())


def test_a_file_level_entry_is_cleared_once_the_file_is_fixed_and_ingested(lake: Path, tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(PLAYTESTS["caprices"].read_text(encoding="utf-8")[:900], encoding="utf-8")
    assert main(["ingest", str(path), "--lake", str(lake)]) == 2
    assert [(e["file"], e["game"], e["code"]) for e in quarantined(lake)] == [(str(path), None, "invalid_json")]
    write(path, playtest("caprices"))
    assert main(["ingest", str(path), "--lake", str(lake)]) == 0
    assert quarantined(lake) == []


def test_a_50_mb_truncated_file_is_kept_as_an_excerpt(lake: Path, tmp_path: Path) -> None:
    game = playtest("caprices")
    text = json.dumps({"games": [game] * 9000})  # ~50 MB
    path = tmp_path / "huge.json"
    path.write_text(text[: len(text) - 10], encoding="utf-8")
    assert main(["ingest", str(path), "--lake", str(lake)]) == 2
    entry_file, = (lake / "quarantine").glob("*.json")
    assert entry_file.stat().st_size < KEPT_BYTES
    entry, = quarantined(lake)
    assert entry["record_bytes"] == path.stat().st_size and entry["record_excerpt"] == text[:4096]
    assert len(entry["record_sha256"]) == 64


def test_a_big_rejected_game_of_a_readable_file_is_kept_as_its_own_excerpt(lake: Path, tmp_path: Path) -> None:
    bad = playtest("caprices")
    bad["notes"] = "n" * (KEPT_BYTES * 2)
    bad["scores"][0] = 1
    path = write(tmp_path / "long-notes.json", {"games": [playtest("gardens"), bad]})
    report = ingest([path], lake)
    assert sorted((e.game, e.code) for e in report.rejected) == [(1, "duplicate_game"), (2, "score_mismatch")]
    kept = {e["game"]: e for e in quarantined(lake)}
    assert kept[1]["record"]["game"] == "gardens"
    assert kept[2]["record_excerpt"].startswith('{"game": "caprices"') and kept[2]["record_bytes"] > KEPT_BYTES
    started = time.process_time()
    assert len(quarantined(lake)) == 2
    assert time.process_time() - started < 1.0  # small entries: listing them reads a few KB
