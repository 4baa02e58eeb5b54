"""verify: a clean lake passes; removed rows, changed values and corrupt files are named."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from lake import layout as lake_files
from lake.verify import VerifyReport, verify
from simulate.runner import run
from tests.simulate.conftest import Cli, small_spec
from tests.toygame import GAME

SPEC = small_spec(run_id="v")
PART = f"events/game=toy/run={SPEC.run_id}/part-00001.parquet"


@pytest.fixture
def lake(tmp_path: Path) -> Path:
    run(SPEC, tmp_path, workers=1, progress=False, game=GAME)
    return tmp_path


def _verify(lake: Path) -> VerifyReport:
    return verify(lake, resolve=lambda _: GAME)


def _rewrite(lake: Path, change: object) -> None:
    """Rewrite part-00001 with `change(table) -> table`, as a tampering tool would."""
    path = lake / PART
    pq.write_table(change(pq.read_table(path)), path, compression="zstd")  # type: ignore[operator]


def _row_mask(table: pa.Table, game_id: int, seq: int) -> pa.ChunkedArray:
    return pc.and_(pc.equal(table.column("game_id"), game_id), pc.equal(table.column("seq"), seq))


def _set(table: pa.Table, column: str, game_id: int, seq: int, value: object) -> pa.Table:
    mask = _row_mask(table, game_id, seq)
    assert pc.sum(mask).as_py() == 1
    index = table.schema.get_field_index(column)
    new = pc.if_else(mask, pa.scalar(value, table.schema.field(column).type), table.column(column))
    return table.set_column(index, column, new)


def test_clean_lake_verifies(
    cli: Cli, lake: Path, toy_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _verify(lake)
    assert report.ok and report.problems == []
    assert (report.runs, report.files, report.games) == (["v"], 4, 24)
    assert cli(["verify", "--lake", str(lake)]) == 0
    assert "ok: 1 run(s), 4 file(s), 24 game(s)" in capsys.readouterr().out


def test_removed_row_is_reported_with_file_game_and_seq(
    cli: Cli, lake: Path, toy_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    _rewrite(lake, lambda t: t.filter(pc.invert(_row_mask(t, 7, 3))))
    problems = _verify(lake).problems
    assert [(p.file, p.game_id, p.seq) for p in problems] == [(PART, None, None), (PART, 7, 3)]
    assert "rows, manifest lists" in problems[0].problem and "seq missing" in problems[1].problem
    assert cli(["verify", "--lake", str(lake), "--run", "v", "--workers", "1"]) == 2
    assert f"{PART} / game 7 / seq 3 / seq missing" in capsys.readouterr().err
    assert verify(lake, workers=2).problems == problems  # files checked on a process pool: same findings


def test_changed_event_value_is_located_by_resimulation(lake: Path) -> None:
    table = pq.read_table(lake / PART)
    drawn = table.filter(pc.and_(pc.equal(table.column("game_id"), 8), pc.equal(table.column("event_type"),
                                                                                  "card_drawn")))
    seq, card = drawn.column("seq")[0].as_py(), drawn.column("card")[0].as_py()
    _rewrite(lake, lambda t: _set(t, "card", 8, seq, card + 1))
    [problem] = _verify(lake).problems
    assert (problem.file, problem.game_id, problem.seq) == (PART, 8, seq)
    assert "digest mismatch" in problem.problem and f"first differing event is seq {seq}" in problem.problem


def test_changed_envelope_value_is_reported_at_its_seq(lake: Path) -> None:
    _rewrite(lake, lambda t: _set(t, "clock_ms", 9, 2, 999_999))
    [problem] = _verify(lake).problems
    assert (problem.file, problem.game_id, problem.seq) == (PART, 9, 2)
    assert "clock_ms" in problem.problem


def test_truncated_file_is_reported_by_name(cli: Cli, lake: Path, toy_registered: None) -> None:
    path = lake / PART
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    problems = _verify(lake).problems
    assert [(p.file, p.game_id) for p in problems] == [(PART, None)]
    assert "unreadable Parquet file" in problems[0].problem
    assert cli(["verify", "--lake", str(lake)]) == 2


def test_missing_manifest_and_unlisted_files_are_reported(lake: Path) -> None:
    extra = lake_files.run_dir(lake, "toy", SPEC.run_id) / lake_files.part_name(9)
    extra.write_bytes((lake / PART).read_bytes())
    problems = _verify(lake).problems
    assert [(p.file, p.problem) for p in problems] == [
        (f"events/game=toy/run=v/{extra.name}",
         "stray file: not listed in run v's manifest; it is never read: remove it or move it out of the lake")]
    (lake / "runs" / "v" / "manifest.json").unlink()
    extra.unlink()
    [problem] = _verify(lake).problems
    assert problem.file == "runs/v" and "run v is incomplete (no manifest), 4 of 4 part files" in problem.problem
    assert "balance simulate --resume --run-id v" in problem.problem and "balance runs remove v" in problem.problem


def test_unknown_run_or_empty_lake_is_a_user_error(
    cli: Cli, lake: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    report = verify(lake, "nope", resolve=lambda _: GAME)
    assert not report.ok and report.runs == [] and "no run 'nope'" in report.problems[0].problem
    assert cli(["verify", "--lake", str(lake), "--run", "nope"]) == 1
    assert cli(["verify", "--lake", str(tmp_path_factory.mktemp("empty"))]) == 1
    assert "no runs in" in capsys.readouterr().err
