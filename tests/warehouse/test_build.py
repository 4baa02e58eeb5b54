"""The builder: order, idempotence, atomic replacement, clear errors, skipped games."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.core.errors import BalanceError
from tests.warehouse.conftest import lineups
from tests.warehouse.fake_events import write_fake_run
from warehouse.build import InvariantError, LakeError, build
from warehouse.models import LAYERS, ModelError, build_order, discover_models, discover_tests, parse_model

METRIC_TABLES = ("met_seat_advantage", "met_caprice_hit_rate", "met_caprice_slot_hit_rate", "met_game_length",
                 "met_caprices_score_components", "met_caprices_winning_score", "met_caprices_abilities",
                 "met_agent_win_rate")


def _rounded(row: tuple) -> tuple:
    """Floats to 9 significant digits: parallel aggregation may change the last bits of a sum."""
    return tuple(float(f"{v:.9g}") if isinstance(v, float) else v for v in row)


def tables(path: Path) -> dict[str, list[tuple]]:
    """Every table's rows, sorted, floats rounded."""
    with duckdb.connect(str(path), read_only=True) as con:
        names = [r[0] for r in con.execute("select table_name from information_schema.tables order by 1").fetchall()]
        return {
            n: sorted((_rounded(r) for r in con.execute(f"select * from {n}").fetchall()), key=repr)
            for n in names if "stg_" not in n
        }


def test_every_model_states_grain_and_orders_after_its_dependencies() -> None:
    models = discover_models()
    position = {m.name: i for i, m in enumerate(models)}
    for model in models:
        assert model.grain.startswith("one row per"), model.path
        assert model.python is not None or "select * from final" in model.sql, model.path
        for dep in model.depends:
            assert dep not in position or position[dep] < position[model.name], (model.name, dep)
    assert [m.layer for m in models] == sorted((m.layer for m in models), key=LAYERS.index)
    assert set(METRIC_TABLES) <= set(position)


def test_dependency_cycle_and_unknown_dependency_are_named(tmp_path: Path) -> None:
    for name, depends in (("a", "b"), ("b", "a")):
        (tmp_path / f"{name}.sql").write_text(f"-- grain: one row per x\n-- key: x\n-- depends: {depends}\nselect 1\n")
    models = [parse_model(tmp_path / "a.sql", "facts"), parse_model(tmp_path / "b.sql", "facts")]
    with pytest.raises(ModelError, match="cycle"):
        build_order(models)
    (tmp_path / "c.sql").write_text("-- grain: one row per x\n-- key: x\n-- depends: nowhere\nselect 1\n")
    with pytest.raises(ModelError, match="unknown model 'nowhere'"):
        build_order([parse_model(tmp_path / "c.sql", "facts")])
    (tmp_path / "d.sql").write_text("select 1\n")
    with pytest.raises(ModelError, match="grain"):
        parse_model(tmp_path / "d.sql", "metrics")
    (tmp_path / "e.sql").write_text("-- grain: one row per x\nselect 1\n")
    with pytest.raises(ModelError, match=r"e\.sql: missing '-- key: <columns that identify a row>'"):
        parse_model(tmp_path / "e.sql", "metrics")
    (tmp_path / "f.sql").write_text("-- grain: one row per x\n-- key: x, y?, x\nselect 1\n")
    with pytest.raises(ModelError, match="names a column twice"):
        parse_model(tmp_path / "f.sql", "metrics")


