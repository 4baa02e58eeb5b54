"""Run specs: TOML and flag parsing with named errors, seat rotation, per-game seeds."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from lake.spec import RunSpec, SpecError, game_seed, parse_int_list
from tests.simulate.conftest import Cli, small_spec


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "experiment.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_from_toml_reads_run_table(tmp_path: Path) -> None:
    path = _write(tmp_path, '[run]\ngame = "toy"\nplayers = [2, 4]\nagents = ["random", "greedy"]\n'
                            'games = 10\nseed = 3\nbatch_size = 5\n')
    spec = RunSpec.from_toml(path)
    assert spec == RunSpec("toy", "default", (2, 4), ("random", "greedy"), 10, 3, 5)
    assert spec.run_id.startswith("toy-") and len(spec.run_id) == len("toy-") + 10


def test_from_toml_names_file_and_unknown_key(tmp_path: Path) -> None:
    path = _write(tmp_path, '[run]\ngame = "toy"\nplayers = [2]\nagents = ["random"]\ngames = 4\ngame_count = 9\n')
    with pytest.raises(SpecError, match=r"experiment\.toml: unknown key\(s\) game_count"):
        RunSpec.from_toml(path)


def test_from_toml_names_bad_value_and_missing_key(tmp_path: Path) -> None:
    bad = _write(tmp_path, '[run]\ngame = "toy"\nplayers = [2]\nagents = ["random"]\ngames = 0\n')
    with pytest.raises(SpecError, match=r"experiment\.toml: key 'games' is 0; expected a whole number from 1"):
        RunSpec.from_toml(bad)
    missing = _write(tmp_path, '[run]\ngame = "toy"\nagents = ["random"]\n')
    with pytest.raises(SpecError, match=r"missing key\(s\) players, games"):
        RunSpec.from_toml(missing)


def test_from_toml_reports_invalid_toml_with_file(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match=r"experiment\.toml: not valid TOML"):
        RunSpec.from_toml(_write(tmp_path, "[run\n"))


@pytest.mark.parametrize(("agents", "players", "games"), [(("a", "b"), 4, 8), (("a", "b", "c"), 4, 12), (("a",), 3, 5),
                                                          (("a", "b", "c"), 2, 6)])
def test_each_agent_sits_in_each_seat_equally_often(agents: tuple[str, ...], players: int, games: int) -> None:
    spec = RunSpec("toy", "default", (players,), agents, games)
    seats = Counter((seat, name) for g in spec.planned_games() for seat, name in enumerate(g.agents))
    assert set(seats.values()) == {games // len(agents)}
    assert len(seats) == players * len(agents)


def test_partial_rotation_is_off_by_at_most_one_game() -> None:
    spec = RunSpec("toy", "default", (4,), ("a", "b", "c"), 7)
    seats = Counter((seat, name) for g in spec.planned_games() for seat, name in enumerate(g.agents))
    assert max(seats.values()) - min(seats.values()) == 1


def test_lineup_is_rotated_by_game_index() -> None:
    spec = RunSpec("toy", "default", (4,), ("random", "greedy"), 3)
    assert [g.agents for g in spec.planned_games()] == [
        ("random", "greedy", "random", "greedy"),
        ("greedy", "random", "greedy", "random"),
        ("random", "greedy", "random", "greedy"),
    ]


def test_game_seeds_are_deterministic_distinct_and_independent_of_batching() -> None:
    a, b = small_spec(batch_size=5), small_spec(batch_size=7)
    games_a, games_b = list(a.planned_games()), list(b.planned_games())
    assert [g.seed for g in games_a] == [g.seed for g in games_b]
    assert len({g.seed for g in games_a}) == len(games_a)
    assert games_a[13].seed == game_seed(7, 4, 1)
    assert list(a.planned_games(10, 14)) == games_a[10:14]
    assert [g.seed for g in small_spec(seed=8).planned_games()] != [g.seed for g in games_a]


def test_batches_cover_every_game_once() -> None:
    spec = small_spec(games=10, batch_size=6)
    batches = spec.batches()
    assert [(b.index, b.start, b.stop) for b in batches] == [(0, 0, 6), (1, 6, 12), (2, 12, 18), (3, 18, 20)]


def test_run_id_derives_from_everything_that_changes_the_log() -> None:
    assert small_spec().run_id == small_spec().run_id
    for change in ({"seed": 8}, {"batch_size": 4}, {"agents": ("greedy",)}, {"ruleset": "other"}):
        assert small_spec(**change).run_id != small_spec().run_id
    assert small_spec(run_id="mine").run_id == "mine"


def test_flags_errors_name_the_flag(cli: Cli, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SpecError, match="--players: expected comma-separated integers"):
        parse_int_list("2,x", "--players")
    assert cli(["simulate", "--games", "3"]) == 1
    assert "pass --game" in capsys.readouterr().err
    assert cli(["simulate", "--game", "no_such_game", "--games", "3"]) == 1
    assert "known games" in capsys.readouterr().err


def test_flags_override_spec_file(cli: Cli, tmp_path: Path, toy_registered: None) -> None:
    from balance.cli import build_parser
    from balance.commands.simulate import spec_from_args

    path = _write(tmp_path, '[run]\ngame = "toy"\nplayers = [2]\nagents = ["random"]\ngames = 4\n')
    args = build_parser().parse_args(["simulate", "--spec", str(path), "--games", "6", "--agents", "greedy,random"])
    spec = spec_from_args(args)
    assert (spec.games, spec.agents, spec.players) == (6, ("greedy", "random"), (2,))
    assert spec.run_id == RunSpec("toy", "default", (2,), ("greedy", "random"), 6).run_id
    with pytest.raises(SystemExit) as refused:  # checked while parsing: argument errors exit 1
        build_parser().parse_args(["simulate", "--game", "toy", "--games", "2", "--batch-size", "0"])
    assert refused.value.code == 1


@pytest.mark.parametrize("run_id", ["a/b", "..", " x", "a*", "x[1]", "new\nline", "x" * 81, "-x", "a..b"])
def test_run_id_must_be_a_safe_folder_name(run_id: str) -> None:
    with pytest.raises(SpecError, match="key 'run_id'"):
        small_spec(run_id=run_id)
