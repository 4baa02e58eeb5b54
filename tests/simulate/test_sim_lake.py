"""The lake: file layout, Parquet encoding, schema, manifest, determinism, run-id conflicts."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.core.buffer import ENVELOPE
from lake import layout as lake_files
from simulate.runner import RunConflict, run
from tests.simulate.conftest import Cli, small_spec
from tests.toygame import GAME
from warehouse.runs import ObservedRun, describe_run


def _events(lake: Path, spec_run_id: str) -> pa.Table:
    folder = lake_files.run_dir(lake, "toy", spec_run_id)
    tables = [pq.read_table(p) for _, p in sorted(lake_files.existing_parts(folder).items())]
    return pa.concat_tables(tables).sort_by([("game_id", "ascending"), ("seq", "ascending")])


def test_part_files_are_named_by_batch_and_manifest_lists_them(tmp_path: Path) -> None:
    spec = small_spec()
    manifest = run(spec, tmp_path, workers=1, progress=False, game=GAME)
    folder = lake_files.run_dir(tmp_path, "toy", spec.run_id)
    assert sorted(p.name for p in folder.iterdir()) == [f"part-0000{i}.parquet" for i in range(4)]
    assert [f["file"] for f in manifest.files] == [
        f"events/game=toy/run={spec.run_id}/part-0000{i}.parquet" for i in range(4)]
    assert [(f["first_game_id"], f["last_game_id"], f["games"]) for f in manifest.files] == [
        (0, 5, 6), (6, 11, 6), (12, 17, 6), (18, 23, 6)]
    table = _events(tmp_path, spec.run_id)
    assert manifest.totals == {"games": 24, "events": table.num_rows, "files": 4}
    assert [f["events"] for f in manifest.files] == [lake_files.parquet_rows(folder / n) for n in sorted(
        p.name for p in folder.iterdir())]
    assert manifest.ruleset["text"] == (Path(GAME.load_ruleset("default").path)).read_text()
    assert manifest.ruleset["digest"] == GAME.load_ruleset("default").digest
    assert manifest.spec == spec.to_dict()
    stored = lake_files.read_json(tmp_path / "runs" / spec.run_id / "manifest.json")
    assert stored == manifest.to_dict()


def test_parquet_is_zstd_with_an_encoding_per_column_envelope_and_typed_columns(tmp_path: Path) -> None:
    spec = small_spec()
    run(spec, tmp_path, workers=1, progress=False, game=GAME)
    path = lake_files.run_dir(tmp_path, "toy", spec.run_id) / "part-00000.parquet"
    meta = pq.ParquetFile(path).metadata
    assert meta.num_row_groups == 1  # a batch smaller than 100k rows stays one row group
    schema = pq.read_schema(path)
    for name, dtype in ENVELOPE.items():
        assert schema.field(name).type == dtype
    assert schema.field("card").type == pa.int16()
    assert schema.field("payload").type == pa.string()
    group = meta.row_group(0)
    columns = {group.column(i).path_in_schema: group.column(i) for i in range(group.num_columns)}
    assert {c.compression for c in columns.values()} == {"ZSTD"}
    for name in ("run_id", "event_type", "ruleset", "payload", "player", "card", "clock_ms"):  # few distinct values
        assert columns[name].has_dictionary_page, name
        assert "RLE_DICTIONARY" in columns[name].encodings, name
    assert "DELTA_BINARY_PACKED" in columns["game_id"].encodings  # ascends inside each event type's rows
    for name in ("seq", "round", "turn"):  # the envelope's counters: bytes split into streams
        assert "BYTE_STREAM_SPLIT" in columns[name].encodings, name
    for name in ("seed", "digest"):  # one value per game: a dictionary would only add its index
        assert not columns[name].has_dictionary_page, name
    types = pq.read_table(path, columns=["event_type"]).column("event_type").to_pylist()
    assert types == sorted(types)  # rows grouped by event type, as the footer declares
    assert [(meta.schema.column(c.column_index).name, c.descending) for c in group.sorting_columns] == [
        ("event_type", False), ("game_id", False), ("seq", False)]
    assert pq.ParquetFile(path).metadata.metadata == {b"balance.lake_schema": b"4"}


def test_same_spec_gives_identical_events_whatever_the_workers(tmp_path: Path) -> None:
    spec = small_spec()
    run(spec, tmp_path / "a", workers=1, progress=False, game=GAME)
    run(spec, tmp_path / "b", workers=2, progress=False, game=GAME)
    first, second = _events(tmp_path / "a", spec.run_id), _events(tmp_path / "b", spec.run_id)
    assert first.num_rows > 24 * 4
    assert first.equals(second)
    other = small_spec(seed=8)
    run(other, tmp_path / "c", workers=1, progress=False, game=GAME)
    assert not _events(tmp_path / "c", other.run_id).drop_columns(["run_id"]).equals(first.drop_columns(["run_id"]))


def test_each_game_starts_with_its_planned_seed_and_seating(tmp_path: Path) -> None:
    spec = small_spec()
    run(spec, tmp_path, workers=1, progress=False, game=GAME)
    starts = _events(tmp_path, spec.run_id).filter(pa.compute.equal(pa.compute.field("seq"), 0))
    rows = starts.select(["game_id", "seed", "num_players", "agents"]).to_pylist()
    planned = [{"game_id": g.game_id, "seed": g.seed, "num_players": g.num_players, "agents": list(g.agents)}
               for g in spec.planned_games()]
    assert rows == planned


def test_run_id_taken_by_another_spec_is_refused(tmp_path: Path) -> None:
    first = run(small_spec(run_id="r1"), tmp_path, workers=1, progress=False, game=GAME)
    with pytest.raises(RunConflict, match=r"run id 'r1' already exists .* different spec \(seed: 7 there, 8 now\)"):
        run(small_spec(run_id="r1", seed=8), tmp_path, workers=1, progress=False, game=GAME)
    with pytest.raises(RunConflict, match="pass --resume"):
        run(small_spec(run_id="r1"), tmp_path, workers=1, progress=False, game=GAME)
    again = run(small_spec(run_id="r1"), tmp_path, workers=1, resume=True, progress=False, game=GAME)
    assert again == first  # a complete run resumed plays nothing and keeps its manifest


def test_a_run_of_strong_records_what_strong_plays_and_refuses_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`strong` changes meaning when a game gets a new default strong agent (issue 25): the run's claim and
    manifest say what it was, and resuming the run under another `strong` is a conflict, not a mix."""
    from engine.gardens.agents import search

    spec = small_spec(game="gardens", ruleset="base", players=(2,), agents=("strong", "greedy"), games=2,
                      batch_size=1, run_id="s1")
    first = run(spec, tmp_path, workers=1, progress=False)
    assert first.extra["strong_plays"] == "lookahead:0.5"
    seen = ObservedRun("gardens", "s1", "base", first.ruleset["digest"])
    assert describe_run(first.to_dict(), seen)[0]["strong_plays"] == "lookahead:0.5"  # the warehouse's runs row
    monkeypatch.setattr(search, "SCREEN", 0.25)
    with pytest.raises(RunConflict, match=r"strong_plays: 'lookahead:0.5' there, 'lookahead:0.25' now"):
        run(spec, tmp_path, workers=1, resume=True, progress=False)
    assert "strong_plays" not in run(small_spec(run_id="r2"), tmp_path, workers=1, progress=False, game=GAME).extra


