"""--resume after a real `kill -9`: the lake ends up holding exactly an uninterrupted run's games."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from simulate import lake as lake_files
from simulate.runner import run
from simulate.verify import verify
from tests.simulate.conftest import Cli
from tests.simulate.slow_run import SPEC
from tests.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]


def _kill_after_first_part(lake: Path) -> int:
    """Start the slow run, SIGKILL its whole process group once a part exists; parts present then."""
    proc = subprocess.Popen([sys.executable, "-m", "tests.simulate.slow_run", str(lake)], cwd=ROOT,
                            start_new_session=True)
    folder = lake_files.run_dir(lake, "toy", SPEC.run_id)
    deadline = time.monotonic() + 60
    try:
        while not lake_files.existing_parts(folder):
            assert proc.poll() is None, "the slow run ended before writing a part file"
            assert time.monotonic() < deadline, "no part file after 60 s"
            time.sleep(0.01)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    return len(lake_files.existing_parts(folder))


def _log_keys(lake: Path) -> list[tuple[int, int, str]]:
    table = pa.concat_tables(pq.read_table(p) for p in sorted(lake_files.run_dir(lake, "toy", SPEC.run_id).iterdir()))
    return sorted(zip(*(table.column(c).to_pylist() for c in ("game_id", "seq", "event_type"))))


def _digests(lake: Path) -> dict[int, str]:
    table = pq.read_table(lake_files.run_dir(lake, "toy", SPEC.run_id))
    sealed = table.filter(pa.compute.equal(table.column("event_type"), "game_sealed"))
    return dict(zip(sealed.column("game_id").to_pylist(), sealed.column("digest").to_pylist()))


@pytest.mark.xdist_group("subprocess")
def test_resume_after_kill_9_equals_uninterrupted_run(cli: Cli, tmp_path: Path, toy_registered: None) -> None:
    killed, clean = tmp_path / "killed", tmp_path / "clean"
    parts_at_kill = _kill_after_first_part(killed)
    assert 1 <= parts_at_kill < len(SPEC.batches()), "the run must be interrupted part-way"
    print(f"killed with {parts_at_kill} of {len(SPEC.batches())} parts written")
    assert not (killed / "runs" / SPEC.run_id / "manifest.json").exists()

    argv = ["simulate", "--game", "toy", "--games", "12", "--players", "2,4", "--agents", "random,greedy",
            "--seed", "11", "--batch-size", "2", "--run-id", "killed", "--lake", str(killed), "--no-progress"]
    assert cli(argv) == 1  # without --resume the taken run id is refused
    assert cli([*argv, "--resume", "--workers", "2"]) == 0
    run(SPEC, clean, workers=1, progress=False, game=GAME)

    assert _log_keys(killed) == _log_keys(clean)
    assert len(set(_log_keys(killed))) == len(_log_keys(killed))  # no game written twice
    assert _digests(killed) == _digests(clean) and len(_digests(killed)) == SPEC.total_games
    names = sorted(p.name for p in lake_files.run_dir(killed, "toy", SPEC.run_id).iterdir())
    assert names == [lake_files.part_name(b.index) for b in SPEC.batches()]  # no temp files left behind
    assert verify(killed, resolve=lambda _: GAME).ok
