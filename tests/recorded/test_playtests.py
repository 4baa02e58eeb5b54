"""The committed playtests go into the lake as verified, recorded runs; ingesting again adds nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from balance.cli import main
from lake import layout as lake_files
from lake.verify import verify
from recorded.ingest import ingest, is_recorded
from recorded.quarantine import quarantined
from tests.recorded.conftest import PLAYTESTS, lake_snapshot


@pytest.mark.parametrize("game", sorted(PLAYTESTS))
def test_playtest_enters_the_lake_as_a_verified_recorded_run(game: str, tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    report = ingest([PLAYTESTS[game]], lake)
    assert not report.rejected and report.games_added == 1
    run_id = report.added[0][0]
    assert run_id.startswith("rec-")
    manifest = lake_files.read_json(lake_files.meta_dir(lake, run_id) / "manifest.json")
    assert is_recorded(manifest) and manifest["game"] == game
    entry = manifest["extra"]["games"][0]
    assert entry["labels"][0] in ("Alice", "Maya", "Ana") and entry["played_on"].startswith("2026-11")
    checked = verify(lake, workers=1)
    assert checked.ok, [p.line() for p in checked.problems]
    assert checked.games == 1


def test_ingesting_the_same_files_again_adds_nothing(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    assert main(["ingest", *map(str, PLAYTESTS.values()), "--lake", str(lake)]) == 0
    before = lake_snapshot(lake)
    report = ingest([PLAYTESTS["caprices"].parent], lake)  # the folder: every file again
    assert report.games_added == 0 and len(report.already) == len(PLAYTESTS) and not report.rejected
    assert lake_snapshot(lake) == before
    assert quarantined(lake) == []


def test_run_id_derives_from_the_games_not_the_file(tmp_path: Path) -> None:
    first = ingest([PLAYTESTS["caprices"]], tmp_path / "a").added
    second = ingest([PLAYTESTS["caprices"]], tmp_path / "b").added
    assert first == second
