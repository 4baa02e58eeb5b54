"""Run ids are claimed atomically: one spec per run id, one writer at a time, never a crash."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lake import layout
from lake.claim import RunBusy, RunConflict, claim_run
from lake.spec import RunSpec
from lake.store import TEMP_PREFIX, open_store
from lake.verify import verify
from simulate.runner import run
from tests.simulate.slow_run import SPEC
from tests.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]


def _start_slow_writer(lake: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "tests.simulate.slow_run", str(lake)], cwd=ROOT)
    claim = lake / layout.meta_key(SPEC.run_id, layout.SPEC_FILE)
    deadline = time.monotonic() + 60
    while not claim.exists():
        assert proc.poll() is None and time.monotonic() < deadline, "the slow writer did not claim its run"
        time.sleep(0.01)
    return proc


@pytest.mark.xdist_group("subprocess")
def test_second_writer_with_another_spec_stops_at_once_and_same_spec_refuses_or_waits(tmp_path: Path) -> None:
    proc = _start_slow_writer(tmp_path)
    try:
        started = time.monotonic()
        other = RunSpec(**{**SPEC.__dict__, "seed": 12})
        with pytest.raises(RunConflict, match=r"run id 'killed' already exists .* \(seed: 11 there, 12 now\)"):
            run(other, tmp_path, workers=1, progress=False, game=GAME)
        with pytest.raises(RunBusy, match=r"run 'killed' is being written by pid \d+ .*--wait"):
            run(SPEC, tmp_path, workers=1, resume=True, progress=False, game=GAME)
        assert time.monotonic() - started < 5  # both refused at once, without waiting for the writer
        manifest = run(SPEC, tmp_path, workers=1, resume=True, progress=False, game=GAME, wait=True)
    finally:
        proc.wait(timeout=120)
    assert proc.returncode == 0
    assert manifest.totals["games"] == SPEC.total_games
    assert verify(tmp_path, resolve=lambda _: GAME).ok


def _claim(lake: str, seed: int, barrier: multiprocessing.synchronize.Barrier, results: multiprocessing.Queue) -> None:
    barrier.wait()
    try:
        claim_run(open_store(lake), "race", {"spec": {"seed": seed}}, resume=False).release()
        results.put(("won", seed))
    except RunConflict as exc:
        results.put(("refused", str(exc)))


@pytest.mark.xdist_group("subprocess")
def test_racing_claims_of_a_new_run_id_have_exactly_one_winner(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    for attempt in range(8):
        lake = str(tmp_path / f"lake{attempt}")
        barrier, results = context.Barrier(2), context.Queue()
        procs = [context.Process(target=_claim, args=(lake, seed, barrier, results)) for seed in (1, 2)]
        for proc in procs:
            proc.start()
        outcomes = sorted(results.get(timeout=30)[0] for _ in procs)
        for proc in procs:
            proc.join(timeout=30)
        assert outcomes == ["refused", "won"], outcomes


def test_failed_command_gives_its_run_id_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.toygame import ToyGame

    def broken(self: ToyGame, state: object, command: object, rng: object) -> list:
        raise ZeroDivisionError("rules bug")

    with monkeypatch.context() as patch:
        patch.setattr(ToyGame, "decide", broken)
        with pytest.raises(Exception, match="rules bug"):
            run(SPEC, tmp_path, workers=1, progress=False, game=GAME)
    assert not (tmp_path / layout.meta_key(SPEC.run_id)).exists()  # nothing left that trips a later command
    assert run(SPEC, tmp_path, workers=1, progress=False, game=GAME).totals["games"] == SPEC.total_games


def test_a_claim_clears_a_record_a_killed_writer_left_half_written(tmp_path: Path) -> None:
    # kill -9 between writing spec.json's temporary file and its rename leaves this file behind
    folder = tmp_path / layout.meta_key(SPEC.run_id)
    folder.mkdir(parents=True)
    half = folder / f"{TEMP_PREFIX}999999-{layout.SPEC_FILE}"
    half.write_bytes(b'{"kind": "simu')
    problems = verify(tmp_path, resolve=lambda _: GAME).problems
    assert [p.file for p in problems] == [half.relative_to(tmp_path).as_posix()]
    assert "killed writer" in problems[0].problem and "--resume" in problems[0].problem
    run(SPEC, tmp_path, workers=1, progress=False, game=GAME)
    assert not half.exists()
    report = verify(tmp_path, resolve=lambda _: GAME)
    assert report.ok and report.games == SPEC.total_games, report.problems
