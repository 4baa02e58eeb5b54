"""Real time as people play it (seed 001: "cada jogador começa a colocar peças na moldura
simultaneamente" - every player starts placing tiles in the frame at the same time): a player
commits to a move from the board it sees when it starts thinking; a move another player made
impossible meanwhile fails, costs its time, is logged, and the player plans again."""

from __future__ import annotations

import statistics
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from engine.core import EventBuffer, ListSink, events_from_table, make_agent, play_game, replay, state_digest
from engine.core.chance import Chance
from engine.core.events import Event
from engine.gods.clock import sample_think
from engine.gods.commands import ClaimGod, Discard, Draw, Place, Wait
from engine.gods.events import ActionPlanned, PlanFailed
from engine.gods.game import GAME
from engine.gods.placement import placements
from engine.gods.state import GodsState
from tests.gods.helpers import (
    AWAY,
    FOREST_MOUNTAIN,
    RULESET,
    SEA_PLAINS,
    apply,
    cell,
    do,
    events_of,
    lay,
    rule_of,
    ruleset_with,
    start,
)

CORNER = cell(0, 0)


def test_everybody_starts_planning_at_zero_and_plans_in_seat_order() -> None:
    state = start(players=3)
    assert GAME.to_move(state) == 0 and GAME.view(state, 0).clock_ms == 0
    state = do(state, Draw(0, 2, at_ms=1500))
    assert GAME.to_move(state) == 1 and state.clock_ms == 0  # player 0 is thinking; player 1 looks at 0 too
    state = do(state, Draw(1, 2, at_ms=1200))
    state = do(state, Draw(2, 2, at_ms=1700))
    # nobody is planning: the next event is the earliest plan coming due, player 1's draw at 1200
    assert state.clock_ms == 1200 and GAME.to_move(state) == 1 and len(state.hands[1]) == 2


def test_two_players_go_for_the_same_corner_and_the_slower_attempt_fails() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], [SEA_PLAINS[0]]])
    # t = 0: both see an empty frame; player 0 goes for the north-west corner (done at 6000),
    # player 1 for the same corner, quicker (done at 4000)
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[0], CORNER, 0, 0, at_ms=6000))
    events = events_of(state, Place(1, -1, SEA_PLAINS[0], CORNER, 0, 0, at_ms=4000))
    assert [e.TYPE for e in events] == ["action_planned", "tile_placed"]
    state = apply(state, *events)
    assert state.clock_ms == 4000 and state.tile_at[CORNER] == SEA_PLAINS[0] and GAME.to_move(state) == 1
    # player 1 plans again from the new board; player 0 is still thinking about its placement
    events = events_of(state, Draw(1, 2, at_ms=7000))
    assert events[1] == PlanFailed(0, "space_taken")  # at 6000 the corner is taken: the attempt fails
    state = apply(state, *events)
    assert state.clock_ms == 6000 and GAME.to_move(state) == 0  # its 6 s are spent; player 0 plans again
    assert state.hands[0] == [FOREST_MOUNTAIN[0]] and state.plan[0] is None
    assert CORNER not in {c.cell for c in placements(state, 0)}  # (the board it sees now)


def test_a_move_is_checked_against_the_board_when_it_comes_due() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], [FOREST_MOUNTAIN[1]]])
    state = lay(state, FOREST_MOUNTAIN[2], 1, 0, face=0)  # forest at (1, 0)
    state = lay(state, FOREST_MOUNTAIN[3], 0, 2, face=1)  # mountain at (0, 2)
    # player 0 plans forest at (0, 0); player 1 puts a mountain at (0, 1) first, so the corner needs mountain south
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[0], CORNER, 0, 0, at_ms=5000))
    state = do(state, Place(1, -1, FOREST_MOUNTAIN[1], cell(0, 1), 1, 0, at_ms=3000))
    assert state.tile_at[cell(0, 1)] == FOREST_MOUNTAIN[1]
    events = events_of(state, Wait(1, at_ms=9000))
    assert events[1] == PlanFailed(0, "edges_match")


def test_a_god_claimed_meanwhile_makes_the_claim_fail() -> None:
    state = start()
    state = do(state, ClaimGod(0, 2, at_ms=3000))
    state = do(state, ClaimGod(1, 2, at_ms=2500))  # both saw the sea god free at 0; player 1 is quicker
    assert state.god_of[2] == 1 and state.clock_ms == 2500
    assert events_of(state, Wait(1, at_ms=9000))[1] == PlanFailed(0, "god_taken")


