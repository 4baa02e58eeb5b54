"""The turn structure without bookkeeping events (flow.py), checked over whole games.

A turn passes by itself after its draw; a main phase with no action point (and
no Caprice tile) left ends by itself; a reallocation with nothing left to move
ends by itself. So no decision offers only one of those, each turn's events
carry its own round and turn, and a decision's events end a turn, if at all,
only with their last event.
"""

from __future__ import annotations

import random

import pytest

from engine.core import make_agent
from engine.core.chance import Chance
from engine.gardens.game import GAME

CASES = [(r, n, a) for r in ("base", "gods-caprice") for n in (2, 4) for a in ("random", "greedy")]


def _play(ruleset_name, players, agent, seed):
    """Play one game step by step; yields (legal, command, [(event, round, turn, pending)])."""
    ruleset = GAME.load_ruleset(ruleset_name)
    chance = Chance(seed)
    state = GAME.initial_state(ruleset, players, seed)
    for event in GAME.setup(state, chance):
        state = GAME.evolve(state, event)
    agents = [make_agent(agent, GAME) for _ in range(players)]
    rng = random.Random(seed)
    while (player := GAME.to_move(state)) is not None:
        legal = list(GAME.legal_commands(state, player))
        command = agents[player].choose(GAME, GAME.view(state, player), legal, rng)
        applied = []
        for event in GAME.decide(state, command, chance):
            state = GAME.evolve(state, event)
            applied.append((event, state.round, state.turn, state.turn_pending))
        yield state, legal, command, applied


@pytest.mark.parametrize(("ruleset_name", "players", "agent"), CASES)
def test_a_turn_passes_only_with_the_last_event_of_a_decision(ruleset_name, players, agent):
    for seed in range(3):
        for _state, _legal, command, applied in _play(ruleset_name, players, agent, seed):
            assert not any(pending for *_, pending in applied[:-1]), command
            assert len({(r, t) for _e, r, t, _p in applied}) == 1, command  # one decision, one turn


@pytest.mark.parametrize(("ruleset_name", "players", "agent"), CASES)
def test_no_decision_is_left_with_only_bookkeeping(ruleset_name, players, agent):
    for _state, legal, command, _applied in _play(ruleset_name, players, agent, seed=7):
        assert legal != [("done",)] and legal != [("pass",)]
        if legal == [("end",)]:  # only with no card left to spend the action points on
            assert not _state.players[_state.current].hand or command == ("end",)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_plays_every_round_and_each_turn_is_one_seat(players):
    turns: dict[int, set[int]] = {}
    seats_by_turn: dict[int, set[int]] = {}
    final = None
    for state, _legal, _command, applied in _play("gods-caprice", players, "random", seed=players):
        final = state
        for event, _round, turn, _pending in applied:
            if getattr(event, "player", None) is not None and event.TYPE not in ("track_moved", "player_scored"):
                seats_by_turn.setdefault(turn, set()).add(event.player)
                turns.setdefault(event.player, set()).add(turn)
    rounds = final.round - 1  # the scoring's first event counted one past the last round
    assert all(len(seats) == 1 for seats in seats_by_turn.values())
    assert {seat: len(t) for seat, t in turns.items()} == {seat: rounds for seat in range(players)}