def test_cli_simulate_writes_lake_and_refuses_taken_run_id(
    cli: Cli, tmp_path: Path, toy_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:

    argv = ["simulate", "--game", "toy", "--games", "4", "--players", "2", "--agents", "random,greedy",
            "--seed", "1", "--lake", str(tmp_path), "--batch-size", "2", "--workers", "1", "--run-id", "cli"]
    assert cli(argv) == 0
    assert "run cli: 4 games" in capsys.readouterr().out
    assert cli([*argv[:-1], "other", "--no-progress"]) == 0
    assert cli([*argv[:10], "9", *argv[11:]]) == 1
    assert "already exists" in capsys.readouterr().err
    assert cli(argv + ["--resume"]) == 0


def test_a_failing_game_is_named_with_its_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from simulate.batch import SimulationError
    from tests.toygame import ToyGame

    def broken(self: ToyGame, state: object, command: object, rng: object) -> list:
        raise ZeroDivisionError("rules bug")

    monkeypatch.setattr(ToyGame, "decide", broken)
    spec = small_spec()
    seed = next(spec.planned_games()).seed
    with pytest.raises(SimulationError, match=rf"game 0 \(2 players, seed {seed}.*ZeroDivisionError: rules bug"):
        run(spec, tmp_path, workers=1, progress=False, game=GAME)
    assert not (tmp_path / "runs" / spec.run_id / "manifest.json").exists()