def test_a_wait_is_an_explicit_action_that_ends_silently() -> None:
    state = start(away=(1,))
    events = events_of(state, Wait(0))
    assert len(events) == 1 and events[0].action == "wait"  # type: ignore[attr-defined]
    state = apply(state, *events)
    think = events[0].think_ms  # type: ignore[attr-defined]
    assert GAME.to_move(state) == 0 and state.clock_ms == 0 and GAME.view(state, 0).clock_ms == think
    state = do(state, Draw(0, 2))  # the next plan starts when the wait is over
    assert state.plan_start[0] == think


def test_when_waiting_is_only_for_those_with_nothing_else_to_do(tmp_path: Path) -> None:
    assert Wait(0) in GAME.legal_commands(start(), 0)  # standard: a player may always wait
    forced = ruleset_with(tmp_path, ('wait = { value = "any_time"', 'wait = { value = "when_nothing_else"'),
                          ("markers = { value = 8", "markers = { value = 0"))
    state = start(hands=[[], []], ruleset=forced)
    assert Wait(0) not in GAME.legal_commands(state, 0) and rule_of(state, Wait(0)) == "must_act"
    # a player with a god, holding two tiles nothing fits, its discard area full: it can only wait
    state = start(hands=[[FOREST_MOUNTAIN[0], FOREST_MOUNTAIN[1]], []], ruleset=forced)
    for tile, (x, y) in zip(SEA_PLAINS, [(0, 0), (7, 0), (0, 7), (7, 7)]):
        state = lay(state, tile, x, y, face=1)  # plains in every corner: no all-forest tile goes next to them
    state.plan[1], state.ready[1] = Wait(1), AWAY
    state.god_of[0], state.player_god[0] = 0, 0
    state.discards[0] = list(range(50, 60))
    state.cache.clear()
    assert not placements(state, 0) and GAME.legal_commands(state, 0) == [Wait(0)]


@pytest.mark.parametrize(("profile", "action", "mean"), [
    ("default", "draw", 1500), ("default", "place", 6000), ("default", "claim_god", 2500),
    ("greedy-fast", "place", 4800), ("greedy-fast", "draw", 1200),
])
def test_think_time_depends_on_the_action_type_and_the_pace(profile: str, action: str, mean: float) -> None:
    state = GAME.initial_state(RULESET, 2, 0, (profile if profile != "default" else "random", "random"))
    rng = Chance(5)
    draws = [sample_think(state, 0, action, rng) for _ in range(4000)]
    # lognormal, sigma 0.5: sd = 0.53 x mean, so the mean of 4000 draws is within 2.7% (3 standard errors)
    assert statistics.mean(draws) == pytest.approx(mean, rel=0.027)


def test_think_times_come_in_tenths_of_a_second_and_ties_go_in_the_games_tie_order(tmp_path: Path) -> None:
    state = start(away=(1,))
    assert all(events_of(state, Draw(0, 2), seed)[0].think_ms % 100 == 0 for seed in range(20))  # type: ignore
    fixed = ruleset_with(tmp_path, ("sigma = { value = 0.5", "sigma = { value = 0"))
    state = start(ruleset=fixed, tie_order=[1, 0])  # player 1 goes first when two moments fall together
    state = do(state, Wait(1, at_ms=100))
    state = do(state, Draw(0, 2))  # at 0, with a fixed think time: due at exactly 1500
    assert state.ready[0] == 1500 and GAME.to_move(state) == 1
    events = events_of(state, Draw(1, 2, at_ms=1500))  # at 100, also due at 1500
    assert [(e.TYPE, e.player) for e in events] == [("action_planned", 1), ("tiles_drawn", 1)]  # type: ignore
    state = apply(state, *events)
    assert len(state.hands[1]) == 2 and state.hands[0] == []  # player 1 drew first
    assert rule_of(start(), Draw(0, 2, at_ms=0)) == "at_ms"  # an action takes time


def test_the_tie_order_is_drawn_at_setup_and_logged() -> None:
    orders = set()
    for seed in range(12):
        dealt = [e for e in GAME.setup(GAME.initial_state(RULESET, 4, seed), Chance(seed))
                 if e.TYPE == "tiles_dealt"]
        ranks = tuple(e.tie_rank for e in dealt)  # type: ignore[attr-defined]
        assert sorted(ranks) == [0, 1, 2, 3]
        orders.add(ranks)
    assert len(orders) > 6  # a random order, not the seat order


