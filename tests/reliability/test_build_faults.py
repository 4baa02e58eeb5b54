"""Faults while writing the warehouse and the report (issue 27 items 4, 5 and 8).

Kills come from kill points (`BALANCE_KILL_AT`, engine/core/killpoint.py): the
process SIGKILLs itself at an exact moment of the write, so each test is
deterministic. A full disk is a real one: a small tmpfs mounted in a private
user and mount namespace (`unshare`), skipped where the kernel does not allow
it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest

from tests.warehouse.conftest import lineups
from tests.warehouse.fake_events import write_fake_run
from warehouse.build import build

ROOT = Path(__file__).resolve().parents[2]
# what an update touches: the run-by-run facts, the run state, and the tables loaded before the models
WATCHED = ("fct_games", "warehouse_built_runs", "lake_left_out", "flag_rules", "lake_old_envelopes")


@pytest.fixture
def lakes(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(a lake of two runs, the warehouse built from it, the same lake plus a third run and a left-out one)."""
    lake = tmp_path / "lake"
    write_fake_run(lake, "caprices", "cap-a", lineups(60, 1), seed=1)
    write_fake_run(lake, "caprices", "cap-b", lineups(40, 2), seed=2)
    warehouse = tmp_path / "wh" / "w.duckdb"
    build(lake, warehouse)
    grown = tmp_path / "grown"
    shutil.copytree(lake, grown)
    write_fake_run(grown, "caprices", "cap-c", lineups(50, 3), seed=3)
    write_fake_run(grown, "caprices", "cap-d", lineups(10, 4), seed=4)
    for path in (grown / "runs" / "cap-d").glob("manifest*"):
        path.unlink()  # an unfinished run: a new row of lake_left_out
    return lake, warehouse, grown


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _tables(warehouse: Path) -> dict[str, list[tuple]]:
    with duckdb.connect(str(warehouse), read_only=True) as con:
        return {name: sorted(map(repr, con.execute(f"select * from {name}").fetchall())) for name in WATCHED}


def _balance(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "balance.cli", *argv], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=300)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.xdist_group("subprocess")
@pytest.mark.parametrize("point", ["build:tables written", "build:before replace"])
def test_a_killed_full_build_leaves_the_warehouse_and_the_rerun_removes_its_temp_files(
    lakes: tuple[Path, Path, Path], point: str,
) -> None:
    _, warehouse, grown = lakes
    before = _digest(warehouse)
    killed = _balance("warehouse", "build", "--full", "--lake", str(grown), "--warehouse", str(warehouse),
                      env={"BALANCE_KILL_AT": point})
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert _digest(warehouse) == before
    left = _leftovers(warehouse.parent)
    assert left and all(name.startswith(".w.duckdb.") and ".tmp" in name for name in left), left
    build(grown, warehouse, full=True)  # another process id: removes the dead build's files
    assert _leftovers(warehouse.parent) == []


def test_a_build_never_removes_a_live_writers_temp_files(lakes: tuple[Path, Path, Path]) -> None:
    lake, warehouse, _ = lakes
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True, check=True)
        dead_pid = int(dead.stdout)
        for pid in (live.pid, dead_pid):
            for suffix in (".tmp", ".tmp.wal"):
                (warehouse.parent / f".w.duckdb.{pid}{suffix}").write_bytes(b"half a warehouse")
        build(lake, warehouse, full=True)
        assert _leftovers(warehouse.parent) == [f".w.duckdb.{live.pid}.tmp", f".w.duckdb.{live.pid}.tmp.wal"]
    finally:
        live.kill()
        live.wait()


@pytest.mark.xdist_group("subprocess")
@pytest.mark.parametrize("point", ["incremental:inputs written", "incremental:before commit"])
def test_a_killed_incremental_build_is_rolled_back_whole(
    lakes: tuple[Path, Path, Path], point: str, tmp_path: Path,
) -> None:
    _, warehouse, grown = lakes
    study = tmp_path / "study.toml"
    study.write_text("[flags]\ncorrection = \"fdr_bh\"\n[flags.min_effect]\nseat_win_rate = 0.2\n")
    before = _tables(warehouse)
    killed = _balance("warehouse", "build", "--lake", str(grown), "--warehouse", str(warehouse),
                      "--study", str(study), env={"BALANCE_KILL_AT": point})
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert _tables(warehouse) == before
    rerun = _balance("warehouse", "build", "--lake", str(grown), "--warehouse", str(warehouse), "--study", str(study))
    assert rerun.returncode == 0 and "incremental" in rerun.stdout, rerun.stderr
    after = _tables(warehouse)
    assert after["fct_games"] != before["fct_games"] and after["lake_left_out"] != before["lake_left_out"]
    assert {row.split(", ")[2] for row in after["flag_rules"]} == {"'fdr_bh'"}