def test_rebuild_is_idempotent(fake_lake: Path, fake_warehouse: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.duckdb"
    build(fake_lake, again)
    build(fake_lake, again)
    first, second = tables(fake_warehouse), tables(again)
    assert set(METRIC_TABLES) <= set(first)
    assert first == second


def test_invariant_queries_pass_and_are_all_run(fake_lake: Path, tmp_path: Path) -> None:
    result = build(fake_lake, tmp_path / "w.duckdb")
    present = {"caprices", "toy"}
    assert sorted(result.tests) == sorted(t.name for t in discover_tests() if t.game in (None, *present))
    assert result.games == {"caprices": 350, "toy": 120}


def _corrupt(lake: Path, game: str, column: str, row: int, value: object) -> None:
    """Overwrite one cell of the first part file of `game` (simulating an edited log)."""
    part = next((lake / "events" / f"game={game}").glob("run=*/part-*.parquet"))
    table = pq.read_table(part)
    values = table.column(column).to_pylist()
    values[row] = value
    index = table.schema.get_field_index(column)
    field = table.schema.field(index)
    pq.write_table(table.set_column(index, field, pa.array(values, type=field.type)), part)


def test_violated_invariant_rejects_the_build_and_keeps_the_old_warehouse(fake_lake: Path, tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    shutil.copytree(fake_lake, lake)
    target = tmp_path / "w.duckdb"
    build(lake, target)
    before = tables(target)
    first_scored = pq.read_table(next((lake / "events" / "game=toy").glob("run=*/part-*.parquet"))).column(
        "event_type").to_pylist().index("player_scored")
    _corrupt(lake, "toy", "win_share", first_scored, 0.25)
    with pytest.raises(InvariantError, match="win_share_sums_to_one"):
        build(lake, target, full=True)  # an edit in place is no new run: only a full rebuild reads the file again
    assert tables(target) == before
    assert not list(tmp_path.glob(".w.duckdb*"))


@pytest.mark.parametrize("row, seq", [(5, 4), (5, 6), (0, 1)])
def test_seq_invariant_catches_a_repeated_or_missing_seq(fake_lake: Path, tmp_path: Path, row: int, seq: int) -> None:
    lake = tmp_path / "lake"
    shutil.copytree(fake_lake, lake)
    _corrupt(lake, "caprices", "seq", row, seq)
    with pytest.raises(InvariantError, match="seq_gapless"):
        build(lake, tmp_path / "w.duckdb")


def test_unreadable_listed_parquet_is_named(fake_lake: Path, tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    shutil.copytree(fake_lake, lake)
    bad = lake / "events" / "game=caprices" / "run=cap-a" / "part-00000.parquet"
    bad.write_bytes(b"not a parquet file")
    with pytest.raises(LakeError, match="run=cap-a/part-00000.parquet: unreadable Parquet"):
        build(lake, tmp_path / "w.duckdb")
    assert not (tmp_path / "w.duckdb").exists()


def test_stray_files_are_never_read_and_are_listed_as_left_out(fake_lake: Path, tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    shutil.copytree(fake_lake, lake)
    folder = lake / "events" / "game=caprices" / "run=cap-a"
    for name in ("part-9.parquet", "part-foreign.parquet", "part-00000-copy.parquet", "part-00001.parquet"):
        shutil.copy(folder / "part-00000.parquet", folder / name)
    result = build(lake, tmp_path / "w.duckdb")
    assert result.games == {"caprices": 350, "toy": 120}  # the copies would have added 4 x 200 games
    with duckdb.connect(str(tmp_path / "w.duckdb"), read_only=True) as con:
        rows = con.execute("select file, state, reason from lake_left_out order by file").fetchall()
    assert [r[0].rsplit("/", 1)[1] for r in rows] == [
        "part-00000-copy.parquet", "part-00001.parquet", "part-9.parquet", "part-foreign.parquet"]
    assert {r[1] for r in rows} == {"stray"} and "not listed in run cap-a's manifest" in rows[1][2]


def test_lake_without_caprices_skips_its_models(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    write_fake_run(lake, "toy", "toy-only", lineups(40, 5))
    result = build(lake, tmp_path / "w.duckdb")
    assert "fct_caprices_player_games" in result.skipped
    assert "met_caprice_hit_rate" in result.skipped
    built = tables(tmp_path / "w.duckdb")
    assert "met_seat_advantage" in built and "met_caprice_hit_rate" not in built
    assert {row[0] for row in built["met_seat_advantage"]} == {"toy"}


def test_empty_or_missing_lake_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(BalanceError, match="no runs in this lake"):
        build(tmp_path / "nowhere", tmp_path / "w.duckdb")
    (tmp_path / "empty" / "events").mkdir(parents=True)
    with pytest.raises(BalanceError, match="no runs in this lake"):
        build(tmp_path / "empty", tmp_path / "w.duckdb")


def test_half_written_temp_files_are_ignored(fake_lake: Path, tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    shutil.copytree(fake_lake, lake)
    (lake / "events" / "game=toy" / "run=toy-a" / ".tmp-123-part-00001.parquet").write_bytes(b"half")
    assert build(lake, tmp_path / "w.duckdb").games["toy"] == 120


def test_command_exit_codes(fake_lake: Path, tmp_path: Path) -> None:
    from balance.cli import main

    assert main(["warehouse", "build", "--lake", str(fake_lake), "--warehouse", str(tmp_path / "w.duckdb")]) == 0
    lake = tmp_path / "lake"
    shutil.copytree(fake_lake, lake)
    (lake / "events" / "game=toy" / "run=toy-a" / "part-7.parquet").write_bytes(b"junk")  # stray: never read
    assert main(["warehouse", "build", "--lake", str(lake), "--warehouse", str(tmp_path / "w.duckdb")]) == 0
    (lake / "events" / "game=toy" / "run=toy-a" / "part-00000.parquet").write_bytes(b"junk")  # listed: rejected
    assert main(["warehouse", "build", "--lake", str(lake), "--warehouse", str(tmp_path / "w.duckdb")]) == 2
    assert main(["warehouse", "build", "--lake", str(tmp_path / "nope"), "--warehouse", str(tmp_path / "x")]) == 1
