"""Fuzzed rulesets and arguments: every input gets exit 0, 1 or 2, one clean line, and an unchanged lake.

Hypothesis generates edited ruleset files (values of every type and size,
renamed keys, bytes that are not UTF-8) and command lines (numbers out of
range, run ids with glob characters, newlines or 300 characters, lake paths
that are files or cannot be written, bad warehouse paths). Whatever the
input, `balance` must not raise: it returns 0, 1 (user error) or 2 (data
rejected); on failure it prints no traceback and leaves the lake's bytes
exactly as they were.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from balance.cli import main
from lake.spec import RunSpec
from simulate.runner import run
from tests.reliability.conftest import snapshot

STANDARD = Path(__file__).resolve().parents[2] / "engine" / "caprices" / "rulesets" / "standard.toml"
LEAF = re.compile(r"^(\w+) = \{ value = (.*?), source", re.M)
EXAMPLES = int(os.environ.get("BALANCE_FUZZ_EXAMPLES", "25"))  # `make soak` raises it
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small caprices lake (4 games) the fuzzed commands must never damage."""
    path = tmp_path_factory.mktemp("fuzz_lake")
    run(RunSpec("caprices", "standard", (2,), ("random",), 4, seed=3, batch_size=2, run_id="base"), path,
        workers=1, progress=False)
    return path


