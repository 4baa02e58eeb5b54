"""bench: measures what it says (as many games logged as discarded, on fresh seeds); no timing is asserted."""

from __future__ import annotations

import pytest

from simulate.bench import logging_overhead, pipeline_throughput, search_throughput
from tests.simulate.conftest import Cli, small_spec
from tests.toygame import GAME


def test_logging_overhead_times_as_many_games_both_ways_and_counts_their_events() -> None:
    spec = small_spec(players=(4,), games=20)
    discarded, logged = logging_overhead(GAME, spec)
    assert discarded.games == logged.games == 20
    # each game: game_started, shuffle, 4 deals, >= 1 decision per player, seal
    assert discarded.events >= 20 * 11 and logged.events >= 20 * 11
    assert discarded.seconds > 0 and logged.seconds > 0


def test_pipeline_throughput_counts_every_game() -> None:
    figure = pipeline_throughput(small_spec(), workers=1, game=GAME)
    assert (figure.games, figure.label) == (24, "pipeline, 1 worker(s)")


def test_bench_command_prints_each_agent_and_worker_count(
    cli: Cli, toy_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(["bench", "--game", "toy", "--games", "8", "--players", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    for agent in ("random", "greedy"):
        assert f"{agent:8} discarded (NullSink)" in out and f"{agent:8} logging overhead" in out
    assert "pipeline, 1 worker(s)" in out
    assert "search agents, uniform line-up" in out and "\nismcts " in out
    assert cli(["bench", "--game", "toy", "--workers", "0"]) == 1


def test_search_throughput_counts_iterations_within_the_budget() -> None:
    figure = search_throughput(GAME, small_spec(players=(2,), agents=("ismcts:10",), games=4))
    assert figure.games == 4 and figure.decisions > 0
    assert 0 < figure.iterations <= 10 * figure.decisions
    assert figure.seconds_per_game > 0 and figure.iterations_per_s > 0


def test_side_by_side_cells_are_every_searchable_game_and_ruleset() -> None:
    from simulate.agent_bench import searchable_cells

    cells = [(game.id, ruleset, players) for game, ruleset, players in searchable_cells((2, 5))]
    assert cells == [("caprices", "standard", 2), ("caprices", "standard", 5), ("gardens", "base", 2),
                     ("gardens", "gods-caprice", 2), ("gods", "standard", 2)]


def test_side_by_side_plays_each_agent_on_the_same_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    import simulate.agent_bench as agent_bench
    from engine.registry import get_game

    played: list[tuple[str, int, int]] = []
    real = agent_bench.play_game

    def recording(game: object, ruleset: object, agents: list, seed: int, *rest: object) -> object:
        played.append((agents[0].name, len(agents), seed))
        return real(game, ruleset, agents, seed, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(agent_bench, "play_game", recording)
    cell = agent_bench.side_by_side(get_game("caprices"), "standard", 3, ["greedy", "random"], 2, seed=40)
    assert played == [("greedy", 3, 40), ("random", 3, 40), ("random", 3, 41), ("greedy", 3, 41)]
    assert cell.games == 2 and all(s > 0 for s in cell.seconds)
    assert cell.ratio() == pytest.approx(cell.seconds[0] / cell.seconds[1])


def test_bench_side_by_side_prints_a_markdown_row_per_cell(cli: Cli, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["bench", "--side-by-side", "greedy,random", "--search-games", "1", "--counts", "2"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert rows[0] == "| game | ruleset | players | greedy s/game | random s/game | greedy / random |"
    assert [row.split(" | ")[:3] for row in rows[1:]] == [
        ["| caprices", "standard", "2"], ["| gardens", "base", "2"], ["| gardens", "gods-caprice", "2"],
        ["| gods", "standard", "2"]]
    assert cli(["bench", "--side-by-side", "greedy"]) == 1
    assert cli(["bench", "--side-by-side", "greedy,nobody"]) == 1


def test_bench_side_by_side_plays_only_the_games_that_know_every_agent(
    cli: Cli, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(["bench", "--side-by-side", "greedy-fast,greedy", "--search-games", "1", "--counts", "2"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| gods")]
    assert len(rows) == 1 and rows[0].startswith("| gods | standard | 2 |")


def test_bench_side_by_side_can_be_limited_to_one_game_and_ruleset(cli: Cli,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--side-by-side", "greedy,random", "--search-games", "1", "--counts", "2", "--game", "gardens"]
    assert cli(argv) == 0
    rows = [line.split(" | ")[:2] for line in capsys.readouterr().out.splitlines() if line.startswith("| ")][1:]
    assert rows == [["| gardens", "base"], ["| gardens", "gods-caprice"]]
    assert cli([*argv, "--ruleset", "gods-caprice"]) == 0
    rows = [line.split(" | ")[:2] for line in capsys.readouterr().out.splitlines() if line.startswith("| ")][1:]
    assert rows == [["| gardens", "gods-caprice"]]
    assert cli([*argv, "--ruleset", "no-such-ruleset"]) == 1
    assert "no searchable cell of game 'gardens', ruleset 'no-such-ruleset'" in capsys.readouterr().err
