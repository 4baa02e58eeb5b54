"""Whole games from Python: the event log, end scoring events, replay, views and resampling."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.caprices.end_of_game import rank_players
from engine.caprices.game import GAME
from engine.caprices.scoring import score_assembly
from engine.core import EventBuffer, ListSink, events_from_table, make_agent, play_game, replay, state_digest
from engine.core.chance import Chance

RULESET = GAME.load_ruleset("standard")


def run(seed: int, players: int = 4, agent: str = "random") -> tuple[object, list]:
    sink = ListSink()
    state = play_game(GAME, RULESET, [make_agent(agent, GAME) for _ in range(players)], seed, sink)
    return state, sink.events


@pytest.mark.parametrize(("seed", "players", "agent"), [(1, 4, "random"), (2, 2, "greedy"), (3, 5, "greedy")])
def test_seeded_game_log(seed: int, players: int, agent: str) -> None:
    state, events = run(seed, players, agent)
    types = Counter(e.TYPE for e in events)
    assert types["round_started"] == 6 and types["subject_revealed"] == 6 and types["royal_favour_passed"] == 5
    assert [e.player for e in events if e.TYPE == "round_started"] == [r % players for r in range(6)]
    assert types["turn_taken"] == 6 * players
    revealed = [(e.slot, e.bonus) for e in events if e.TYPE == "caprice_revealed"]
    assert revealed == [(0, 0), (0, 0), (1, 30), (2, 20), (3, 15), (4, 10)]
    scored = [e for e in events if e.TYPE == "player_scored"]
    assert [e.player for e in scored] == list(range(players))
    for e in scored:
        assert e.score == e.card_points + e.order_points + e.merchant_points + e.unity_points + e.caprice_points
        met = [m for m in events if m.TYPE == "caprice_met" and m.player == e.player]
        assert sum(m.bonus for m in met if m.slot > 0) == e.caprice_points
        assert sum(m.bonus for m in met if m.slot == 0) == e.order_points + e.unity_points
    assert sum(e.win_share for e in scored) == pytest.approx(1.0)
    assert min(e.rank for e in scored) == 1
    assert events[-2].TYPE == "game_ended" and events[-1].TYPE == "game_sealed"
    assert GAME.scores(state) == [float(e.score) for e in scored]
    replayed = replay(GAME, RULESET, events)
    assert GAME.fingerprint(replayed) == GAME.fingerprint(state)


def test_final_scores_are_the_exact_scores_of_the_final_assemblies() -> None:
    state, events = run(11)
    in_play = state.caprices_in_play()
    for e in (e for e in events if e.TYPE == "player_scored"):
        hand = [state.rules.deck[c] for c in state.hands[e.player]]
        rallied = [state.rules.deck[c] for c in state.rallied[e.player]]
        assert e.score == score_assembly(hand, in_play, state.rules, rallied).total
        assert len(hand) == 7


def test_same_seed_same_log_and_different_seed_differs() -> None:
    assert run(7)[1] == run(7)[1]
    assert run(7)[1] != run(8)[1]


def test_event_buffer_round_trip_replays() -> None:
    buffer = EventBuffer(GAME.columns)
    states = [play_game(GAME, RULESET, [make_agent("random", GAME)] * 3, seed, buffer, seed) for seed in range(3)]
    table = buffer.to_table("test-run")
    assert "payload" in table.column_names and table.column("payload").null_count == table.num_rows
    for game_id, events in events_from_table(table, GAME.event_types):
        assert state_digest(GAME, replay(GAME, RULESET, events)) == state_digest(GAME, states[game_id])


def test_rank_tie_break_by_lowest_total_value_then_shared_win() -> None:
    assert rank_players([(50, 20), (50, 18), (40, 5)]) == ([2, 1, 3], [0.0, 1.0, 0.0])
    assert rank_players([(50, 20), (50, 20), (10, 1)]) == ([1, 1, 3], [0.5, 0.5, 0.0])


def test_view_hides_opponent_hands_and_face_down_cards() -> None:
    state, _ = run(4)
    fresh = GAME.initial_state(RULESET, 3, 4)
    for event in GAME.setup(fresh, Chance(4)):
        GAME.evolve(fresh, event)
    view = GAME.view(fresh, 1)
    assert view.hand == tuple(fresh.hands[1])
    assert view.hand_sizes == (7, 7, 7) and view.hidden_row == 5
    assert view.pile_size == 64 - 21 - 6
    assert len([cid for cid, slot, _ in view.caprices if slot > 0]) == 1 == fresh.caprices_revealed()


def test_resample_hidden_keeps_the_view_and_redeals_the_rest() -> None:
    state = GAME.initial_state(RULESET, 4, 9)
    for event in GAME.setup(state, Chance(9)):
        GAME.evolve(state, event)
    other = GAME.resample_hidden(state, 2, random.Random(1))
    assert GAME.view(other, 2) == GAME.view(state, 2)
    assert other.hands[0] != state.hands[0] or other.pile != state.pile
    assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
    everything = sorted(c for h in other.hands for c in h) + other.pile
    assert sorted(everything + other.zone) == list(range(64))
    assert other.row_left == state.row_left and GAME.fingerprint(state) != GAME.fingerprint(other)
