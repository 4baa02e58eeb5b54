"""Simulated real time: who acts next, ties by lot, races, paces, and replay from the log alone."""

from __future__ import annotations

import random
import statistics

import pyarrow.parquet as pq
import pytest

from engine.core import EventBuffer, ListSink, events_from_table, make_agent, play_game, replay, state_digest
from engine.core.agents import GreedyAgent, RandomAgent
from engine.gods.commands import Place
from engine.gods.events import TilesDealt
from engine.gods.game import GAME
from engine.gods.rules import placements
from tests.gods.helpers import FOREST_MOUNTAIN, RULESET, apply, cell, dealt_event, do, start


def test_the_player_whose_decision_completes_first_acts() -> None:
    assert GAME.to_move(start(paces=[30, 10])) == 1
    assert GAME.to_move(start(paces=[10, 30])) == 0


def test_an_exact_tie_goes_to_the_lower_lot() -> None:
    state = apply(GAME.initial_state(RULESET, 2, 0), dealt_event(0, [], 50, 9), dealt_event(1, [], 50, 4))
    assert state.ready == [50, 50] and state.clock_ms == 0
    assert GAME.to_move(state) == 1
    state = apply(GAME.initial_state(RULESET, 2, 0), dealt_event(0, [], 50, 4), dealt_event(1, [], 50, 9))
    assert GAME.to_move(state) == 0


def test_acting_moves_the_clock_and_schedules_the_next_decision() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], paces=[100, 300])
    events = GAME.decide(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0), random.Random(1))
    state = apply(state, *events)
    assert state.clock_ms == 100
    assert state.ready[0] == 100 + events[0].think_ms  # type: ignore[attr-defined]


def test_a_race_for_one_space_goes_to_the_earlier_player() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], [FOREST_MOUNTAIN[1]]], paces=[10, 20])
    assert cell(0, 0) in {c.cell for c in placements(state, 1)}
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0))
    assert GAME.to_move(state) == 1
    assert cell(0, 0) not in {c.cell for c in placements(state, 1)}


def test_each_seat_gets_the_timing_profile_named_like_its_agent_else_the_default() -> None:
    state = GAME.initial_state(RULESET, 3, 0, ("random", "greedy-fast", "greedy"))
    assert state.profile == ["default", "greedy-fast", "default"]
    dealt = [e for e in GAME.setup(state, random.Random(0)) if isinstance(e, TilesDealt)]
    assert [(e.player, e.profile, e.think_mean_ms) for e in dealt] == [
        (0, "default", 4000), (1, "greedy-fast", 3200), (2, "default", 4000)
    ]
    assert all(e.think_ms > 0 for e in dealt)
    assert GAME.initial_state(RULESET, 2, 0).profile == ["default", "default"]  # no agent names: default pace


def test_a_line_up_of_the_wrong_size_is_rejected() -> None:
    with pytest.raises(ValueError, match="3 agent names for 2 players"):
        GAME.initial_state(RULESET, 2, 0, ("random", "greedy", "random"))


def test_the_first_decision_waits_for_the_first_think_time() -> None:
    state = apply(GAME.initial_state(RULESET, 2, 0), dealt_event(0, [], 700, 1), dealt_event(1, [], 300, 2))
    assert GAME.to_move(state) == 1
    state = do(state, GAME.legal_commands(state, 1)[0])
    assert state.clock_ms == 300 and state.turn == 1


def test_the_core_agents_play_gods_as_they_are() -> None:
    assert type(make_agent("random", GAME)) is RandomAgent and type(make_agent("greedy", GAME)) is GreedyAgent
    fast = make_agent("greedy-fast", GAME)
    assert isinstance(fast, GreedyAgent) and fast.name == "greedy-fast"
    sink = ListSink()
    final = play_game(GAME, RULESET, [make_agent("random", GAME), fast], 2, sink)
    assert final.end_reason and final.profile == ["default", "greedy-fast"]
    assert sink.events[0].agents == ("random", "greedy-fast")  # type: ignore[attr-defined]


def test_greedy_fast_thinks_about_twenty_percent_faster() -> None:
    think: dict[int, list[int]] = {0: [], 1: []}
    for seed in range(4):
        sink = ListSink()
        agents = [make_agent("greedy", GAME), make_agent("greedy-fast", GAME)]
        play_game(GAME, RULESET, agents, seed, sink)
        for event in sink.events:
            if hasattr(event, "think_ms"):
                think[event.player].append(event.think_ms)  # type: ignore[attr-defined]
    ratio = statistics.mean(think[1]) / statistics.mean(think[0])
    assert 0.7 < ratio < 0.9, f"greedy-fast / greedy mean think time = {ratio:.2f} from {len(think[1])} samples"


def test_clock_never_runs_backwards() -> None:
    buffer = EventBuffer(GAME.columns)
    play_game(GAME, RULESET, [make_agent("random", GAME) for _ in range(4)], 3, buffer)
    clock = buffer.to_table("t").column("clock_ms").to_pylist()
    assert clock == sorted(clock) and clock[-1] > 0


def test_replay_from_the_parquet_log_alone_rebuilds_the_game(tmp_path: object) -> None:
    buffer = EventBuffer(GAME.columns)
    agents = [make_agent("greedy-fast", GAME), make_agent("random", GAME)]
    final = play_game(GAME, RULESET, agents, 11, buffer, game_id=7)
    path = f"{tmp_path}/gods.parquet"
    pq.write_table(buffer.to_table("replay-test"), path)
    [(game_id, events)] = list(events_from_table(pq.read_table(path), GAME.event_types))
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