def _run(argv: list[str], lake: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    before = snapshot(lake)
    capsys.readouterr()
    code = main(argv)
    err = capsys.readouterr().err
    assert code in (0, 1, 2), (argv, code)
    assert "Traceback" not in err, err
    if code != 0:
        assert snapshot(lake) == before, f"{argv} failed but changed the lake"
        lines = [line for line in err.splitlines() if line.strip()]
        assert lines and all(len(line) < 2000 for line in lines), err
    if code == 1:  # a user error is one line (rejected data may list each problem found)
        assert len(lines) == 1 and err.endswith("\n"), err
    return code, err


toml_values = st.one_of(
    st.integers(min_value=-(10**20), max_value=10**20).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(lambda f: repr(f).replace("inf", "inf")),
    st.booleans().map(lambda b: str(b).lower()),
    st.text(max_size=12).map(lambda s: '"' + s.replace("\\", "").replace('"', "") + '"'),
    st.lists(st.integers(min_value=-(10**6), max_value=10**6), max_size=6).map(str),
    st.just("{ x = 1 }"),
)


@FUZZ
@given(data=st.data())
def test_fuzzed_ruleset_gets_a_clean_answer_and_leaves_the_lake_alone(
    data: st.DataObject, lake: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    text = STANDARD.read_text(encoding="utf-8")
    leaves = LEAF.findall(text)
    how = data.draw(st.sampled_from(["value", "rename", "bytes"]))
    name, value = data.draw(st.sampled_from(leaves))
    if how == "value":
        text = text.replace(f"{name} = {{ value = {value},", f"{name} = {{ value = {data.draw(toml_values)},", 1)
    elif how == "rename":
        text = text.replace(f"{name} = {{", f"{name}{data.draw(st.sampled_from(['e', '_x', 's']))} = {{", 1)
    raw = text.encode("utf-8")
    if how == "bytes":
        at = data.draw(st.integers(0, len(raw) - 1))
        raw = raw[:at] + data.draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.toml"
        path.write_bytes(raw)
        work = Path(folder) / "lake"
        shutil.copytree(lake, work)
        argv = ["simulate", "--game", "caprices", "--ruleset", str(path), "--games", "1", "--players", "2",
                "--lake", str(work), "--workers", "1", "--no-progress", "--run-id", "fuzz"]
        code, err = _run(argv, work, capsys)
        if code != 0:
            assert "fuzzed.toml" in err or "ruleset" in err, err


GAMES = ["0", "-1", "1", "2", "1000000000000", "abc", "1e3", "", " 2"]
RUN_IDS = ["ok-1", "a*", "x[1]", "new\nline", "x" * 300, "..", "-x", "ab", "base", "", "a/b", "ünï"]
NUMBERS = ["0", "-5", "1", "3", "2.5", "nan", "10000000000000000000000", "x"]


def _paths(tmp: Path) -> list[str]:
    a_file = tmp / "a_file"
    a_file.write_text("not a lake")
    return [str(a_file), str(a_file / "below"), str(tmp / "new"), "/proc/balance-lake", "/sys/balance", "",
            str(tmp), "s3://", "\x00bad"]


def _argv(data: st.DataObject, lake: Path, tmp: Path) -> list[str]:
    paths = _paths(tmp)
    command = data.draw(st.sampled_from(["simulate", "verify", "runs", "warehouse", "events", "show", "tile-value",
                                         "bogus"]))
    pick = lambda values: data.draw(st.sampled_from(values))  # noqa: E731
    lake_arg = pick([str(lake)] * 3 + paths)
    if command == "simulate":
        argv = ["simulate", "--game", pick(["caprices", "gods", "nope", ""]), "--games", pick(GAMES),
                "--players", pick(["2", "9", "2,2", "x", "0"]), "--run-id", pick(RUN_IDS), "--lake", lake_arg,
                "--workers", pick(["1", "0", "99999", "x"]), "--seed", pick(NUMBERS), "--no-progress"]
        argv += pick([[], ["--batch-size", pick(NUMBERS)], ["--agents", pick(["random", "nobody", ","])]])
    elif command == "verify":
        argv = ["verify", "--lake", lake_arg, "--workers", pick(["1", "0", "x"])]
        argv += pick([[], ["--run", pick(RUN_IDS)]])
    elif command == "runs":
        argv = ["runs", "--lake", lake_arg] + pick([[], ["remove", pick(RUN_IDS)], ["unlock", pick(RUN_IDS)],
                                                   ["remove"], ["explode"]])
    elif command == "warehouse":
        argv = ["warehouse", "build", "--lake", lake_arg, "--warehouse", pick(paths + [str(tmp / "w.duckdb")])]
    elif command == "events":
        argv = ["events", "--game", pick(["caprices", "nope", ""])] + pick([[], ["--write", pick(paths)]])
    elif command == "show":
        argv = ["show", "--lake", lake_arg, "--run", pick([*RUN_IDS, "base"]), "--game-id", pick(NUMBERS)]
        argv += pick([[], ["--at", pick(NUMBERS)], ["--png", pick(paths)], ["--file", pick(paths)]])
    elif command == "tile-value":  # player counts the game lacks: refused before any game is played
        argv = ["tile-value", "--players", pick(["9", "1", "0", "64", "x"]), "--games", pick(GAMES),
                "--lake", lake_arg, "--workers", pick(["1", "2", "0"]), "--no-progress"]
    else:
        argv = ["bogus", "--lake", lake_arg]
    return argv


@FUZZ
@given(data=st.data())
def test_fuzzed_arguments_get_a_clean_answer_and_leave_the_lake_alone(
    data: st.DataObject, lake: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        work = tmp / "lake"
        shutil.copytree(lake, work)
        cwd = tmp / "cwd"  # a failed command must not leave files where it was started
        cwd.mkdir()
        previous = Path.cwd()
        os.chdir(cwd)
        try:
            code, _ = _run(_argv(data, work, tmp), work, capsys)
        finally:
            os.chdir(previous)
        if code != 0:
            assert not any(cwd.iterdir()), sorted(p.name for p in cwd.iterdir())


@pytest.mark.parametrize("argv", [
    ["simulate", "--game", "caprices", "--games", "1000000000000"],
    ["simulate", "--game", "caprices", "--games", "2", "--run-id", "x" * 300],
    ["simulate", "--game", "caprices", "--games", "2", "--run-id", "a*"],
    ["simulate", "--game", "caprices", "--games", "2", "--run-id", "x[1]"],
    ["simulate", "--game", "caprices", "--games", "2", "--run-id", "line\nbreak"],
    ["bench", "--games", "0"], ["bench", "--players", "x"], ["bench", "--repeats", "-1"],
    ["tile-value", "--games", "0"], ["tile-value", "--rollouts", "1000000"], ["tile-value", "--players", "abc"],
    ["simulate", "--game", "caprices", "--games", "abc", "--players", "4", "--agents", "random"],
    ["run", "--scale", "-1"], ["run", "--scale", "nan"], ["run", "--study", "/nonexistent.toml"],
    ["report", "--notebooks", "/nonexistent"], ["verify", "--workers", "0"], ["runs", "remove"],
    ["warehouse"], ["nonsense"],
    ["warehouse", "build", "--warehouse", "s3://bucket/w.duckdb"], ["events", "--write", "s3://bucket/events.md"],
])
def test_argument_errors_exit_1_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("balance") and "error: " in err, err  # no usage block
    assert "--help`" in err and "Traceback" not in err


@pytest.mark.parametrize("players", ["9", "1"])
def test_a_player_count_the_game_lacks_exits_1_with_one_line(
    players: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    for command in (["simulate", "--game", "gardens"], ["tile-value"]):
        argv = [*command, "--players", players, "--games", "2", "--lake", str(tmp_path), "--no-progress"]
        assert main(argv) == 1, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "players" in err and "2, 3, 4" in err, err
