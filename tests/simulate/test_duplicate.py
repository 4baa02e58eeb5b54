"""Duplicate deals: one deal per seat rotation, planned by the spec, played and read as one observation per deal."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from balance.commands.ask import describe
from engine.core.agents import make_agent
from engine.core.driver import ListSink, play_game, replay
from engine.core.duplicate import NoDuplicateDeals
from engine.registry import get_game
from lake.catalogue import catalogue
from lake.spec import RunSpec, SpecError, game_seed
from simulate import sequential
from simulate.ask import Ask, play_until_decided
from simulate.experiment import load_experiment, plan_arms
from simulate.runner import run
from simulate.seat_observations import SeatReader
from simulate.sequential import FAIR
from simulate.sequential_check import MINIMUM

EXPERIMENTS = Path(__file__).resolve().parents[2] / "experiments"


def _setup_and_streams(game_id: str, rotation: int, players: int = 3) -> tuple[list, list]:
    game = get_game(game_id)
    sink = ListSink()
    agents = [make_agent("random", game) for _ in range(players)]
    final = play_game(game, game.load_ruleset(game.default_ruleset), agents, 99, sink, rotation=rotation)
    replay(game, game.load_ruleset(game.default_ruleset), sink.events, 0, [])  # the log alone rebuilds the game
    dealt = {type(e): {} for e in sink.events if type(e) in game.dealt}
    for event in sink.events:
        if type(event) in game.dealt:
            dealt[type(event)][event.player] = tuple(getattr(event, f) for f in game.dealt[type(event)])
    return [d for _, d in sorted(dealt.items(), key=lambda kv: kv[0].__name__)], game.scores(final)


@pytest.mark.parametrize("game_id", ["caprices", "gardens", "gods"])
def test_rotation_r_gives_seat_s_what_the_deal_gave_seat_s_plus_r(game_id: str) -> None:
    base, _ = _setup_and_streams(game_id, 0)
    for rotation in (1, 2):
        rotated, _ = _setup_and_streams(game_id, rotation)
        for was, now in zip(base, rotated, strict=True):
            assert all(now[seat] == was[(seat + rotation) % 3] for seat in range(3))


def test_a_4_gods_seat_keeps_its_own_timing_profile_when_the_deal_rotates() -> None:
    game = get_game("gods")
    sink = ListSink()
    agents = [make_agent(name, game) for name in ("greedy", "greedy-fast")]
    play_game(game, game.load_ruleset("standard"), agents, 5, sink, rotation=1)
    profiles = {e.player: e.profile for e in sink.events if e.TYPE == "tiles_dealt"}
    plain = ListSink()
    play_game(game, game.load_ruleset("standard"), agents, 5, plain)
    assert profiles == {e.player: e.profile for e in plain.events if e.TYPE == "tiles_dealt"}


def test_a_game_that_does_not_name_its_dealt_fields_refuses_a_rotation() -> None:
    joust = get_game("caprices-joust")
    agents = [make_agent("random", joust) for _ in range(2)]
    with pytest.raises(NoDuplicateDeals, match="caprices-joust"):
        play_game(joust, joust.load_ruleset("standard"), agents, 1, ListSink(), rotation=1)


def test_the_spec_plans_each_deal_once_per_rotation_on_the_deals_seed() -> None:
    spec = RunSpec("caprices", "standard", (2, 3), ("random",), 6, seed=4, deals="duplicate")
    planned = list(spec.planned_games())
    three = [g for g in planned if g.num_players == 3]
    assert [g.rotation for g in three] == [0, 1, 2, 0, 1, 2]
    assert [g.seed for g in three] == [game_seed(4, 3, d) for d in (0, 0, 0, 1, 1, 1)]
    assert spec.to_dict()["deals"] == "duplicate" and RunSpec.from_dict(spec.to_dict()) == spec


def test_independent_deals_keep_every_earlier_run_id() -> None:
    spec = RunSpec("caprices", "standard", (2,), ("random",), 10, seed=4)
    assert "deals" not in spec.to_dict()
    assert spec.run_id == "caprices-" + spec.content_hash() and all(g.rotation == 0 for g in spec.planned_games())


def test_duplicate_deals_must_be_whole() -> None:
    with pytest.raises(SpecError, match="key 'games' is 4; duplicate deals .* multiple of every player count"):
        RunSpec("caprices", "standard", (2, 3), ("random",), 4, deals="duplicate")
    with pytest.raises(SpecError, match="key 'deals'"):
        RunSpec("caprices", "standard", (2,), ("random",), 4, deals="bridge")


def test_a_duplicate_run_is_read_as_one_observation_per_deal(tmp_path: Path) -> None:
    run(RunSpec("caprices", "standard", (2,), ("random",), 40, seed=2, batch_size=20, deals="duplicate"), tmp_path,
        workers=1, progress=False)
    run(RunSpec("caprices", "standard", (2,), ("random",), 10, seed=3, batch_size=10), tmp_path, workers=1,
        progress=False)
    seen = SeatReader(catalogue(tmp_path).store).read(catalogue(tmp_path), lambda manifest: True)
    assert seen.duplicate and seen.games[(2, 0)] == 50 and len(seen.values[(2, 0)]) == 20 + 10
    assert all(v in (0.0, 0.25, 0.5, 0.75, 1.0) for v in seen.values[(2, 0)])  # a deal's mean over 2 games
    wins, games = seen.counts()[(2, 0)]
    assert games == 50 and wins + seen.counts()[(2, 1)][0] == pytest.approx(50)


def test_a_duplicate_ask_plays_whole_deals_per_player_count_and_reads_them(tmp_path: Path) -> None:
    ask = Ask("caprices", "standard", (2, 3), "random", batch=20, max_games=40, seed=1, batch_size=30,
              deals="duplicate")
    result = play_until_decided(ask, tmp_path, workers=1, progress=lambda _line: None)
    specs = [r.manifest["spec"] for r in catalogue(tmp_path).complete_runs()]
    assert {(tuple(s["players"]), s["games"], s["deals"]) for s in specs} == {((2,), 20, "duplicate"),
                                                                               ((3,), 21, "duplicate")}
    assert result.seen.duplicate and result.counts[(3, 0)][1] == result.games_added[3] == 21 * result.rounds
    assert ask.name.endswith("/duplicate")
    # an undecided seat's "more games" is the betting sequence's projection, in games, never the mixture's
    alpha = ask.alpha / result.family_cells
    values = result.seen.values[(2, 0)]
    wins, games = result.counts[(2, 0)]
    needed = sequential.betting_games_to_decide(values, games / len(values), 0.5, ask.min_effect, alpha,
                                                sequential.TUNED_FOR // 2)
    assert result.verdicts[(2, 0)] == sequential.UNDECIDED and needed is not None
    assert f"about {needed - games:,} more games would decide it" in describe(ask, result)[1].split(";")[0]


def _fair_deals(rng: np.random.Generator, seats: int, deals: int) -> np.ndarray:
    """Deal means of a fair 2-player seat whose deal decides most games: 1/2 in 80% of deals, else 0 or 1."""
    draw = rng.random((seats, deals))
    return np.where(draw < 0.8, 0.5, np.where(draw < 0.9, 0.0, 1.0))


@pytest.mark.parametrize(("tuned_for", "deals", "look", "seed"), [(1000, 1500, 10, 3), (100, 3000, 20, 8)])
def test_fair_deals_stopped_at_the_first_decision_are_called_tilted_at_most_alpha(tuned_for: int, deals: int,
                                                                                   look: int, seed: int) -> None:
    """Within the tuning n* and long past it (where the bets shrink): the capital stays a fair game."""
    rng = np.random.default_rng(seed)
    wrong = 0
    for values in _fair_deals(rng, 300, deals):
        capital = sequential.betting_log_capital(values, [0.5], 0.05, tuned_for, path=True)[0][look - 1::look]
        estimates = np.cumsum(values)[look - 1::look] / np.arange(look, deals + 1, look)
        wrong += bool(((capital >= -np.log(0.05)) & (np.abs(estimates - 0.5) >= 0.02)).any())
    assert wrong / 300 <= 0.05


def test_a_seat_a_point_from_fair_is_called_fair_given_enough_deals() -> None:
    """With bets fixed at the tuning the sequence stopped narrowing about 2 points from its estimate, so a
    4 Gods seat at 48.8% over 490 deals (sd 0.3) was 'undecided at any number of games'; now it is decided."""
    rng = np.random.default_rng(3)
    values = np.clip(0.4878 + rng.normal(0, 0.3, 490), 0, 1)
    alpha = 0.05 / 9
    assert sequential.betting_verdict(np.resize(values, 200_000), 0.5, MINIMUM, alpha, 1000) == FAIR
    needed = sequential.betting_games_to_decide(values, 2, 0.5, MINIMUM, alpha, 1000)
    assert needed is not None and 490 * 2 < needed < 400_000
    lo, hi = sequential.betting_sequence(np.resize(values, 200_000), alpha, 1000)
    assert hi - lo < 0.015  # well inside the old floor of about +-2 points


def test_the_betting_sequence_narrows_with_a_smaller_variance_where_the_mixture_cannot() -> None:
    rng = np.random.default_rng(5)
    values = _fair_deals(rng, 1, 1000)[0]  # 1,000 deals = 2,000 games
    lo, hi = sequential.betting_sequence(values, 0.05 / 14, 1000)
    games_lo, games_hi = sequential.rate_sequence(values.sum() * 2, 2000, 0.5, 0.05 / 14)  # as 2,000 games
    assert lo < values.mean() < hi and (hi - lo) < 0.75 * (games_hi - games_lo)
    assert sequential.betting_verdict(values, 0.5, 0.05, 0.05 / 14, 1000) == sequential.FAIR


def test_what_if_arms_play_game_k_of_every_arm_on_one_deal() -> None:
    arms = plan_arms(load_experiment(EXPERIMENTS / "caprices-bonus.toml"))
    plans = [[(g.seed, g.agents, g.rotation) for g in arm.spec.planned_games()] for arm in arms]
    assert len(arms) > 1 and all(plan == plans[0] for plan in plans[1:])
    assert len({arm.ruleset.digest for arm in arms}) == len(arms)  # only the ruleset differs


def test_independent_games_and_deals_read_as_two_streams_stay_valid() -> None:
    """A fair seat's 600 independent games (0/1) then its deals, looked at every 20 deals: the product of the two
    streams' capitals calls it tilted at most alpha (300 seats)."""
    rng = np.random.default_rng(11)
    wrong = 0
    for deals in _fair_deals(rng, 300, 600):
        games = (rng.random(600) < 0.5).astype(float)
        for look in range(20, 601, 20):
            streams = [(games, sequential.TUNED_FOR), (deals[:look], sequential.TUNED_FOR // 2)]
            if sequential.streams_verdict(streams, 0.5, MINIMUM, 0.05) == sequential.TILTED:
                wrong += 1
                break
    assert wrong / 300 <= 0.05


def test_a_line_up_s_independent_games_no_longer_hold_back_its_deals() -> None:
    """4,000 independent games first (a study's fixed run), then 3,000 low-spread deals: read as one stream the
    deals bet with the games' variance and the fair seat stays undecided (still at 6,000 deals); as two streams it
    is called fair, as the deals alone would be."""
    rng = np.random.default_rng(4)
    games = (rng.random(4000) < 0.5).astype(float)
    deals = _fair_deals(rng, 1, 3000)[0]
    alpha = 0.05 / 14
    one = sequential.betting_verdict(np.concatenate([games, deals]), 0.5, MINIMUM, alpha, sequential.TUNED_FOR // 2)
    two = sequential.streams_verdict([(games, sequential.TUNED_FOR), (deals, sequential.TUNED_FOR // 2)], 0.5,
                                     MINIMUM, alpha)
    assert (one, two) == (sequential.UNDECIDED, sequential.FAIR)