def test_greedy_fast_thinks_twenty_percent_faster_per_action_type() -> None:
    think: dict[tuple[int, str], list[int]] = {}
    for seed in range(4):
        sink = ListSink()
        play_game(GAME, RULESET, [make_agent("greedy", GAME), make_agent("greedy-fast", GAME)], seed, sink)
        for e in sink.events:
            if isinstance(e, ActionPlanned):
                think.setdefault((e.player, e.action), []).append(e.think_ms)
    ratio = statistics.mean(think[1, "place"]) / statistics.mean(think[0, "place"])
    assert 0.7 < ratio < 0.9, f"greedy-fast / greedy mean place time = {ratio:.2f}"
    assert statistics.mean(think[0, "draw"]) < statistics.mean(think[0, "place"]) / 2


def test_each_seat_gets_the_pace_profile_named_like_its_agent_else_the_default() -> None:
    state = GAME.initial_state(RULESET, 3, 0, ("random", "greedy-fast", "greedy"))
    assert state.profile == ["default", "greedy-fast", "default"]
    dealt = [e for e in GAME.setup(state, Chance(0)) if e.TYPE == "tiles_dealt"]
    assert [(e.player, e.profile, e.think_mean_ms) for e in dealt] == [  # type: ignore[attr-defined]
        (0, "default", 6000), (1, "greedy-fast", 4800), (2, "default", 6000)
    ]
    with pytest.raises(ValueError, match="3 agent names for 2 players"):
        GAME.initial_state(RULESET, 2, 0, ("random", "greedy", "random"))


def test_the_agent_plans_from_the_board_at_the_moment_it_starts_thinking() -> None:
    seen: list[tuple[int, int]] = []

    def observe(state: GodsState, player: int, legal: object, command: object) -> None:
        seen.append((player, GAME.view(state, player).clock_ms))

    sink = EventBuffer(GAME.columns)
    play_game(GAME, RULESET, [make_agent("random", GAME) for _ in range(3)], 9, sink, observer=observe)
    table = sink.to_table("t")
    planned = [(p, c) for t, p, c in zip(*(table.column(n).to_pylist() for n in ("event_type", "player", "clock_ms")))
               if t == "action_planned"]
    assert seen[:len(planned)] == planned and len(planned) >= len(seen) - 1  # the last decision ends the game
    failed = table.column("event_type").to_pylist().count("plan_failed")
    assert failed > 0, "three random players never got in each other's way: the race test proved nothing"


def test_clock_never_runs_backwards_and_replay_from_the_parquet_log_alone_rebuilds_the_game(tmp_path: Path) -> None:
    buffer = EventBuffer.for_game(GAME)  # as the lake writes 4 Gods: the clock on every row
    clock: list[int] = []

    class Sink:
        def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
            clock.append(clock_ms)
            buffer.append(game_id, seq, event, round_, turn, clock_ms)

    agents = [make_agent("greedy-fast", GAME), make_agent("random", GAME)]
    final = play_game(GAME, RULESET, agents, 11, Sink(), game_id=7)
    assert clock == sorted(clock) and clock[-1] == final.clock_ms > 0
    path = tmp_path / "gods.parquet"
    pq.write_table(buffer.to_table("replay-test"), path)
    table = pq.read_table(path)
    assert table.sort_by("seq").column("clock_ms").to_pylist() == clock  # every row holds its clock
    [(game_id, events)] = list(events_from_table(table, GAME.event_types))
    rebuilt = replay(GAME, RULESET, events, game_id)
    assert state_digest(GAME, rebuilt) == state_digest(GAME, final)
    assert GAME.scores(rebuilt) == GAME.scores(final) and rebuilt.clock_ms == final.clock_ms
    assert rebuilt.profile == ["greedy-fast", "default"]


def test_same_seed_same_log_other_seed_other_log() -> None:
    logs = []
    for seed in (5, 5, 6):
        sink = ListSink()
        play_game(GAME, RULESET, [make_agent("random", GAME) for _ in range(3)], seed, sink)
        logs.append(sink.events)
    assert logs[0] == logs[1] and logs[0] != logs[2]


def test_a_discard_is_never_in_the_way_of_anyone() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], away=(1,))
    assert [e.TYPE for e in events_of(state, Discard(0, FOREST_MOUNTAIN[0]))] == ["action_planned", "tile_discarded"]
