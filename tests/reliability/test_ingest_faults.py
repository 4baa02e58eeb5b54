"""Ingest and `runs remove` killed at exact system calls, and two ingests at once (issue 27, items 1, 3, 6, 11).

Each kill point is reached deterministically by `tests.reliability.killpoint`
(SIGKILL just before the n-th rename, link or unlink of a named file), never by
a sleep. `make test` kills at the named points; `make soak`
(BALANCE_SOAK_KILLS set) at every rename, link and unlink the command makes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from balance.cli import main
from lake.catalogue import catalogue
from lake.verify import verify
from recorded.ingest import ingest, recorded_hashes
from recorded.quarantine import quarantined
from tests.recorded.conftest import PLAYTESTS, playtest, write

ROOT = Path(__file__).resolve().parents[2]
SOAK = "BALANCE_SOAK_KILLS" in os.environ


def _killpoint(call: str, nth: int | str, pattern: str, argv: list[str], sig: str = "KILL") -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-u", "-m", "tests.reliability.killpoint", call, str(nth), pattern, sig,
                             "--", *argv], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _calls(call: str, pattern: str, argv: list[str]) -> int:
    """How many `call`s on a path holding `pattern` the command makes (on a throwaway copy of its lake)."""
    _, err = _killpoint(call, "count", pattern, argv).communicate()
    return int(err.rsplit("calls ", 1)[1])


def _killed(call: str, nth: int, pattern: str, argv: list[str]) -> None:
    proc = _killpoint(call, nth, pattern, argv)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL, f"the kill point {call} #{nth} on {pattern!r} was never reached"


def _games(lake: Path) -> list[str]:
    """The content hash of every recorded game in the lake's complete runs, once per copy."""
    return sorted(entry["content_hash"] for run in catalogue(lake).complete_runs()
                  for entry in (run.manifest or {}).get("extra", {}).get("games", []))


