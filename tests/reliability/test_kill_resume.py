"""kill -9 at random moments during `simulate`, then `--resume`: the lake equals an uninterrupted run's.

`make test` kills a few runs (3 moments, fixed seed); `make soak` sets
BALANCE_SOAK_KILLS (e.g. 40) for many. Each killed run is resumed through the
command line and compared event for event with a clean run of the same spec;
it must verify, hold every game exactly once and leave no temporary file. Each
kill must interrupt the run (no manifest yet); once the run id is claimed, the
run is finished with the command `balance verify` prints, exactly as printed.
"""

from __future__ import annotations

import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from balance.cli import main
from lake import layout
from lake.verify import verify
from simulate.runner import run
from tests.simulate.slow_run import SPEC
from tests.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("BALANCE_SOAK_KILLS", "3"))
_RNG = random.Random(9)
# (moment, seconds): counted from process start ("launch", often before the run id is claimed), from
# the claim (spec.json exists, before any part) or from the first part file (parts being written)
MOMENTS = [("launch", 0.4), ("claimed", 0.05), ("first part", 0.3)][:KILLS]
# The run cannot finish sooner than 1.5 s after its first part (12 batches of two 0.15 s games on 2 workers),
# so every drawn moment lands while it runs; the test asserts that it did.
MOMENTS += [(_RNG.choice(("claimed", "first part")), round(_RNG.uniform(0.0, 1.2), 2))
            for _ in range(KILLS - len(MOMENTS))]
HINT = re.compile(r"`(balance simulate --resume [^`]*)`")


def _kill_after(lake: Path, moment: str, seconds: float) -> int:
    """Start the slow run in its own process group and SIGKILL the whole group at the moment."""
    proc = subprocess.Popen([sys.executable, "-m", "tests.simulate.slow_run", str(lake)], cwd=ROOT,
                            start_new_session=True, stderr=subprocess.DEVNULL)
    claim = lake / layout.meta_key(SPEC.run_id, layout.SPEC_FILE)
    folder = layout.run_dir(lake, "toy", SPEC.run_id)
    reached = {"launch": lambda: True, "claimed": claim.exists,
               "first part": lambda: bool(layout.existing_parts(folder))}
    deadline = time.monotonic() + 60
    while not reached[moment]() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(seconds)
    still_running = proc.poll() is None
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert still_running, f"the run ended before the kill {seconds}s after {moment}: nothing was interrupted"
    assert not (lake / layout.meta_key(SPEC.run_id, layout.MANIFEST_FILE)).exists(), "the kill came after the end"
    return len(layout.existing_parts(layout.run_dir(lake, "toy", SPEC.run_id)))


def _events(lake: Path) -> pa.Table:
    folder = layout.run_dir(lake, "toy", SPEC.run_id)
    tables = [pq.read_table(path) for _, path in sorted(layout.existing_parts(folder).items())]
    return pa.concat_tables(tables).sort_by([("game_id", "ascending"), ("seq", "ascending")])


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> pa.Table:
    lake = tmp_path_factory.mktemp("clean")
    run(SPEC, lake, workers=1, progress=False, game=GAME)
    return _events(lake)


@pytest.mark.xdist_group("subprocess")
@pytest.mark.parametrize(("moment", "seconds"), MOMENTS)
def test_kill_9_then_resume_equals_an_uninterrupted_run(
    moment: str, seconds: float, clean: pa.Table, tmp_path: Path, toy_game: None, capsys: pytest.CaptureFixture[str],
) -> None:
    lake = tmp_path / "lake"
    parts = _kill_after(lake, moment, seconds)
    print(f"killed {seconds}s after {moment} with {parts} of {len(SPEC.batches())} parts written")
    assert parts < len(SPEC.batches())
    argv = ["simulate", "--game", "toy", "--games", "12", "--players", "2,4", "--agents", "random,greedy",
            "--seed", "11", "--batch-size", "2", "--run-id", "killed", "--lake", str(lake), "--no-progress",
            "--workers", "2", "--resume"]
    if (lake / layout.meta_key(SPEC.run_id, layout.SPEC_FILE)).exists():  # claimed: resume as verify says, verbatim
        capsys.readouterr()
        assert main(["verify", "--lake", str(lake), "--workers", "1"]) == 2
        hint = HINT.search(capsys.readouterr().err)
        assert hint is not None
        argv = shlex.split(hint.group(1))[1:]
    assert main(argv) == 0, argv
    resumed = _events(lake)
    assert resumed.equals(clean)  # byte for byte the same events: nothing lost, nothing played twice
    names = sorted(p.name for p in layout.run_dir(lake, "toy", SPEC.run_id).iterdir())
    assert names == [layout.part_name(b.index) for b in SPEC.batches()]  # no temporary file left
    report = verify(lake, resolve=lambda _: GAME)
    assert report.ok and report.games == SPEC.total_games, report.problems