@pytest.mark.xdist_group("subprocess")
def test_a_killed_report_leaves_its_staging_folder_and_the_next_report_removes_it(
    lakes: tuple[Path, Path, Path], tmp_path: Path,
) -> None:
    _, warehouse, _ = lakes
    out, notebooks = tmp_path / "html", tmp_path / "no-notebooks"
    notebooks.mkdir()
    script = textwrap.dedent(f"""
        from pathlib import Path
        from reports.render import build_reports
        build_reports(Path({str(warehouse)!r}), Path({str(out)!r}), Path({str(notebooks)!r}), log=lambda _: None)
    """)
    killed = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300,
                            env={**os.environ, "BALANCE_KILL_AT": "report:staged"})
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    staged = _leftovers(out)
    assert len(staged) == 1 and staged[0].startswith(".staging-"), staged
    assert not (out / "index.html").exists()
    again = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert _leftovers(out) == [] and (out / "index.html").exists()


def _can_mount_tmpfs() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
                            "mount -t tmpfs -o size=64k tmpfs /mnt"], capture_output=True)
    return probe.returncode == 0


full_disk = pytest.mark.skipif(not _can_mount_tmpfs(), reason="no user namespaces to mount a small tmpfs in")


def _build_on_small_disk(warehouse: Path, lake: Path, free: int, *flags: str) -> tuple[subprocess.CompletedProcess[str],
                                                                                          str, str]:
    """Copy the warehouse onto a tmpfs with `free` bytes to spare, build there; (the build, digest before, after)."""
    disk = warehouse.parent / "disk"
    disk.mkdir()
    size = warehouse.stat().st_size + free
    script = (f"mount -t tmpfs -o size={size} tmpfs {disk} && cp {warehouse} {disk}/w.duckdb && "
              f"sha256sum {disk}/w.duckdb && "
              f"{sys.executable} -m balance.cli warehouse build --lake {lake} --warehouse {disk}/w.duckdb "
              f"{' '.join(flags)}; rc=$?; sha256sum {disk}/w.duckdb >&3; ls -a {disk} >&3; exit $rc")
    done = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "bash", "-c",
                           f"exec 3>{warehouse.parent / 'after.txt'}; {script}"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    after = (warehouse.parent / "after.txt").read_text()
    return done, done.stdout.split()[0] if done.stdout else "", after


@full_disk
@pytest.mark.xdist_group("subprocess")
def test_a_full_build_on_a_nearly_full_disk_is_one_line_exit_2_and_leaves_the_warehouse(
    lakes: tuple[Path, Path, Path],
) -> None:
    _, warehouse, grown = lakes
    done, before, after = _build_on_small_disk(warehouse, grown, warehouse.stat().st_size // 2, "--full")
    assert done.returncode == 2, done.stderr
    line, = done.stderr.strip().splitlines()
    assert "the disk is full" in line and "w.duckdb" in line and "free space" in line
    assert "previous warehouse is unchanged" in line
    assert before in after and after.split()[2:] == [".", "..", "w.duckdb"]  # no temp file left either


@full_disk
@pytest.mark.xdist_group("subprocess")
def test_an_incremental_build_on_a_full_disk_names_the_cause_and_leaves_the_warehouse(
    lakes: tuple[Path, Path, Path],
) -> None:
    _, warehouse, grown = lakes
    done, before, after = _build_on_small_disk(warehouse, grown, 64 * 1024)
    assert done.returncode == 2, done.stderr
    line, = done.stderr.strip().splitlines()
    assert "the disk is full" in line and "w.duckdb" in line and "free space" in line
    assert "no transaction is active" not in line
    assert before in after


def test_a_failed_incremental_build_rolls_back_the_tables_loaded_before_its_models(
    lakes: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """lake_old_envelopes, lake_left_out and flag_rules are written inside the update's transaction."""
    from warehouse import build as build_module
    from warehouse.flags import FlagRules

    _, warehouse, grown = lakes
    before = _tables(warehouse)

    def fail(*_args: object) -> None:
        raise RuntimeError("a model failed")

    monkeypatch.setattr(build_module, "_build_models", fail)
    with pytest.raises(RuntimeError, match="a model failed"):
        build(grown, warehouse, flag_rules=FlagRules("fdr_bh", 0.05, {"seat_win_rate": 0.2}, "test"))
    assert _tables(warehouse) == before
