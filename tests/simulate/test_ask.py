"""Play until decided: rounds until every asked seat is tilted or fair, budgets, resuming, the study's entries."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from balance import cli
from lake.catalogue import catalogue
from lake.spec import RunSpec, SpecError
from simulate import sequential
from simulate.ask import OUT_OF_REACH, Ask, play_until_decided, seat_verdicts, within_reach
from simulate.experiment import Experiment, plan_arms, run_arms
from simulate.runner import run
from simulate.seat_observations import SeatObservations
from simulate.study import STUDY_FILE, load_asks, strong_agents
from simulate.variants import Variant

# random Caprices at 2 players: fair within 5 points takes ~1,400 games (alpha 0.05 over 2 seats)
FAIR_ASK = Ask("caprices", "standard", (2,), "random", batch=400, max_games=4000, max_minutes=5, seed=1,
               batch_size=200, min_effect=0.05)


def _ask_runs(lake: Path) -> list[dict]:
    return [r.manifest for r in catalogue(lake).complete_runs() if "ask" in (r.manifest or {}).get("extra", {})]


def test_plays_rounds_until_every_seat_is_decided_and_tags_each_round(tmp_path: Path) -> None:
    result = play_until_decided(FAIR_ASK, tmp_path, workers=1, progress=lambda _line: None)
    assert result.stopped == "decided" and result.rounds > 1
    assert set(result.verdicts.values()) == {sequential.FAIR}
    rounds = sorted(m["extra"]["ask"]["round"] for m in _ask_runs(tmp_path))
    assert rounds == list(range(result.rounds))
    assert result.counts[(2, 0)][1] == result.rounds * FAIR_ASK.batch == result.games_added[2]
    shorter = replace(FAIR_ASK, max_games=(result.rounds - 1) * FAIR_ASK.batch)
    earlier = play_until_decided(shorter, tmp_path, workers=1, progress=lambda _line: None)
    assert earlier.stopped == "games budget" and sequential.UNDECIDED in earlier.verdicts.values()  # not later


def test_alpha_is_spent_over_every_seat_cell_of_the_line_up() -> None:
    seen = SeatObservations()
    for cell, wins in {(2, 0): 560, (2, 1): 440, (3, 0): 0}.items():
        seen.values[cell] = [1.0] * wins + [0.0] * (1000 - wins) if wins else []
        seen.wins[cell], seen.games[cell] = float(wins), 1000 if wins else 0
    alone, cells = seat_verdicts(seen, replace(FAIR_ASK, min_effect=0.02))
    assert cells == 5  # the 3-player seats in the lake (or asked) join the family
    wider = sequential.rate_verdict(560, 1000, 0.5, 0.02, 0.05 / 5)
    assert alone[(2, 0)] == wider and (3, 0) not in alone


def test_running_the_same_ask_again_replays_its_decisions_and_plays_nothing(tmp_path: Path) -> None:
    first = play_until_decided(FAIR_ASK, tmp_path, workers=1, progress=lambda _line: None)
    files = sorted(p for p in tmp_path.rglob("*.parquet"))
    again = play_until_decided(FAIR_ASK, tmp_path, workers=1, progress=lambda _line: None)
    assert (again.rounds, again.verdicts, again.counts) == (first.rounds, first.verdicts, first.counts)
    assert sorted(p for p in tmp_path.rglob("*.parquet")) == files


def test_a_seat_out_of_reach_of_the_budget_is_not_played_and_earlier_games_count(tmp_path: Path) -> None:
    """Fair within 2 points needs ~9,700 games: 200 more could not decide it, so the ask plays none."""
    run(RunSpec("caprices", "standard", (2,), ("random",), 100, seed=3, batch_size=100), tmp_path, workers=1,
        progress=False)
    ask = Ask("caprices", "standard", (2,), "random", batch=100, max_games=200, seed=1, batch_size=100,
              min_effect=0.02)
    result = play_until_decided(ask, tmp_path, workers=1, progress=lambda _line: None)
    assert result.stopped == OUT_OF_REACH and result.rounds == 0
    assert result.counts[(2, 0)][1] == 100 and result.undecided_players == (2,)
    wider = play_until_decided(replace(ask, max_games=20_000, max_minutes=1e-9), tmp_path, workers=1,
                               progress=lambda _line: None)
    assert wider.stopped == "time budget"  # within reach of 20,000 games: only the clock stops it


def _observed(cells: dict[tuple[int, int], float], games: int) -> SeatObservations:
    seen = SeatObservations()
    for cell, share in cells.items():
        wins = round(share * games)
        seen.values[cell] = [1.0] * wins + [0.0] * (games - wins)
        seen.wins[cell], seen.games[cell] = float(wins), games
    return seen


def test_only_player_counts_with_a_seat_within_reach_get_another_round() -> None:
    seen = _observed({(2, 0): 0.5, (2, 1): 0.5, (3, 0): 0.38, (3, 1): 0.31, (3, 2): 0.31}, 1000)
    ask = replace(FAIR_ASK, players=(2, 3), min_effect=0.02, max_games=1000)
    verdicts, cells = seat_verdicts(seen, ask)
    assert set(verdicts.values()) == {sequential.UNDECIDED}
    added = {2: 0, 3: 0}
    # 2 players: fair-looking, but fair within 2 points needs ~8,200 games; 3 players: seat 1 ~1,350
    assert within_reach(seen, verdicts, ask, ask.alpha / cells, added) == (3,)
    assert within_reach(seen, verdicts, replace(ask, max_games=12_000), ask.alpha / cells, added) == (2, 3)
    assert within_reach(seen, verdicts, ask, ask.alpha / cells, {2: 0, 3: 700}) == ()  # 3 players' budget spent


def test_a_seat_whose_early_estimate_strays_inside_the_minimum_is_judged_as_if_fair() -> None:
    """At 51.5% a seat would need ~100,000 games to be called fair if the estimate held; a fair seat whose first
    games strayed so far would then be given up on, so it is also judged by what a fair seat needs (~8,200)."""
    strays = _observed({(2, 0): 0.515, (2, 1): 0.485}, 1000)
    ask = replace(FAIR_ASK, min_effect=0.02, max_games=12_000)
    verdicts, cells = seat_verdicts(strays, ask)
    held = sequential.games_to_decide(0.515, 1000, 0.5, 0.02, ask.alpha / cells)
    assert held is None or held - 1000 > 12_000
    assert within_reach(strays, verdicts, ask, ask.alpha / cells, {2: 0}) == (2,)
    assert within_reach(strays, verdicts, replace(ask, max_games=5000), ask.alpha / cells, {2: 0}) == ()


def test_an_experiment_s_arms_at_the_ask_s_agent_do_not_count_unless_pooled(tmp_path: Path) -> None:
    ask = Ask("caprices", "standard", (2,), "random", batch=10, max_games=10, seed=1, batch_size=10)
    screen = Experiment("kept-out", "caprices", "standard", (2,), ("random",), 6,
                        (Variant("first", {"players.first": "random"}),), seed=5, batch_size=6, kind="assumptions")
    run_arms(plan_arms(screen)[:1], tmp_path, workers=1, progress=False)  # its baseline arm: the ask's very play
    assert play_until_decided(ask, tmp_path, workers=1, progress=lambda _line: None).counts[(2, 0)][1] == 10
    pooled = replace(screen, name="pooled", pool=True)
    run_arms(plan_arms(pooled)[:1], tmp_path, workers=1, progress=False)
    assert play_until_decided(ask, tmp_path, workers=1, progress=lambda _line: None).counts[(2, 0)][1] == 16


def test_the_time_budget_stops_it_before_another_round(tmp_path: Path) -> None:
    ask = Ask("caprices", "standard", (2,), "random", batch=50, max_games=1000, max_minutes=1e-9, seed=1)
    result = play_until_decided(ask, tmp_path, workers=1, progress=lambda _line: None)
    assert (result.stopped, result.rounds) == ("time budget", 0)


def test_the_default_study_asks_every_game_under_its_strong_agent() -> None:
    asks = load_asks(STUDY_FILE)
    strong = strong_agents(STUDY_FILE)
    assert {(a.game, a.ruleset) for a in asks} == {("caprices", "standard"), ("gardens", "base"),
                                                   ("gardens", "gods-caprice"), ("gods", "standard")}
    assert all(a.agent == strong[a.game] for a in asks)
    half = load_asks(STUDY_FILE, scale=0.5)
    assert [a.batch for a in half] == [-(-a.batch // 2) for a in asks]


def test_a_bad_ask_entry_names_the_file_the_entry_and_the_key(tmp_path: Path) -> None:
    study = tmp_path / "study.toml"
    study.write_text('[[run]]\ngame = "caprices"\nplayers = [2]\nagents = ["random"]\ngames = 2\n'
                     '[[ask]]\ngame = "caprices"\nagent = "random"\nbacth = 40\n')
    with pytest.raises(SpecError, match=r"study.toml \[\[ask\]\] #1: unknown key\(s\) bacth"):
        load_asks(study)
    study.write_text('[[ask]]\ngame = "caprices"\n')
    with pytest.raises(SpecError, match="needs a game and an agent"):
        load_asks(study)


def test_balance_ask_prints_each_seat_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["ask", "--game", "caprices", "--players", "2", "--agent", "random", "--batch", "200",
                     "--max-games", "200", "--lake", str(tmp_path / "lake"), "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "caprices (standard) under random: stopped after 1 rounds (games budget)" in out
    assert "seat 1 undecided" in out and "200 games" in out and "more games would decide it" in out