@pytest.fixture(scope="module")
def two_games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A file of two games (two runs: caprices and gardens) and the games an uninterrupted ingest stores."""
    folder = tmp_path_factory.mktemp("two")
    path = write(folder / "two.json", {"games": [playtest("caprices"), playtest("gardens")]})
    clean = folder / "clean"
    assert ingest([path], clean).games_added == 2
    return path, _games(clean)


INGEST_POINTS = [("replace", 1, "part-"), ("replace", 1, "records.json"), ("replace", 1, "manifest.json"),
                 ("link", 1, "spec.json"), ("replace", 2, "part-")]


def _ingest_points(path: Path, tmp_path: Path) -> list[tuple[str, int, str]]:
    if not SOAK:
        return INGEST_POINTS
    argv = ["ingest", str(path), "--lake", str(tmp_path / "lake-count")]
    return [(call, n, "lake") for call in ("replace", "link", "unlink")
            for n in range(1, _calls(call, "lake", argv) + 1)]


@pytest.mark.xdist_group("subprocess")
def test_an_ingest_killed_at_any_write_leaves_nothing_a_rerun_does_not_finish(
        two_games: tuple[Path, list[str]], tmp_path: Path) -> None:
    path, clean = two_games
    for index, (call, nth, pattern) in enumerate(_ingest_points(path, tmp_path)):
        lake = tmp_path / f"lake{index}"
        _killed(call, nth, pattern, ["ingest", str(path), "--lake", str(lake)])
        assert main(["ingest", str(path), "--lake", str(lake)]) == 0, (call, nth, pattern)
        report = verify(lake)
        assert report.ok, (call, nth, pattern, report.problems)  # no stray temporary file
        assert _games(lake) == clean, (call, nth, pattern)  # each game once, as an uninterrupted ingest
        assert not [p for p in lake.rglob(".tmp-*")], (call, nth, pattern)


def _one_bad(folder: Path) -> Path:
    """A file of a good Four Gardens game and a Caprices game refused at its first move (quarantined)."""
    bad = {**playtest("caprices"), "title": "bad"}
    bad["moves"] = ["Alice: discard A1", *bad["moves"][1:]]  # Alice must draw before she discards
    return write(folder / "one-bad.json", {"games": [playtest("gardens"), bad]})


QUARANTINE_POINTS = [("replace", 1, "quarantine/"), ("unlink", 1, "quarantine/.tmp-")]


@pytest.mark.xdist_group("subprocess")
def test_an_ingest_killed_while_quarantining_leaves_one_entry_and_no_temporary_file(tmp_path: Path) -> None:
    """Killed just before an entry's rename (or its temporary file's removal), an ingest left a `.tmp-` entry
    that the rerun kept and `--quarantined` listed as a second copy of the game."""
    path = _one_bad(tmp_path)
    argv = ["ingest", str(path), "--lake", str(tmp_path / "lake-count")]
    points = QUARANTINE_POINTS if not SOAK else [
        (call, n, "lake") for call in ("replace", "link", "unlink") for n in range(1, _calls(call, "lake", argv) + 1)]
    for index, (call, nth, pattern) in enumerate(points):
        lake = tmp_path / f"lake{index}"
        _killed(call, nth, pattern, ["ingest", str(path), "--lake", str(lake)])
        assert main(["ingest", str(path), "--lake", str(lake)]) == 2, (call, nth, pattern)  # the bad game again
        assert [entry["game"] for entry in quarantined(lake)] == [2], (call, nth, pattern)
        assert not list(lake.rglob(".tmp-*")), (call, nth, pattern)
        assert verify(lake).ok and len(_games(lake)) == 1, (call, nth, pattern)


@pytest.mark.xdist_group("subprocess")
def test_a_runs_remove_killed_midway_leaves_an_incomplete_run_not_missing_files(tmp_path: Path) -> None:
    seed = tmp_path / "seed"
    assert ingest([PLAYTESTS["caprices"]], seed).games_added == 1
    (run_id,) = recorded_hashes(seed)[_games(seed)[0]]["run_id"],
    probe = tmp_path / "probe"
    subprocess.run(["cp", "-a", str(seed), str(probe)], check=True)
    points = range(1, _calls("unlink", str(probe), ["runs", "remove", run_id, "--lake", str(probe)]) + 2) \
        if SOAK else (2, 3)
    for nth in points:
        lake = tmp_path / f"lake{nth}"
        subprocess.run(["cp", "-a", str(seed), str(lake)], check=True)
        proc = _killpoint("unlink", nth, str(lake), ["runs", "remove", run_id, "--lake", str(lake)])
        proc.communicate()
        if proc.returncode == 0:
            break  # past the last unlink: the removal finished
        assert proc.returncode == -signal.SIGKILL
        report = verify(lake)
        assert not any("missing" in p.problem for p in report.problems), (nth, [p.line() for p in report.problems])
        states = {run.state for run in catalogue(lake).runs.values()}
        assert states <= {"incomplete"} if nth > 1 else states == {"complete"}, (nth, states)  # #1: the manifest
        if states:  # else only the (harmless, unread) lock file was left: the run is gone
            assert main(["runs", "remove", run_id, "--lake", str(lake)]) == 0
        assert catalogue(lake).runs == {} and verify(lake).ok
    else:
        assert not SOAK, "the soak never reached the end of the removal"


def _caprices(seed: int) -> dict[str, object]:
    """The Caprices playtest as another game: the seed is part of a game's events, so of its identity."""
    return {**playtest("caprices"), "seed": seed}


@pytest.mark.xdist_group("subprocess")
def test_two_ingests_at_once_store_a_shared_game_once(tmp_path: Path) -> None:
    """A is frozen (SIGSTOP) just before its first part's rename; B starts on a file sharing a game; only
    then does A go on. The lake must hold each game once, whoever wins."""
    lake = tmp_path / "lake"
    first = write(tmp_path / "a.json", {"games": [_caprices(0), _caprices(1)]})
    second = write(tmp_path / "b.json", {"games": [_caprices(0), _caprices(2)]})  # one run each, game 0 shared
    a = _killpoint("replace", 1, "part-", ["ingest", str(first), "--lake", str(lake)], sig="STOP")
    os.waitpid(a.pid, os.WUNTRACED)  # A stopped itself at the rename, holding what it holds
    b = subprocess.Popen([sys.executable, "-u", "-m", "balance.cli", "ingest", str(second), "--lake", str(lake)],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert b.stderr is not None
    line = b.stderr.readline()  # B either waits for A (and says so) or, unserialised, finishes first
    os.kill(a.pid, signal.SIGCONT)
    a_out, a_err = a.communicate()
    b_out, b_err = b.communicate()
    games = _games(lake)
    assert len(games) == len(set(games)) == 3, games  # the shared game once, not in two runs
    assert verify(lake).ok
    assert a.returncode == 0, a_err
    assert "waiting" in line and b.returncode == 2, line + b_err  # B behaved as if it had come after A
    assert "duplicate_game" in b_err and "a.json" in b_err
